import { Prisma, type PrismaClient } from '@social/db';
import { claimMediaAttachments } from '../status/media-claim.data.js';
import type { NewPoll } from '../poll/poll.data.js';
import { STATUS_INCLUDE, type AfterCommit, type StatusRecord, type StatusWrite } from '../status/status.data.js';

/** An attachment of the status as the edit found it. */
export interface EditMedia {
  id: bigint;
  description: string | null;
  meta: Record<string, unknown>;
}

/** The status as the edit found it, under its row lock. */
export interface EditCurrent {
  record: StatusRecord;
  media: EditMedia[];
  poll: { id: bigint; options: string[]; multiple: boolean; hideTotals: boolean; expiresAt: Date | null } | null;
}

/** What the edit makes of the status: every value as it is after the edit (unchanged ones as found). */
export interface EditChanges {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  language: string | null;
  /** Set when the text changed: its mentions and hashtags are written again. */
  mentions: { accountIds: bigint[]; tags: Array<{ name: string; displayName: string }> } | null;
  /** The attachments after the edit, in order; null keeps those it has. */
  mediaIds: readonly string[] | null;
  mediaAttributes: ReadonlyArray<{ id: bigint; description?: string | null; focus?: { x: number; y: number } }>;
  /** The poll after the edit; null removes it, undefined keeps it. */
  poll: NewPoll | null | undefined;
  /** Refuses a result that cannot be (media with a poll, nothing to show); throws. */
  check(result: { mediaCount: number; hasPoll: boolean; text: string }): void;
  /** Writes made with an edit that changed something (the poll's end, the card job). */
  writes: readonly StatusWrite[];
}

export type EditResult = { record: StatusRecord; changed: false } | { record: StatusRecord; changed: true; afterCommit: AfterCommit[] };

/** Thrown inside the transaction to roll back an edit that changed nothing (Mastodon's NoChangesSubmittedError). */
class NoChanges extends Error {}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Edits a status in one transaction under its row lock (docs/api/edits.md):
 * its attachments (claimed, released, described), its poll, its text and
 * what the text makes (mentions, hashtags, card), and the history: the
 * original's snapshot before the first edit, then one per edit. An edit that
 * changes nothing rolls back and answers the status as it was.
 */
export class EditData {
  constructor(private readonly prisma: PrismaClient) {}

