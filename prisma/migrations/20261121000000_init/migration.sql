-- CreateFunction (Mastodon-style snowflake ids; Prisma's diff does not manage functions)
CREATE SEQUENCE timestamp_id_seq;

CREATE OR REPLACE FUNCTION timestamp_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT (floor(extract(epoch from clock_timestamp()) * 1000)::bigint << 16) | (nextval('timestamp_id_seq') & 65535)
$$;

-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('public', 'unlisted', 'private', 'direct');

-- CreateEnum
CREATE TYPE "MediaType" AS ENUM ('image', 'gifv', 'video', 'audio', 'unknown');

-- CreateEnum
CREATE TYPE "ProcessingState" AS ENUM ('queued', 'processing', 'done', 'failed');

-- CreateEnum
CREATE TYPE "NotificationType" AS ENUM ('mention', 'status', 'reblog', 'follow', 'follow_request', 'favourite', 'poll', 'update');

-- CreateTable
CREATE TABLE "accounts" (
    "id" BIGINT NOT NULL DEFAULT timestamp_id(),
    "username" TEXT NOT NULL,
    "username_lower" TEXT NOT NULL,
    "display_name" TEXT NOT NULL DEFAULT '',
    "note" TEXT NOT NULL DEFAULT '',
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "bot" BOOLEAN NOT NULL DEFAULT false,
    "discoverable" BOOLEAN NOT NULL DEFAULT false,
    "avatar_key" TEXT,
    "header_key" TEXT,
    "fields" JSONB NOT NULL DEFAULT '[]',
    "suspended_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "locale" TEXT,
    "default_privacy" "Visibility" NOT NULL DEFAULT 'public',
    "default_sensitive" BOOLEAN NOT NULL DEFAULT false,
    "default_language" TEXT,
    "confirmed_at" TIMESTAMP(3),
    "approved" BOOLEAN NOT NULL DEFAULT true,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "sign_up_application_id" BIGINT,
    "sign_up_ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_applications" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "website" TEXT,
    "redirect_uris" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT 'read',
    "client_id" TEXT NOT NULL,
    "client_secret_hash" TEXT NOT NULL,
    "owner_account_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "oauth_applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_access_tokens" (
    "id" BIGSERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "application_id" BIGINT NOT NULL,
    "account_id" BIGINT,
    "scopes" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMP(3),
    "last_used_at" TIMESTAMP(3),

    CONSTRAINT "oauth_access_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_authorization_codes" (
    "id" BIGSERIAL NOT NULL,
    "code_hash" TEXT NOT NULL,
    "application_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "code_challenge" TEXT,
    "code_challenge_method" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_authorization_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_stats" (
    "account_id" BIGINT NOT NULL,
    "statuses_count" INTEGER NOT NULL DEFAULT 0,
    "followers_count" INTEGER NOT NULL DEFAULT 0,
    "following_count" INTEGER NOT NULL DEFAULT 0,
    "last_status_at" TIMESTAMP(3),

    CONSTRAINT "account_stats_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "follows" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "show_reblogs" BOOLEAN NOT NULL DEFAULT true,
    "notify" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversations" (
    "id" BIGSERIAL NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statuses" (
    "id" BIGINT NOT NULL DEFAULT timestamp_id(),
    "account_id" BIGINT NOT NULL,
    "application_id" BIGINT,
    "text" TEXT NOT NULL DEFAULT '',
    "spoiler_text" TEXT NOT NULL DEFAULT '',
    "sensitive" BOOLEAN NOT NULL DEFAULT false,
    "visibility" "Visibility" NOT NULL DEFAULT 'public',
    "language" TEXT,
    "in_reply_to_id" BIGINT,
    "in_reply_to_account_id" BIGINT,
    "reblog_of_id" BIGINT,
    "conversation_id" BIGINT,
    "replies_count" INTEGER NOT NULL DEFAULT 0,
    "reblogs_count" INTEGER NOT NULL DEFAULT 0,
    "favourites_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "edited_at" TIMESTAMP(3),

    CONSTRAINT "statuses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mentions" (
    "id" BIGSERIAL NOT NULL,
    "status_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "silent" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mentions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tags" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statuses_tags" (
    "status_id" BIGINT NOT NULL,
    "tag_id" BIGINT NOT NULL,

    CONSTRAINT "statuses_tags_pkey" PRIMARY KEY ("status_id","tag_id")
);

-- CreateTable
CREATE TABLE "favourites" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "status_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favourites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bookmarks" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "status_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bookmarks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "status_pins" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "status_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "status_pins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_mutes" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "conversation_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_mutes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "polls" (
    "id" BIGSERIAL NOT NULL,
    "status_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "options" TEXT[],
    "expires_at" TIMESTAMP(3),
    "multiple" BOOLEAN NOT NULL DEFAULT false,
    "hide_totals" BOOLEAN NOT NULL DEFAULT false,
    "votes_count" INTEGER NOT NULL DEFAULT 0,
    "voters_count" INTEGER NOT NULL DEFAULT 0,
    "ended_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "polls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_votes" (
    "id" BIGSERIAL NOT NULL,
    "poll_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "choice" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "poll_votes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_statuses" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "scheduled_at" TIMESTAMP(3) NOT NULL,
    "params" JSONB NOT NULL,
    "published_status_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scheduled_statuses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "account_id" BIGINT NOT NULL,
    "key" TEXT NOT NULL,
    "status_id" BIGINT,
    "scheduled_status_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("account_id","key")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "from_account_id" BIGINT NOT NULL,
    "type" "NotificationType" NOT NULL,
    "status_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lists" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "title" TEXT NOT NULL,
    "replies_policy" TEXT NOT NULL DEFAULT 'list',
    "exclusive" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "list_accounts" (
    "list_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,

    CONSTRAINT "list_accounts_pkey" PRIMARY KEY ("list_id","account_id")
);

-- CreateTable
CREATE TABLE "preview_cards" (
    "id" BIGSERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT 'link',
    "author_name" TEXT NOT NULL DEFAULT '',
    "author_url" TEXT NOT NULL DEFAULT '',
    "provider_name" TEXT NOT NULL DEFAULT '',
    "provider_url" TEXT NOT NULL DEFAULT '',
    "html" TEXT NOT NULL DEFAULT '',
    "width" INTEGER NOT NULL DEFAULT 0,
    "height" INTEGER NOT NULL DEFAULT 0,
    "image_url" TEXT,
    "embed_url" TEXT NOT NULL DEFAULT '',
    "blurhash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "preview_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statuses_preview_cards" (
    "status_id" BIGINT NOT NULL,
    "preview_card_id" BIGINT NOT NULL,

    CONSTRAINT "statuses_preview_cards_pkey" PRIMARY KEY ("status_id")
);

-- CreateTable
CREATE TABLE "media_attachments" (
    "id" BIGINT NOT NULL DEFAULT timestamp_id(),
    "account_id" BIGINT NOT NULL,
    "status_id" BIGINT,
    "scheduled_status_id" BIGINT,
    "position" INTEGER,
    "type" "MediaType" NOT NULL DEFAULT 'unknown',
    "processing" "ProcessingState" NOT NULL DEFAULT 'queued',
    "file_key" TEXT,
    "file_content_type" TEXT,
    "file_size" INTEGER,
    "preview_key" TEXT,
    "thumbnail_key" TEXT,
    "description" TEXT,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "blurhash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "media_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" BIGSERIAL NOT NULL,
    "queue" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "run_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "locked_at" TIMESTAMP(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "accounts_username_lower_key" ON "accounts"("username_lower");

-- CreateIndex
CREATE UNIQUE INDEX "users_account_id_key" ON "users"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_applications_client_id_key" ON "oauth_applications"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_access_tokens_token_hash_key" ON "oauth_access_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "oauth_access_tokens_account_id_idx" ON "oauth_access_tokens"("account_id");

-- CreateIndex
CREATE INDEX "oauth_access_tokens_application_id_idx" ON "oauth_access_tokens"("application_id");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_authorization_codes_code_hash_key" ON "oauth_authorization_codes"("code_hash");

-- CreateIndex
CREATE INDEX "follows_target_account_id_idx" ON "follows"("target_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "follows_account_id_target_account_id_key" ON "follows"("account_id", "target_account_id");

-- CreateIndex
CREATE INDEX "statuses_account_id_id_idx" ON "statuses"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "statuses_in_reply_to_id_idx" ON "statuses"("in_reply_to_id");

-- CreateIndex
CREATE INDEX "statuses_reblog_of_id_account_id_idx" ON "statuses"("reblog_of_id", "account_id");

-- CreateIndex
CREATE INDEX "statuses_conversation_id_idx" ON "statuses"("conversation_id");

-- CreateIndex
CREATE INDEX "statuses_visibility_id_idx" ON "statuses"("visibility", "id" DESC);

-- CreateIndex
CREATE INDEX "mentions_account_id_status_id_idx" ON "mentions"("account_id", "status_id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "mentions_status_id_account_id_key" ON "mentions"("status_id", "account_id");

-- CreateIndex
CREATE UNIQUE INDEX "tags_name_key" ON "tags"("name");

-- CreateIndex
CREATE INDEX "statuses_tags_tag_id_status_id_idx" ON "statuses_tags"("tag_id", "status_id" DESC);

-- CreateIndex
CREATE INDEX "favourites_status_id_id_idx" ON "favourites"("status_id", "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "favourites_account_id_status_id_key" ON "favourites"("account_id", "status_id");

-- CreateIndex
CREATE UNIQUE INDEX "bookmarks_account_id_status_id_key" ON "bookmarks"("account_id", "status_id");

-- CreateIndex
CREATE UNIQUE INDEX "status_pins_account_id_status_id_key" ON "status_pins"("account_id", "status_id");

-- CreateIndex
CREATE UNIQUE INDEX "conversation_mutes_account_id_conversation_id_key" ON "conversation_mutes"("account_id", "conversation_id");

-- CreateIndex
CREATE UNIQUE INDEX "polls_status_id_key" ON "polls"("status_id");

-- CreateIndex
CREATE INDEX "polls_expires_at_idx" ON "polls"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "poll_votes_poll_id_account_id_choice_key" ON "poll_votes"("poll_id", "account_id", "choice");

-- CreateIndex
CREATE INDEX "scheduled_statuses_account_id_idx" ON "scheduled_statuses"("account_id");

-- CreateIndex
CREATE INDEX "scheduled_statuses_scheduled_at_idx" ON "scheduled_statuses"("scheduled_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- CreateIndex
CREATE INDEX "notifications_account_id_id_idx" ON "notifications"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "lists_account_id_idx" ON "lists"("account_id");

-- CreateIndex
CREATE INDEX "list_accounts_account_id_idx" ON "list_accounts"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "preview_cards_url_key" ON "preview_cards"("url");

-- CreateIndex
CREATE INDEX "media_attachments_status_id_idx" ON "media_attachments"("status_id");

-- CreateIndex
CREATE INDEX "media_attachments_account_id_status_id_idx" ON "media_attachments"("account_id", "status_id");

-- CreateIndex
CREATE INDEX "media_attachments_scheduled_status_id_idx" ON "media_attachments"("scheduled_status_id");

-- CreateIndex
CREATE INDEX "jobs_queue_run_at_idx" ON "jobs"("queue", "run_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_access_tokens" ADD CONSTRAINT "oauth_access_tokens_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "oauth_applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "oauth_applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_reblog_of_id_fkey" FOREIGN KEY ("reblog_of_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statuses_tags" ADD CONSTRAINT "statuses_tags_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statuses_tags" ADD CONSTRAINT "statuses_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_pins" ADD CONSTRAINT "status_pins_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_mutes" ADD CONSTRAINT "conversation_mutes_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "polls" ADD CONSTRAINT "polls_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "list_accounts" ADD CONSTRAINT "list_accounts_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statuses_preview_cards" ADD CONSTRAINT "statuses_preview_cards_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statuses_preview_cards" ADD CONSTRAINT "statuses_preview_cards_preview_card_id_fkey" FOREIGN KEY ("preview_card_id") REFERENCES "preview_cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;
