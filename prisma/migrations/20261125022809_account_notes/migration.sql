-- CreateTable
CREATE TABLE "account_notes" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "comment" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_notes_account_id_target_account_id_key" ON "account_notes"("account_id", "target_account_id");
