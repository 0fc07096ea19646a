import type { CacheInvalidation } from '@social/cache';
import { extractHashtags, statusExceeds } from '@social/content';
import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import { FOCUS_INVALID, focusOf, MEDIA_LIMITS } from '@social/uploads';
import { exceedsCodePoints } from '@social/content';
import { STATUS_LIMITS } from '../config.js';
import type { StatusesContext } from '../context.js';
import { statusUpdated, type StatusEvents } from '../events.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { NewPoll } from '../poll/poll.data.js';
import { newPoll } from '../poll/poll.service.js';
import type { StatusRecord, StatusWrite } from '../status/status.data.js';
import { uniqueTags, type StatusService } from '../status/status.service.js';
import type { EditChanges, EditCurrent, EditData, EditMedia } from './edit.data.js';
import type { EditStatusInput, MediaAttributeInput, StatusEdit, StatusSource } from './edit.type.js';

/** What an edit that changed something also writes, in its transaction (the poll's end, the card job). */
export type EditWrites = (edit: { text: string; textChanged: boolean; mediaIds: readonly string[]; poll: NewPoll | null | undefined }) => StatusWrite[];

/** One stored version, or the status as it is when it was never edited. */
interface Version {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  accountId: bigint;
  createdAt: Date;
  media: Array<{ id: bigint; description: string | null }>;
  pollOptions: string[] | null;
}

/** Editing statuses, their history and their source (Mastodon's UpdateStatusService; docs/api/edits.md). */
export class EditService {
  constructor(
    private readonly data: EditData,
    private readonly statuses: StatusService,
    private readonly events: StatusEvents,
    private readonly notifications: NotificationRecorder,
    private readonly invalidation: CacheInvalidation,
    private readonly writes: EditWrites,
  ) {}

  /** The caller's own status, not a boost; another's is the same 404 as a missing one. */
  private async own(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const record = parseId(id) ? await ctx.statuses.load(id) : null;
    if (!record || record.accountId.toString() !== ctx.principal.accountId) throw AppError.notFound();
    return record;
  }

  async edit(input: EditStatusInput, ctx: StatusesContext): Promise<StatusRecord> {
    const found = await this.own(input.statusId, ctx);
    // Mastodon's policy lets the author update anything of theirs but a boost.
    if (found.reblogOfId) throw AppError.notAllowed();
    const newText = input.status ?? null;
    const mentions = newText !== null && newText !== found.text
      ? { accountIds: await this.statuses.mentionedIn(newText), tags: uniqueTags(extractHashtags(newText)) }
      : null;
    const mediaIds = input.mediaIds ? input.mediaIds.map((id) => id.trim()).filter((id) => id !== '') : null;
    if (mediaIds && mediaIds.length > STATUS_LIMITS.maxMediaAttachments) throw AppError.unprocessable(`Cannot attach more than ${STATUS_LIMITS.maxMediaAttachments} files`, ['input', 'mediaIds']);
    const attributes = (input.mediaAttributes ?? []).flatMap((attribute) => mediaAttribute(attribute));
    // A poll sent without answers or deadline removes it; one not sent is kept.
    const poll = input.poll === undefined || input.poll === null ? undefined : newPoll(input.poll, false);
    const decide = (current: EditCurrent): EditChanges => {
      const { record } = current;
      const spoilerText = input.spoilerText === undefined || input.spoilerText === null ? record.spoilerText : input.spoilerText.trim();
      // A blank text under a content warning takes the warning's text, as Mastodon's edit does.
      const text = newText === null ? record.text : newText.trim() ? newText : spoilerText;
      if (statusExceeds(text, spoilerText, STATUS_LIMITS.maxCharacters)) {
        throw AppError.validation([`Text character limit of ${STATUS_LIMITS.maxCharacters} exceeded`], undefined, ['input', 'status']);
      }
      const sensitive = (input.sensitive ?? record.sensitive) || spoilerText.length > 0;
      const textChanged = text !== record.text;
      return {
        text,
        spoilerText,
        sensitive,
        language: this.statuses.languageOr(input.language, record.language),
        mentions: textChanged ? (mentions ?? { accountIds: [], tags: [] }) : null,
        mediaIds,
        mediaAttributes: attributes,
        poll,
        check: (result) => {
          if (result.mediaCount > 0 && result.hasPoll) throw AppError.unprocessable('Cannot attach files to a post with a poll', ['input', 'poll']);
          if (!result.text.trim() && result.mediaCount === 0) throw AppError.validation(["Text can't be blank"], undefined, ['input', 'status']);
        },
        writes: this.writes({ text, textChanged, mediaIds: mediaIds ?? current.media.map((m) => m.id.toString()), poll }),
      };
    };
    const result = await this.data.edit(found.id, decide);
    if (!result) throw AppError.notFound();
    if (!result.changed) return found;
    const record = result.record;
    const id = record.id.toString();
    ctx.statuses.clear(id).prime(id, record);
    await this.invalidation.changed({ statuses: [record.id] });
    this.events.emit(statusUpdated(record));
    for (const announce of result.afterCommit) announce();
    await this.notifications.edited(record, await this.data.boosters(record.id));
    // Accounts the edit mentions for the first time are told, as a new post tells them; earlier ones are not told again.
    const before = new Set(found.mentions.map((mention) => mention.accountId));
    const added = record.mentions.filter((mention) => !before.has(mention.accountId));
    if (added.length > 0) await this.notifications.mentioned({ ...record, mentions: added });
    return record;
  }

