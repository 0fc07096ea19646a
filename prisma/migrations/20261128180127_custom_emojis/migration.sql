-- CreateTable
CREATE TABLE "custom_emojis" (
    "id" BIGSERIAL NOT NULL,
    "shortcode" TEXT NOT NULL,
    "image_key" TEXT NOT NULL,
    "static_key" TEXT NOT NULL,
    "category" TEXT,
    "visible_in_picker" BOOLEAN NOT NULL DEFAULT true,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_emojis_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "custom_emojis_shortcode_key" ON "custom_emojis"("shortcode");
