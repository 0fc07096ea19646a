-- Search (docs/api/search.md): trigram indexes for accounts and hashtags,
-- a full-text index for statuses. pg_trgm ships with PostgreSQL's contrib and
-- with PGlite (loaded by packages/db's openPGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Accounts by any part of the username or display name (ILIKE uses these).
CREATE INDEX "accounts_username_lower_trgm_idx" ON "accounts" USING GIN ("username_lower" gin_trgm_ops);
CREATE INDEX "accounts_display_name_trgm_idx" ON "accounts" USING GIN ("display_name" gin_trgm_ops);

-- Hashtags by the start of (or a part of) their name.
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING GIN ("name" gin_trgm_ops);

-- Statuses by words of their text and content warning, in every language
-- (the 'simple' configuration: lower-cased words, no stemming, no stop words).
CREATE INDEX "statuses_search_idx" ON "statuses" USING GIN (to_tsvector('simple', "spoiler_text" || ' ' || "text"));
