-- A short link per attachment (its text_url, <base>/media/<shortcode>): 16 random bytes, URL-safe
-- base64 without padding. A function, so the column default and the backfill below draw the same way.
CREATE FUNCTION media_shortcode() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_')
$$;

-- AlterTable: a volatile default gives every existing row a code of its own.
ALTER TABLE "media_attachments" ADD COLUMN     "shortcode" TEXT NOT NULL DEFAULT media_shortcode();

-- CreateIndex
CREATE UNIQUE INDEX "media_attachments_shortcode_key" ON "media_attachments"("shortcode");
