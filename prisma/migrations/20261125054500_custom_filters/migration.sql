-- CreateTable
CREATE TABLE "custom_filters" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "title" TEXT NOT NULL,
    "context" TEXT[],
    "action" TEXT NOT NULL DEFAULT 'warn',
    "expires_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_filters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_filter_keywords" (
    "id" BIGSERIAL NOT NULL,
    "custom_filter_id" BIGINT NOT NULL,
    "keyword" TEXT NOT NULL,
    "whole_word" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_filter_keywords_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_filter_statuses" (
    "id" BIGSERIAL NOT NULL,
    "custom_filter_id" BIGINT NOT NULL,
    "status_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_filter_statuses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "custom_filters_account_id_idx" ON "custom_filters"("account_id");

-- CreateIndex
CREATE INDEX "custom_filter_keywords_custom_filter_id_idx" ON "custom_filter_keywords"("custom_filter_id");

-- CreateIndex
CREATE INDEX "custom_filter_statuses_status_id_idx" ON "custom_filter_statuses"("status_id");

-- CreateIndex
CREATE UNIQUE INDEX "custom_filter_statuses_custom_filter_id_status_id_key" ON "custom_filter_statuses"("custom_filter_id", "status_id");

-- AddForeignKey
ALTER TABLE "custom_filter_keywords" ADD CONSTRAINT "custom_filter_keywords_custom_filter_id_fkey" FOREIGN KEY ("custom_filter_id") REFERENCES "custom_filters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_filter_statuses" ADD CONSTRAINT "custom_filter_statuses_custom_filter_id_fkey" FOREIGN KEY ("custom_filter_id") REFERENCES "custom_filters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
