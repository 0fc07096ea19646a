-- AlterTable
ALTER TABLE "preview_cards" ADD COLUMN     "image_description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "language" TEXT,
ADD COLUMN     "published_at" TIMESTAMP(3);
