-- CreateTable
CREATE TABLE "blocks" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mutes" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "hide_notifications" BOOLEAN NOT NULL DEFAULT true,
    "expires_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mutes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blocks_target_account_id_idx" ON "blocks"("target_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "blocks_account_id_target_account_id_key" ON "blocks"("account_id", "target_account_id");

-- CreateIndex
CREATE INDEX "mutes_target_account_id_idx" ON "mutes"("target_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "mutes_account_id_target_account_id_key" ON "mutes"("account_id", "target_account_id");
