import { Parser } from 'htmlparser2';

/** What a page says about itself, as Mastodon's LinkDetailsExtractor reads it (OpenGraph, Twitter, plain HTML). */
export interface PageDetails {
  url: string;
  title: string;
  description: string;
  type: 'link' | 'photo' | 'video';
  authorName: string;
  authorUrl: string;
  providerName: string;
  providerUrl: string;
  html: string;
  width: number;
  height: number;
  imageUrl: string | null;
  imageDescription: string;
  embedUrl: string;
  language: string | null;
  publishedAt: Date | null;
}

interface Collected {
  meta: Map<string, string>;
  title: string;
  lang: string | null;
  canonical: string | null;
}

function collect(html: string): Collected {
  const found: Collected = { meta: new Map(), title: '', lang: null, canonical: null };
  let inTitle = false;
  let titleDone = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'html' && attributes.lang) found.lang = attributes.lang;
        if (name === 'title' && !titleDone) inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? '').trim().toLowerCase();
          const content = attributes.content;
          // The first of each wins, as with og:image listed several times.
          if (key && content !== undefined && !found.meta.has(key)) found.meta.set(key, content.trim());
        }
        if (name === 'link' && attributes.rel?.toLowerCase().split(/\s+/).includes('canonical') && attributes.href) {
          found.canonical ??= attributes.href;
        }
      },
      ontext(text) {
        if (inTitle) found.title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** An absolute http(s) URL, resolved against the page; null otherwise. */
function httpUrl(value: string | undefined | null, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function integer(value: string | undefined): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 && parsed < 100_000 ? parsed : 0;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The card of a page, or null when it has no title (Mastodon keeps no card
 * then). The canonical URL (og:url, link rel=canonical) is used only on the
 * page's own host, so a page cannot pass itself off as another site.
 */
export function parsePageDetails(html: string, pageUrl: string): PageDetails | null {
  const { meta, title, lang, canonical } = collect(html);
  const og = (key: string) => meta.get(`og:${key}`) || undefined;
  const twitter = (key: string) => meta.get(`twitter:${key}`) || undefined;
  const name = squash(og('title') ?? twitter('title') ?? title);
  if (!name) return null;
  const candidate = httpUrl(og('url') ?? canonical, pageUrl);
  const url = candidate && new URL(candidate).host === new URL(pageUrl).host ? candidate : pageUrl;
  const player = httpUrl(twitter('player'), pageUrl);
  const width = integer(player ? meta.get('twitter:player:width') : og('image:width'));
  const height = integer(player ? meta.get('twitter:player:height') : og('image:height'));
  const published = meta.get('article:published_time') ?? meta.get('date');
  const publishedAt = published ? new Date(published) : null;
  const language = (lang ?? og('locale') ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return {
    url,
    title: name.slice(0, 2000),
    description: squash(og('description') ?? twitter('description') ?? meta.get('description') ?? '').slice(0, 2000),
    type: player ? 'video' : 'link',
    authorName: squash(meta.get('author') ?? meta.get('article:author') ?? ''),
    authorUrl: '',
    providerName: squash(og('site_name') ?? ''),
    providerUrl: '',
    html: player
      ? `<iframe src="${escapeAttribute(player)}" width="${width}" height="${height}" frameborder="0" allowfullscreen="true"></iframe>`
      : '',
    width,
    height,
    imageUrl: httpUrl(og('image') ?? og('image:url') ?? twitter('image') ?? twitter('image:src'), pageUrl),
    imageDescription: squash(og('image:alt') ?? twitter('image:alt') ?? ''),
    embedUrl: player ?? '',
    language: /^[a-z]{2,3}$/.test(language) ? language : null,
    publishedAt: publishedAt && !Number.isNaN(publishedAt.getTime()) ? publishedAt : null,
  };
}
