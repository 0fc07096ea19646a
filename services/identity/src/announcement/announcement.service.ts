import { AppError } from '@social/errors';
import { emojiShortcodes, extractHashtags, extractMentions, normalizeHashtag, plainTextToHtml } from '@social/content';
import { parseId } from '@social/db';
import type { Principal } from '@social/federation';
import type { AccountData } from '../account/account.data.js';
import type { AccountService } from '../account/account.service.js';
import type { CustomEmojiData } from '../custom-emoji/custom-emoji.data.js';
import type { CustomEmojiService } from '../custom-emoji/custom-emoji.service.js';
import type { AnnouncementData, AnnouncementFields, AnnouncementRecord } from './announcement.data.js';
import type { AnnouncementEvents } from './announcement.events.js';
import type { Announcement } from './announcement.type.js';

/** Longest announcement text. */
const TEXT_MAX_LENGTH = 5000;
/** Mastodon's ReactionValidator::LIMIT: different reactions an announcement may have. */
const REACTION_LIMIT = 8;
const UNICODE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

export interface NewAnnouncement {
  text: string;
  startsAt?: Date | null;
  endsAt?: Date | null;
  allDay?: boolean | null;
  published?: boolean | null;
}

export interface AnnouncementUpdate {
  announcementId: string;
  text?: string | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  clearTimes?: boolean | null;
  allDay?: boolean | null;
  published?: boolean | null;
}

function invalid(field: string, message: string): AppError {
  return AppError.validation([message], undefined, ['input', field]);
}

/**
 * Announcements (docs/api/announcements.md): what users see (published, not
 * ended), dismissing and reacting, and the admins' writes (the GraphQL
 * mutations and the admin CLI alike). Every change users see is published
 * on the bus after it committed, for the user streams.
 */
export class AnnouncementService {
  private readonly localDomain: string;

  constructor(
    private readonly data: AnnouncementData,
    private readonly accounts: { data: AccountData; service: AccountService },
    private readonly emojis: { data: CustomEmojiData; service: CustomEmojiService },
    private readonly events: AnnouncementEvents,
    private readonly publicUrl: string,
  ) {
    this.localDomain = new URL(publicUrl).hostname;
  }

  /** Published and not ended, for a user. */
  async current(principal: Principal): Promise<Announcement[]> {
    return this.render(await this.data.current(), principal);
  }

  /** One that users see now (published, not ended); Record not found otherwise. */
  async visible(id: string, principal: Principal): Promise<Announcement> {
    const [rendered] = await this.render([await this.shown(id)], principal);
    return rendered;
  }

  async all(principal: Principal): Promise<Announcement[]> {
    return this.render(await this.data.all(), principal);
  }

  async create(input: NewAnnouncement, principal: Principal): Promise<Announcement> {
    const published = input.published ?? true;
    const fields = this.checked({ text: input.text, startsAt: input.startsAt ?? null, endsAt: input.endsAt ?? null, allDay: input.allDay ?? false });
    const record = await this.data.create({ ...fields, text: fields.text as string, published, publishedAt: published ? new Date() : null });
    if (published) this.events.emit({ type: 'announcement.published', announcementId: record.id.toString() });
    return (await this.render([record], principal))[0];
  }

  async update(input: AnnouncementUpdate, principal: Principal): Promise<Announcement> {
    const current = await this.existing(input.announcementId);
    const times = input.clearTimes ? { startsAt: null, endsAt: null } : { startsAt: input.startsAt ?? current.startsAt, endsAt: input.endsAt ?? current.endsAt };
    const fields = this.checked({ text: input.text ?? current.text, ...times, allDay: input.allDay ?? current.allDay });
    const published = input.published ?? current.published;
    const record = await this.data.update(current.id, { ...fields, published, publishedAt: published ? (current.published ? current.publishedAt : new Date()) : current.publishedAt });
    // A published one is shown again as it is now; one taken back is removed from the streams.
    if (published) this.events.emit({ type: 'announcement.published', announcementId: record.id.toString() });
    else if (current.published) this.events.emit({ type: 'announcement.deleted', announcementId: record.id.toString() });
    return (await this.render([record], principal))[0];
  }

  async delete(id: string): Promise<string> {
    const current = await this.existing(id);
    await this.data.delete(current.id);
    if (current.published) this.events.emit({ type: 'announcement.deleted', announcementId: current.id.toString() });
    return current.id.toString();
  }

  /** Marks it read for the user; again changes nothing. */
  async dismiss(id: string, principal: Principal): Promise<Announcement> {
    const record = await this.shown(id);
    await this.data.dismiss(BigInt(principal.accountId as string), record.id);
    return (await this.render([record], principal))[0];
  }

  /** Adds the user's reaction; again changes nothing. */
  async react(id: string, name: string, principal: Principal): Promise<Announcement> {
    const record = await this.shown(id);
    const reaction = await this.reactionName(name);
    const names = await this.data.reactionNames(record.id);
    if (!names.includes(reaction) && names.length >= REACTION_LIMIT) throw invalid('name', 'Limit of different reactions reached');
    const count = await this.data.react(BigInt(principal.accountId as string), record.id, reaction);
    this.events.emit({ type: 'announcement.reaction', announcementId: record.id.toString(), name: reaction, count });
    return (await this.render([record], principal))[0];
  }

