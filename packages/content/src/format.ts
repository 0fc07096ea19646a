import { escapeHtml, simpleFormat } from './html.js';
import { extractEntities, normalizeHashtag, type MentionEntity } from './extract.js';

/** An account a status mentions (one of its mention rows), as the formatter links it. */
export interface MentionedAccount {
  username: string;
  /** Null for a local account. */
  domain: string | null;
  /** Profile URL. */
  url: string;
}

export interface FormatOptions {
  /** Base URL of this server, for hashtag links. */
  baseUrl?: string;
  /** The accounts the status mentions: only these are linked (Mastodon's preloaded accounts). */
  mentions?: readonly MentionedAccount[];
  /** This server's domain: `@user@<localDomain>` is a local mention. */
  localDomain?: string;
}

/** A URL as Mastodon renders it: protocol hidden, shown part cut at 30 characters. */
export function linkHtml(url: string): string {
  const prefix = /^(https?:\/\/(?:www\.)?|xmpp:)/.exec(url)?.[0] ?? '';
  const rest = url.slice(prefix.length);
  const shown = rest.length > 30 ? rest.slice(0, 30) : rest;
  const hidden = rest.length > 30 ? rest.slice(30) : '';
  return (
    `<a href="${escapeHtml(url)}" target="_blank" rel="nofollow noopener" translate="no">` +
    `<span class="invisible">${escapeHtml(prefix)}</span>` +
    `<span class="${hidden ? 'ellipsis' : ''}">${escapeHtml(shown)}</span>` +
    `<span class="invisible">${escapeHtml(hidden)}</span></a>`
  );
}

function hashtagHtml(baseUrl: string, tag: string): string {
  const href = `${baseUrl}/tags/${encodeURIComponent(normalizeHashtag(tag))}`;
  return `<a href="${escapeHtml(href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag)}</span></a>`;
}

/**
 * TextFormatter#link_to_mention: the mentioned account with that username
 * and domain (case-insensitive), shown by its stored username, or
 * `username@domain` when the same username appears under another domain.
 * Null when the status does not mention such an account: the text stays.
 */
function mentionHtml(entity: MentionEntity, options: FormatOptions): string | null {
  const domain = entity.domain && entity.domain.toLowerCase() !== options.localDomain?.toLowerCase() ? entity.domain.toLowerCase() : null;
  const username = entity.username.toLowerCase();
  let account: MentionedAccount | undefined;
  let sameUsernameElsewhere = 0;
  for (const candidate of options.mentions ?? []) {
    if (candidate.username.toLowerCase() !== username) continue;
    if ((candidate.domain?.toLowerCase() ?? null) === domain) account = candidate;
    else sameUsernameElsewhere += 1;
  }
  if (!account) return null;
  const shown = sameUsernameElsewhere > 0 && account.domain ? `${account.username}@${account.domain}` : account.username;
  return `<span class="h-card" translate="no"><a href="${escapeHtml(account.url)}" class="u-url mention">@<span>${escapeHtml(shown)}</span></a></span>`;
}

/** Plain text (a status or a note) as Mastodon's TextFormatter renders it. */
export function plainTextToHtml(text: string, options: FormatOptions = {}): string {
  let html = '';
  let cursor = 0;
  for (const entity of extractEntities(text)) {
    const rendered =
      entity.kind === 'url' ? linkHtml(entity.url)
      : entity.kind === 'hashtag' ? (options.baseUrl ? hashtagHtml(options.baseUrl, entity.hashtag) : null)
      : mentionHtml(entity, options);
    if (rendered === null) continue;
    html += escapeHtml(text.slice(cursor, entity.start)) + rendered;
    cursor = entity.end;
  }
  html += escapeHtml(text.slice(cursor));
  return simpleFormat(html);
}
