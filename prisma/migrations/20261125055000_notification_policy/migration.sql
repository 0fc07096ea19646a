-- CreateEnum
CREATE TYPE "NotificationPolicyAction" AS ENUM ('accept', 'filter', 'drop');

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "filtered" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "notification_policies" (
    "account_id" BIGINT NOT NULL,
    "for_not_following" "NotificationPolicyAction" NOT NULL DEFAULT 'accept',
    "for_not_followers" "NotificationPolicyAction" NOT NULL DEFAULT 'accept',
    "for_new_accounts" "NotificationPolicyAction" NOT NULL DEFAULT 'accept',
    "for_private_mentions" "NotificationPolicyAction" NOT NULL DEFAULT 'filter',
    "for_limited_accounts" "NotificationPolicyAction" NOT NULL DEFAULT 'filter',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notification_policies_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "notification_requests" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "from_account_id" BIGINT NOT NULL,
    "last_status_id" BIGINT,
    "dismissed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notification_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_permissions" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "from_account_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_permissions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notification_requests_account_id_id_idx" ON "notification_requests"("account_id", "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "notification_requests_account_id_from_account_id_key" ON "notification_requests"("account_id", "from_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "notification_permissions_account_id_from_account_id_key" ON "notification_permissions"("account_id", "from_account_id");
