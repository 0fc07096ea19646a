import { extractEntities } from '@social/content';

/**
 * The link a status's card is made from: its first http(s) URL that is not
 * a mention or a hashtag (those are entities of their own in the text, and
 * links to this server's profiles and tag pages count as them too).
 */
export function cardLinkOf(text: string, publicUrl: string): string | null {
  const local = new URL(publicUrl);
  for (const entity of extractEntities(text)) {
    if (entity.kind !== 'url') continue;
    let url: URL;
    try {
      url = new URL(entity.url);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.host === local.host && (/^\/@[^/]+\/?$/.test(url.pathname) || url.pathname.startsWith('/tags/'))) continue;
    return url.toString();
  }
  return null;
}
