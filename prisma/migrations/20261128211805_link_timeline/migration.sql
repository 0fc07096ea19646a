-- CreateIndex
CREATE INDEX "statuses_preview_cards_preview_card_id_status_id_idx" ON "statuses_preview_cards"("preview_card_id", "status_id");