  /** Removes the user's reaction: Record not found when the user has none by that name. */
  async unreact(id: string, name: string, principal: Principal): Promise<Announcement> {
    const record = await this.shown(id);
    const { removed, count } = await this.data.unreact(BigInt(principal.accountId as string), record.id, name.trim());
    if (!removed) throw AppError.notFound();
    this.events.emit({ type: 'announcement.reaction', announcementId: record.id.toString(), name: name.trim(), count });
    return (await this.render([record], principal))[0];
  }

  /** A unicode emoji, or an enabled custom emoji's shortcode (colons around it are dropped). */
  private async reactionName(name: string): Promise<string> {
    const trimmed = name.trim();
    if (UNICODE_EMOJI.test(trimmed)) return trimmed;
    const shortcode = trimmed.replace(/^:(.*):$/, '$1');
    const [emoji] = shortcode ? await this.emojis.data.enabled([shortcode]) : [null];
    if (!emoji) throw invalid('name', 'Name is not a recognized emoji');
    return emoji.shortcode;
  }

  private checked(fields: AnnouncementFields): AnnouncementFields {
    const text = (fields.text ?? '').trim();
    if (!text) throw invalid('text', "Text can't be blank");
    if (text.length > TEXT_MAX_LENGTH) throw invalid('text', `Text is too long (maximum is ${TEXT_MAX_LENGTH} characters)`);
    if (fields.startsAt && fields.endsAt && fields.endsAt < fields.startsAt) throw invalid('endsAt', 'Ends at must be after the start');
    return { ...fields, text };
  }

  private async existing(id: string): Promise<AnnouncementRecord> {
    const parsed = parseId(id);
    const record = parsed === null ? null : await this.data.find(parsed);
    if (!record) throw AppError.notFound();
    return record;
  }

  /** A published one that has not ended: what users may read, dismiss and react to. */
  private async shown(id: string): Promise<AnnouncementRecord> {
    const record = await this.existing(id);
    if (!record.published || (record.endsAt !== null && record.endsAt <= new Date())) throw AppError.notFound();
    return record;
  }

  /** Renders announcements for the principal: a few statements for the whole list. */
  private async render(records: AnnouncementRecord[], principal: Principal): Promise<Announcement[]> {
    if (records.length === 0) return [];
    const viewer = principal.accountId ? BigInt(principal.accountId) : null;
    const ids = records.map((record) => record.id);
    const usernames = records.flatMap((record) => extractMentions(record.text))
      .filter((mention) => !mention.domain || mention.domain.toLowerCase() === this.localDomain.toLowerCase())
      .map((mention) => mention.username);
    const [dismissed, reactions, known] = await Promise.all([
      viewer === null ? Promise.resolve(new Set<bigint>()) : this.data.dismissed(viewer, ids),
      this.data.reactions(ids, viewer),
      this.accounts.data.findLocalByUsernames([...new Set(usernames)]),
    ]);
    const shortcodes = [...new Set([...emojiShortcodes(...records.map((record) => record.text)), ...reactions.map((reaction) => reaction.name)])];
    const emojis = new Map((await this.emojis.data.enabled(shortcodes)).flatMap((record) => (record ? [[record.shortcode, this.emojis.service.toEmoji(record)] as const] : [])));
    const mentionRecords = known.length === 0 ? [] : await this.accounts.data.findByIds(known.map((account) => account.id.toString()), principal.accountId);
    const mentioned = new Map(mentionRecords.flatMap((record) => (record ? [[record.username.toLowerCase(), this.accounts.service.toAccount(record, principal)] as const] : [])));
    const format = { baseUrl: this.publicUrl, localDomain: this.localDomain, mentions: known.map((account) => ({ username: account.username, domain: null, url: `${this.publicUrl}/@${account.username}` })) };
    return records.map((record) => {
      const mentionNames = [...new Set(extractMentions(record.text).map((mention) => mention.username.toLowerCase()))];
      const tagNames = [...new Set(extractHashtags(record.text).map(normalizeHashtag).filter(Boolean))];
      return {
        id: record.id.toString(),
        content: plainTextToHtml(record.text, format),
        text: record.text,
        startsAt: record.startsAt,
        endsAt: record.endsAt,
        allDay: record.allDay,
        published: record.published,
        publishedAt: record.publishedAt ?? record.createdAt,
        updatedAt: record.updatedAt,
        read: dismissed.has(record.id),
        mentions: mentionNames.flatMap((name) => mentioned.get(name) ?? []),
        tags: tagNames.map((name) => ({ name, url: `${this.publicUrl}/tags/${encodeURIComponent(name)}` })),
        emojis: emojiShortcodes(record.text).flatMap((code) => emojis.get(code) ?? []),
        reactions: reactions
          .filter((reaction) => reaction.announcementId === record.id)
          .map((reaction) => {
            const emoji = emojis.get(reaction.name);
            return { name: reaction.name, count: reaction.count, me: reaction.me, url: emoji?.url ?? null, staticUrl: emoji?.staticUrl ?? null };
          }),
      };
    });
  }
}
