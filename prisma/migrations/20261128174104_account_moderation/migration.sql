-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "sensitized_at" TIMESTAMP(3),
ADD COLUMN     "silenced_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "sign_up_reason" TEXT;

-- CreateTable
CREATE TABLE "account_warnings" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT,
    "target_account_id" BIGINT NOT NULL,
    "action" TEXT NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "report_id" BIGINT,
    "status_ids" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_warnings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_warnings_target_account_id_idx" ON "account_warnings"("target_account_id");
