-- CreateTable
CREATE TABLE "account_pins" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_pins_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_pins_account_id_target_account_id_key" ON "account_pins"("account_id", "target_account_id");
