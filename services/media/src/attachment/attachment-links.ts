import type { MediaStorage } from '../storage/media-storage.js';

/** Where clients find an attachment: its files (in storage) and its short link (served by the facade). */
export class AttachmentLinks {
  private readonly shortLinkBase: string;

  constructor(
    private readonly storage: Pick<MediaStorage, 'url'>,
    publicUrl: string,
  ) {
    this.shortLinkBase = `${publicUrl.replace(/\/+$/, '')}/media/`;
  }

  /** The URL of a stored file, or null without one. */
  file(key: string | null): string | null {
    return key ? this.storage.url(key) : null;
  }

  /** `<base>/media/<shortcode>`, which redirects to the original file (Mastodon's text_url). */
  shortLink(shortcode: string): string {
    return this.shortLinkBase + shortcode;
  }
}
