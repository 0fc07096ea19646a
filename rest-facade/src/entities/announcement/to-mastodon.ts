// Mastodon's REST::AnnouncementSerializer and REST::ReactionSerializer (docs/api/announcements.md).
import type { AnnouncementFieldsFragment } from '../../gql/operations.js';
import { customEmojiToMastodon } from '../custom-emoji/to-mastodon.js';
import { timestamp } from '../operation.js';

type GqlReaction = AnnouncementFieldsFragment['reactions'][number];

/** A reaction: url and static_url only for a custom emoji's, as Mastodon writes them. */
function reactionToMastodon(reaction: GqlReaction) {
  const json: Record<string, unknown> = { name: reaction.name, count: reaction.count, me: reaction.me };
  if (reaction.url !== null) Object.assign(json, { url: reaction.url, static_url: reaction.staticUrl });
  return json;
}

export function announcementToMastodon(announcement: AnnouncementFieldsFragment) {
  return {
    id: announcement.id,
    content: announcement.content,
    starts_at: announcement.startsAt ? timestamp(announcement.startsAt) : null,
    ends_at: announcement.endsAt ? timestamp(announcement.endsAt) : null,
    all_day: announcement.allDay,
    published_at: timestamp(announcement.publishedAt),
    updated_at: timestamp(announcement.updatedAt),
    read: announcement.read,
    mentions: announcement.mentions.map((account) => ({ id: account.id, username: account.username, url: account.url, acct: account.acct })),
    // Links to this server's statuses are not recognised in announcements (docs/api/announcements.md).
    statuses: [],
    tags: announcement.tags.map((tag) => ({ name: tag.name, url: tag.url })),
    emojis: announcement.emojis.map(customEmojiToMastodon),
    reactions: announcement.reactions.map(reactionToMastodon),
  };
}
