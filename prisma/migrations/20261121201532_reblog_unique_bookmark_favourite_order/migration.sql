-- DropIndex
DROP INDEX "statuses_reblog_of_id_account_id_idx";

-- CreateIndex
CREATE INDEX "bookmarks_account_id_id_idx" ON "bookmarks"("account_id", "id" DESC);

-- CreateIndex
CREATE INDEX "favourites_account_id_id_idx" ON "favourites"("account_id", "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "statuses_reblog_of_id_account_id_key" ON "statuses"("reblog_of_id", "account_id");
