-- CreateTable
CREATE TABLE "status_edits" (
    "id" BIGSERIAL NOT NULL,
    "status_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "spoiler_text" TEXT NOT NULL DEFAULT '',
    "sensitive" BOOLEAN NOT NULL DEFAULT false,
    "media_attachment_ids" BIGINT[],
    "media_descriptions" TEXT[],
    "poll_options" TEXT[],
    "had_poll" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "status_edits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "status_edits_status_id_id_idx" ON "status_edits"("status_id", "id");

-- AddForeignKey
ALTER TABLE "status_edits" ADD CONSTRAINT "status_edits_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
