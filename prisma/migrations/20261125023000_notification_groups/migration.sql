-- CreateIndex
CREATE INDEX "notifications_account_id_type_created_at_idx" ON "notifications"("account_id", "type", "created_at");
