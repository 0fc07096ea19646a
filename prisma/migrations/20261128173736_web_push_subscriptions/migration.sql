-- CreateEnum
CREATE TYPE "WebPushPolicy" AS ENUM ('all', 'followed', 'follower', 'none');

-- CreateTable
CREATE TABLE "web_push_subscriptions" (
    "id" BIGSERIAL NOT NULL,
    "access_token_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "key_p256dh" TEXT NOT NULL,
    "key_auth" TEXT NOT NULL,
    "standard" BOOLEAN NOT NULL DEFAULT false,
    "alerts" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "policy" "WebPushPolicy" NOT NULL DEFAULT 'all',
    "sealed_token" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "web_push_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "server_keys" (
    "name" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "server_keys_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "web_push_subscriptions_access_token_id_key" ON "web_push_subscriptions"("access_token_id");

-- CreateIndex
CREATE INDEX "web_push_subscriptions_account_id_idx" ON "web_push_subscriptions"("account_id");

-- AddForeignKey
ALTER TABLE "web_push_subscriptions" ADD CONSTRAINT "web_push_subscriptions_access_token_id_fkey" FOREIGN KEY ("access_token_id") REFERENCES "oauth_access_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
