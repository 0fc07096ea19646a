-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "favourite_id" BIGINT,
ADD COLUMN     "follow_id" BIGINT;

-- CreateTable
CREATE TABLE "markers" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "timeline" TEXT NOT NULL,
    "last_read_id" BIGINT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "markers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "markers_account_id_timeline_key" ON "markers"("account_id", "timeline");

-- CreateIndex
CREATE INDEX "notifications_status_id_idx" ON "notifications"("status_id");

-- CreateIndex
CREATE INDEX "notifications_favourite_id_idx" ON "notifications"("favourite_id");

-- CreateIndex
CREATE INDEX "notifications_follow_id_idx" ON "notifications"("follow_id");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "statuses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_favourite_id_fkey" FOREIGN KEY ("favourite_id") REFERENCES "favourites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_follow_id_fkey" FOREIGN KEY ("follow_id") REFERENCES "follows"("id") ON DELETE CASCADE ON UPDATE CASCADE;
