-- CreateTable
CREATE TABLE "tag_follows" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "tag_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tag_follows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "featured_tags" (
    "id" BIGINT NOT NULL DEFAULT timestamp_id(),
    "account_id" BIGINT NOT NULL,
    "tag_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "featured_tags_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tag_follows_account_id_tag_id_key" ON "tag_follows"("account_id", "tag_id");

-- CreateIndex
CREATE UNIQUE INDEX "featured_tags_account_id_tag_id_key" ON "featured_tags"("account_id", "tag_id");

-- AddForeignKey
ALTER TABLE "tag_follows" ADD CONSTRAINT "tag_follows_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "featured_tags" ADD CONSTRAINT "featured_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;
