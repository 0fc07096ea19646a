-- CreateEnum
CREATE TYPE "DomainBlockSeverity" AS ENUM ('silence', 'suspend', 'noop');

-- CreateEnum
CREATE TYPE "IpBlockSeverity" AS ENUM ('sign_up_requires_approval', 'sign_up_block', 'no_access');

-- AlterTable
ALTER TABLE "preview_cards" ADD COLUMN     "trendable" BOOLEAN;

-- AlterTable
ALTER TABLE "tags" ADD COLUMN     "reviewed_at" TIMESTAMP(3),
ADD COLUMN     "trendable" BOOLEAN;

-- CreateTable
CREATE TABLE "status_trend_reviews" (
    "status_id" BIGINT NOT NULL,
    "trendable" BOOLEAN NOT NULL,
    "reviewed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "status_trend_reviews_pkey" PRIMARY KEY ("status_id")
);

-- CreateTable
CREATE TABLE "domain_blocks" (
    "id" BIGSERIAL NOT NULL,
    "domain" TEXT NOT NULL,
    "severity" "DomainBlockSeverity" NOT NULL DEFAULT 'silence',
    "reject_media" BOOLEAN NOT NULL DEFAULT false,
    "reject_reports" BOOLEAN NOT NULL DEFAULT false,
    "private_comment" TEXT,
    "public_comment" TEXT,
    "obfuscate" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "domain_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "domain_allows" (
    "id" BIGSERIAL NOT NULL,
    "domain" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "domain_allows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_domain_blocks" (
    "id" BIGSERIAL NOT NULL,
    "domain" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "email_domain_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_domain_block_attempts" (
    "id" BIGSERIAL NOT NULL,
    "email_domain_block_id" BIGINT NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_domain_block_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ip_blocks" (
    "id" BIGSERIAL NOT NULL,
    "ip" TEXT NOT NULL,
    "severity" "IpBlockSeverity" NOT NULL,
    "comment" TEXT NOT NULL DEFAULT '',
    "expires_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ip_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "canonical_email_blocks" (
    "id" BIGSERIAL NOT NULL,
    "canonical_email_hash" TEXT NOT NULL,
    "reference_account_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "canonical_email_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "domain_blocks_domain_key" ON "domain_blocks"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "domain_allows_domain_key" ON "domain_allows"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "email_domain_blocks_domain_key" ON "email_domain_blocks"("domain");

-- CreateIndex
CREATE INDEX "email_domain_block_attempts_email_domain_block_id_created_a_idx" ON "email_domain_block_attempts"("email_domain_block_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ip_blocks_ip_key" ON "ip_blocks"("ip");

-- CreateIndex
CREATE UNIQUE INDEX "canonical_email_blocks_canonical_email_hash_key" ON "canonical_email_blocks"("canonical_email_hash");

-- AddForeignKey
ALTER TABLE "status_trend_reviews" ADD CONSTRAINT "status_trend_reviews_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_domain_block_attempts" ADD CONSTRAINT "email_domain_block_attempts_email_domain_block_id_fkey" FOREIGN KEY ("email_domain_block_id") REFERENCES "email_domain_blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
