// Mastodon's REST::StatusSerializer. Keys in its order; viewer flags only with a user.
import type { StatusBaseFragment } from '../../gql/operations.js';
import { customEmojiToMastodon } from '../custom-emoji/to-mastodon.js';
import { accountToMastodon } from '../account/to-mastodon.js';
import { mediaAttachmentToMastodon } from '../media-attachment/to-mastodon.js';
import { filterResultToMastodon, type GqlFilterResult } from '../filter/to-mastodon.js';
import { timestamp } from '../operation.js';
import { pollToMastodon } from '../poll/to-mastodon.js';
import { previewCardToMastodon } from '../preview-card/to-mastodon.js';

/** A status as StatusFields selects it (rest-facade/src/entities/status/status.fragment.graphql); a boost's reblog is a StatusBase. */
export type GqlStatus = StatusBaseFragment & { reblog?: StatusBaseFragment | null };

export interface StatusMapOptions {
  /** The delete response: the source `text` in place of `content`. */
  source?: boolean;
  /** Where it is shown (home, notifications, public, thread, account): only filters of that context apply; absent, all do. */
  filterContext?: string;
}

/** The viewer's filters that apply to the status where it is shown. */
function applyingFilters(status: GqlStatus, context: string | undefined): GqlFilterResult[] {
  return (status.filtered ?? []).filter((result) => context === undefined || result.filter.context.includes(context));
}

/** Whether a hide filter of the context removes the status for its viewer (docs/api/filters.md#where-they-apply). */
export function hiddenByFilter(status: GqlStatus, context: string): boolean {
  return applyingFilters(status, context).some((result) => result.filter.filterAction === 'hide');
}

/** A list of statuses shown in a context: hidden ones left out, the others with that context's filters. */
export function statusesToMastodon(statuses: readonly GqlStatus[], filterContext: string): Array<Record<string, unknown>> {
  return statuses.filter((status) => !hiddenByFilter(status, filterContext)).map((status) => statusToMastodon(status, { filterContext }));
}

export function statusToMastodon(status: GqlStatus, options: StatusMapOptions = {}): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: status.id,
    created_at: timestamp(status.createdAt),
    in_reply_to_id: status.inReplyToId,
    in_reply_to_account_id: status.inReplyToAccountId,
    sensitive: status.sensitive,
    spoiler_text: status.spoilerText,
    visibility: status.visibility.toLowerCase(),
    language: status.language,
    uri: status.uri,
    url: status.url,
    replies_count: status.repliesCount,
    reblogs_count: status.reblogsCount,
    favourites_count: status.favouritesCount,
    quotes_count: 0,
    edited_at: status.editedAt ? timestamp(status.editedAt) : null,
  };
  if (status.favourited !== null) {
    json.favourited = status.favourited;
    json.reblogged = status.reblogged;
    json.muted = status.muted;
    json.bookmarked = status.bookmarked;
  }
  if (status.pinned !== null) json.pinned = status.pinned;
  if (options.source) json.text = status.text ?? '';
  else json.content = status.content;
  if (status.favourited !== null) json.filtered = applyingFilters(status, options.filterContext).map(filterResultToMastodon);
  json.reblog = status.reblog ? statusToMastodon(status.reblog, { filterContext: options.filterContext }) : null;
  // Mastodon omits it for other viewers; nullable fields carry null (docs/api/statuses.md#entities).
  json.application = status.application ? { name: status.application.name, website: status.application.website } : null;
  json.account = accountToMastodon(status.account);
  json.media_attachments = status.mediaAttachments.map(mediaAttachmentToMastodon);
  json.mentions = status.mentions.map((m) => ({ id: m.id, username: m.username, url: m.url, acct: m.acct }));
  json.tags = status.tags.map((t) => ({ name: t.name, url: t.url }));
  json.emojis = status.emojis.map(customEmojiToMastodon);
  json.card = status.card ? previewCardToMastodon(status.card) : null;
  json.poll = status.poll ? pollToMastodon(status.poll) : null;
  return json;
}
