-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "avatar_static_key" TEXT,
ADD COLUMN     "header_static_key" TEXT,
ADD COLUMN     "hide_collections" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "indexable" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "note_html" TEXT NOT NULL DEFAULT '';
