-- AlterTable
ALTER TABLE "follows" ADD COLUMN     "languages" TEXT[];

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "follow_request_id" BIGINT;

-- CreateTable
CREATE TABLE "follow_requests" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "show_reblogs" BOOLEAN NOT NULL DEFAULT true,
    "notify" BOOLEAN NOT NULL DEFAULT false,
    "languages" TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follow_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "follow_requests_target_account_id_id_idx" ON "follow_requests"("target_account_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "follow_requests_account_id_target_account_id_key" ON "follow_requests"("account_id", "target_account_id");

-- CreateIndex
CREATE INDEX "notifications_follow_request_id_idx" ON "notifications"("follow_request_id");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_follow_request_id_fkey" FOREIGN KEY ("follow_request_id") REFERENCES "follow_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