  async edit(statusId: bigint, decide: (current: EditCurrent) => EditChanges): Promise<EditResult | null> {
    let unchanged: StatusRecord | null = null;
    try {
      return await this.prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<Array<{ id: bigint }>>`SELECT id FROM statuses WHERE id = ${statusId} FOR UPDATE`;
        if (locked.length === 0) return null;
        const record = await tx.status.findUniqueOrThrow({ where: { id: statusId }, include: STATUS_INCLUDE });
        const media = await mediaOf(tx, statusId);
        const poll = await tx.poll.findUnique({
          where: { statusId },
          select: { id: true, options: true, multiple: true, hideTotals: true, expiresAt: true },
        });
        const changes = decide({ record, media, poll });

        // Attachments: the new list claimed (in order), the ones left out released.
        let mediaIds = media.map((m) => m.id);
        if (changes.mediaIds !== null) {
          await claimMediaAttachments(tx, record.accountId, { statusId, fromScheduledStatusId: null, editing: true }, changes.mediaIds);
          mediaIds = [...new Set(changes.mediaIds)].map((id) => BigInt(id));
          await tx.$executeRaw`UPDATE media_attachments SET status_id = NULL, position = NULL, updated_at = now()
            WHERE status_id = ${statusId} AND NOT (id = ANY(${mediaIds}::bigint[]))`;
        }
        let mediaChanged = mediaIds.join() !== media.map((m) => m.id).join();
        const after = changes.mediaIds === null ? media : await mediaByIds(tx, mediaIds);
        for (const attributes of changes.mediaAttributes) {
          const attachment = after.find((m) => m.id === attributes.id);
          if (!attachment) continue;
          const description = attributes.description === undefined ? attachment.description : attributes.description;
          const meta = attributes.focus ? { ...attachment.meta, focus: attributes.focus } : attachment.meta;
          if (description === attachment.description && sameJson(meta.focus, attachment.meta.focus)) continue;
          await tx.$executeRaw`UPDATE media_attachments SET description = ${description}, meta = ${JSON.stringify(meta)}::jsonb, updated_at = now()
            WHERE id = ${attachment.id} AND status_id = ${statusId}`;
          attachment.description = description;
          attachment.meta = meta;
          mediaChanged = true;
        }

        // The poll: replaced answers or multiple reset its votes; a new deadline always counts as a change.
        let pollChanged = false;
        let pollOptions = poll?.options ?? null;
        if (changes.poll === null && poll) {
          await tx.poll.delete({ where: { id: poll.id } });
          pollChanged = true;
          pollOptions = null;
        } else if (changes.poll) {
          const next = changes.poll;
          pollChanged = true;
          pollOptions = next.options;
          if (!poll) {
            await tx.poll.create({ data: { statusId, accountId: record.accountId, ...next } });
          } else {
            const reset = next.options.join('\n') !== poll.options.join('\n') || next.multiple !== poll.multiple;
            if (reset) await tx.pollVote.deleteMany({ where: { pollId: poll.id } });
            await tx.poll.update({
              where: { id: poll.id },
              data: { ...next, endedAt: null, ...(reset ? { votesCount: 0, votersCount: 0 } : {}) },
            });
          }
        }
        changes.check({ mediaCount: mediaIds.length, hasPoll: pollOptions !== null, text: changes.text });

        const statusChanged =
          changes.text !== record.text || changes.spoilerText !== record.spoilerText || changes.sensitive !== record.sensitive || changes.language !== record.language;
        if (!statusChanged && !mediaChanged && !pollChanged) {
          unchanged = record;
          throw new NoChanges();
        }

        const editedAt = new Date();
        // The first edit keeps the original as the first version, dated when it was posted.
        if ((await tx.statusEdit.count({ where: { statusId } })) === 0) {
          await tx.statusEdit.create({
            data: {
              statusId, accountId: record.accountId, text: record.text, spoilerText: record.spoilerText, sensitive: record.sensitive,
              mediaAttachmentIds: media.map((m) => m.id), mediaDescriptions: media.map((m) => m.description ?? ''),
              pollOptions: poll?.options ?? [], hadPoll: poll !== null, createdAt: record.createdAt,
            },
          });
        }
        await tx.status.update({
          where: { id: statusId },
          data: { text: changes.text, spoilerText: changes.spoilerText, sensitive: changes.sensitive, language: changes.language, editedAt },
        });
        if (changes.mentions && changes.text !== record.text) {
          await tx.mention.deleteMany({ where: { statusId } });
          if (changes.mentions.accountIds.length > 0) {
            await tx.mention.createMany({ data: changes.mentions.accountIds.map((accountId) => ({ statusId, accountId })) });
          }
          await tx.statusTag.deleteMany({ where: { statusId } });
          for (const tag of changes.mentions.tags) {
            const { id: tagId } = await tx.tag.upsert({ where: { name: tag.name }, create: tag, update: {}, select: { id: true } });
            await tx.statusTag.create({ data: { statusId, tagId } });
          }
          // The card was the old text's first link: the card job looks again.
          await tx.statusCard.deleteMany({ where: { statusId } });
        }
        const byId = new Map(after.map((m) => [m.id, m]));
        await tx.statusEdit.create({
          data: {
            statusId, accountId: record.accountId, text: changes.text, spoilerText: changes.spoilerText, sensitive: changes.sensitive,
            mediaAttachmentIds: mediaIds, mediaDescriptions: mediaIds.map((id) => byId.get(id)?.description ?? ''),
            pollOptions: pollOptions ?? [], hadPoll: pollOptions !== null, createdAt: editedAt,
          },
        });
        const edited = await tx.status.findUniqueOrThrow({ where: { id: statusId }, include: STATUS_INCLUDE });
        const afterCommit: AfterCommit[] = [];
        for (const write of changes.writes) {
          const done = await write(tx, edited);
          if (done) afterCommit.push(done);
        }
        return { record: edited, changed: true as const, afterCommit };
      });
    } catch (error) {
      if (error instanceof NoChanges && unchanged) return { record: unchanged, changed: false };
      throw error;
    }
  }

  /** The versions of a status, oldest (the original) first. */
  history(statusId: bigint) {
    return this.prisma.statusEdit.findMany({ where: { statusId }, orderBy: { id: 'asc' } });
  }

  /** A never-edited status's one version: its attachments and poll as they are. */
  async current(statusId: bigint): Promise<{ media: EditMedia[]; pollOptions: string[] | null }> {
    const [media, poll] = await Promise.all([mediaOf(this.prisma, statusId), this.prisma.poll.findUnique({ where: { statusId }, select: { options: true } })]);
    return { media, pollOptions: poll?.options ?? null };
  }

  /** Local accounts that boosted the status: an edit notifies them. */
  async boosters(statusId: bigint): Promise<bigint[]> {
    const rows = await this.prisma.status.findMany({ where: { reblogOfId: statusId }, select: { accountId: true } });
    return rows.map((row) => row.accountId);
  }
}

type Db = PrismaClient | Prisma.TransactionClient;

function toMedia(rows: Array<{ id: bigint; description: string | null; meta: unknown }>): EditMedia[] {
  return rows.map((row) => ({ id: row.id, description: row.description, meta: (row.meta && typeof row.meta === 'object' ? row.meta : {}) as Record<string, unknown> }));
}

/** The status's attachments in order (a declared read of media's table, docs/data-ownership.md). */
async function mediaOf(db: Db, statusId: bigint): Promise<EditMedia[]> {
  return toMedia(
    await db.$queryRaw<Array<{ id: bigint; description: string | null; meta: unknown }>>`
      SELECT id, description, meta FROM media_attachments WHERE status_id = ${statusId} ORDER BY position NULLS LAST, id`,
  );
}

async function mediaByIds(db: Db, ids: bigint[]): Promise<EditMedia[]> {
  if (ids.length === 0) return [];
  const rows = toMedia(
    await db.$queryRaw<Array<{ id: bigint; description: string | null; meta: unknown }>>`
      SELECT id, description, meta FROM media_attachments WHERE id = ANY(${ids}::bigint[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