  /** The versions of a status the caller may see, the original first (docs/api/edits.md#history). */
  async history(statusId: string, ctx: StatusesContext): Promise<StatusEdit[]> {
    const record = await this.statuses.view(statusId, ctx);
    const stored = await this.data.history(record.id);
    let versions: Version[];
    if (stored.length > 0) {
      versions = stored.map((edit) => ({
        ...edit,
        media: edit.mediaAttachmentIds.map((id, i) => ({ id, description: edit.mediaDescriptions[i] || null })),
        pollOptions: edit.hadPoll ? edit.pollOptions : null,
      }));
    } else {
      const current = await this.data.current(record.id);
      versions = [{ ...record, createdAt: record.editedAt ?? record.createdAt, media: current.media.map(described), pollOptions: current.pollOptions }];
    }
    return Promise.all(versions.map((version) => this.toEdit(version, record, ctx)));
  }

  /** The source of the caller's own status; another's is null. */
  async source(statusId: string, ctx: StatusesContext): Promise<StatusSource | null> {
    const record = parseId(statusId) ? await ctx.statuses.load(statusId) : null;
    if (!record || record.accountId.toString() !== ctx.principal.accountId) return null;
    return { id: record.id.toString(), text: record.text, spoilerText: record.spoilerText };
  }

  private async toEdit(version: Version, record: StatusRecord, ctx: StatusesContext): Promise<StatusEdit> {
    const accountId = version.accountId.toString();
    return {
      createdAt: version.createdAt,
      content: await this.statuses.contentOf(version.text, record, ctx),
      spoilerText: version.spoilerText,
      sensitive: version.sensitive,
      account: { id: accountId, ...(await ctx.accountStats.load(accountId)) },
      poll: version.pollOptions ? { options: version.pollOptions.map((title) => ({ title })) } : null,
      mediaAttachments: version.media.map((m) => ({ description: m.description, attachment: { id: m.id.toString() } })),
    };
  }
}

function described(media: EditMedia): { id: bigint; description: string | null } {
  return { id: media.id, description: media.description };
}

/** One media_attributes entry, checked as media checks an upload's; an unreadable id names no attachment and is ignored. */
function mediaAttribute(input: MediaAttributeInput): Array<EditChanges['mediaAttributes'][number]> {
  const id = parseId(input.id);
  if (id === null) return [];
  let description: string | null | undefined;
  if (input.description !== undefined && input.description !== null) {
    if (exceedsCodePoints(input.description, MEDIA_LIMITS.descriptionLimit)) {
      throw AppError.validation([`Description is too long (maximum is ${MEDIA_LIMITS.descriptionLimit} characters)`], undefined, ['input', 'mediaAttributes']);
    }
    description = input.description === '' ? null : input.description;
  }
  let focus: { x: number; y: number } | undefined;
  if (input.focus) {
    const point = focusOf(input.focus);
    if (!point) throw AppError.validation([FOCUS_INVALID], undefined, ['input', 'mediaAttributes']);
    focus = point;
  }
  return [{ id, ...(description !== undefined ? { description } : {}), ...(focus ? { focus } : {}) }];
}
