-- CreateTable
CREATE TABLE "report_notes" (
    "id" BIGSERIAL NOT NULL,
    "report_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "report_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "report_notes_report_id_idx" ON "report_notes"("report_id");

-- AddForeignKey
ALTER TABLE "report_notes" ADD CONSTRAINT "report_notes_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
