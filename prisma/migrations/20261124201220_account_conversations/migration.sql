-- CreateTable
CREATE TABLE "account_conversations" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "conversation_id" BIGINT NOT NULL,
    "participant_account_ids" BIGINT[],
    "status_ids" BIGINT[],
    "last_status_id" BIGINT NOT NULL,
    "unread" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "account_conversations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_conversations_account_id_last_status_id_idx" ON "account_conversations"("account_id", "last_status_id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "account_conversations_account_id_conversation_id_participan_key" ON "account_conversations"("account_id", "conversation_id", "participant_account_ids");

-- AddForeignKey
ALTER TABLE "account_conversations" ADD CONSTRAINT "account_conversations_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
