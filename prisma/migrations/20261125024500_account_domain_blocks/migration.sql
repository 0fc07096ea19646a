-- CreateTable
CREATE TABLE "account_domain_blocks" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "domain" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_domain_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_domain_blocks_account_id_domain_key" ON "account_domain_blocks"("account_id", "domain");
