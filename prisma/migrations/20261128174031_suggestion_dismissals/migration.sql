-- CreateTable
CREATE TABLE "suggestion_dismissals" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suggestion_dismissals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "suggestion_dismissals_account_id_target_account_id_key" ON "suggestion_dismissals"("account_id", "target_account_id");
