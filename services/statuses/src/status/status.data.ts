import type { Prisma, PrismaClient } from '@social/db';
import type { PostingDefaults } from '@social/federation';
import { claimIdempotencyKey } from './idempotency.data.js';
import { claimMediaAttachments } from './media-claim.data.js';
import { createPoll, type NewPoll } from '../poll/poll.data.js';
import { readStatuses, type StatusRead } from './status-read.data.js';
import type { AccountStatsRecord } from '../account/account-stats.data.js';
import { insertStatus } from './status-insert.data.js';

export const STATUS_INCLUDE = {
  // In the order they were written (Mastodon's ordered_mentions).
  mentions: { select: { accountId: true }, orderBy: { id: 'asc' } },
  tags: { select: { tag: { select: { name: true, displayName: true } } } },
} as const;

export type StatusRecord = Prisma.StatusGetPayload<{ include: typeof STATUS_INCLUDE }>;

export interface NewStatus {
  accountId: bigint;
  applicationId: bigint | null;
  text: string;
  spoilerText: string;
  sensitive: boolean;
  visibility: 'public' | 'unlisted' | 'private' | 'direct';
  language: string | null;
  inReplyTo: { id: bigint; accountId: bigint; conversationId: bigint | null } | null;
  /** Hashtags as written, first use of each. */
  tags: Array<{ name: string; displayName: string }>;
  /** Mentioned local accounts, in order of appearance. */
  mentionedAccountIds: bigint[];
  /** The Idempotency-Key header: one status per key and account within an hour. */
  idempotencyKey: string | null;
  /** media_ids, attached in the same transaction (media-claim.data.ts). */
  mediaIds: readonly string[];
  /** poll[...], validated (poll.service.ts newPoll). */
  poll?: NewPoll | null;
  /** The scheduled status being published, whose media the status takes over. */
  scheduledStatusId?: bigint | null;
  /** Writes that commit or roll back with the status (its card job, the scheduled row marked published). */
  writes?: readonly PublishWrite[];
}

/** What a write asks to run once its transaction committed (announcing what it changed); never run if it rolled back. */
export type AfterCommit = () => void;

/**
 * A write made in the publish (or delete) transaction once the status row
 * exists (or is gone); throwing rolls it all back. It may hand back what to
 * run after the commit.
 */
export type StatusWrite = (tx: Prisma.TransactionClient, status: StatusRecord) => Promise<AfterCommit | void>;
export type PublishWrite = StatusWrite;

/** A new status, with what the write itself learned that its answer shows: the author's new counters and username, and whether its conversation is new. */
export interface CreatedStatus {
  created: StatusRecord;
  authorStats: AccountStatsRecord;
  authorUsername: string | null;
  newConversation: boolean;
  /** Followers who asked to be notified of the author's posts in this one's language. */
  subscribers: bigint[];
  /** What the transaction's writes run once it committed. */
  afterCommit: AfterCommit[];
}

/** A deleted status's boosts, removed with it, and what the transaction's writes run once it committed. */
export interface DeletedStatus {
  boosts: Array<{ id: bigint; accountId: bigint }>;
  afterCommit: AfterCommit[];
}

/** Runs each write in turn, keeping what they ask to run after the commit. */
async function runWrites(tx: Prisma.TransactionClient, status: StatusRecord, writes: readonly StatusWrite[]): Promise<AfterCommit[]> {
  const after: AfterCommit[] = [];
  for (const write of writes) {
    const done = await write(tx, status);
    if (done) after.push(done);
  }
  return after;
}

export type CreateResult = CreatedStatus | { duplicateOf: bigint | null };

export class StatusData {
  constructor(private readonly prisma: PrismaClient) {}

  /** The read path's lookup: one statement with mentions, tags, the author's username and counters and whether the author blocks the viewer (status-read.data.ts). */
  findForRead(ids: readonly string[], viewerId: string | null = null): Promise<Array<StatusRead | null>> {
    return readStatuses(this.prisma, ids, viewerId);
  }

  /**
   * The author's posting defaults (set by a profile edit, docs/api/accounts.md#profile-editing); null without a login.
   * Only for a principal that does not carry them (a scheduled status's job): a request's principal has them from identity.
   */
  async postingDefaults(accountId: bigint): Promise<PostingDefaults | null> {
    const user = await this.prisma.user.findUnique({ where: { accountId }, select: { defaultPrivacy: true, defaultSensitive: true, defaultLanguage: true } });
    return user && { visibility: user.defaultPrivacy, sensitive: user.defaultSensitive, language: user.defaultLanguage };
  }

  /**
   * The status, its thread's counters and the author's counters
   * (status-insert.data.ts), with whatever else the post writes (an
   * idempotency key, media, a poll, mentions, tags, jobs) in one
   * transaction; a post with nothing else to write is that one statement.
   * An idempotency key is claimed first: a concurrent duplicate waits on the
   * key's unique index until this one commits, then finds the key taken and
   * gets this status.
   */
  async create(input: NewStatus): Promise<CreateResult> {
    const writes = input.writes ?? [];
    const alone =
      input.idempotencyKey === null && input.mediaIds.length === 0 && !input.poll && input.mentionedAccountIds.length === 0 && input.tags.length === 0 && writes.length === 0;
    if (alone) {
      const { record, ...rest } = await insertStatus(this.prisma, input);
      return { created: record, ...rest, afterCommit: [] };
    }
    return this.prisma.$transaction(async (tx) => {
      if (input.idempotencyKey !== null) {
        const holder = await claimIdempotencyKey(tx, input.accountId, input.idempotencyKey);
        if (holder) return { duplicateOf: holder.statusId };
      }
      const { record: status, ...rest } = await insertStatus(tx, input);
      await claimMediaAttachments(tx, input.accountId, { statusId: status.id, fromScheduledStatusId: input.scheduledStatusId ?? null }, input.mediaIds);
      if (input.poll) await createPoll(tx, status.id, input.accountId, input.poll);
      if (input.mentionedAccountIds.length > 0) {
        await tx.mention.createMany({ data: input.mentionedAccountIds.map((accountId) => ({ statusId: status.id, accountId })) });
      }
      for (const tag of input.tags) {
        const { id: tagId } = await tx.tag.upsert({ where: { name: tag.name }, create: tag, update: {}, select: { id: true } });
        await tx.statusTag.create({ data: { statusId: status.id, tagId } });
      }
      if (input.idempotencyKey !== null) {
        await tx.idempotencyKey.update({
          where: { accountId_key: { accountId: input.accountId, key: input.idempotencyKey } },
          data: { statusId: status.id },
        });
      }
      // Tags are read back for their stored display names; without tags or mentions the record is complete as written.
      const created: StatusRecord =
        input.tags.length > 0 || input.mentionedAccountIds.length > 0 ? await tx.status.findUniqueOrThrow({ where: { id: status.id }, include: STATUS_INCLUDE }) : status;
      return { created, ...rest, afterCommit: await runWrites(tx, created, writes) };
    });
  }

  /**
   * Removes a status with its boosts; counters of its thread, its author and
   * the boosters follow in the same transaction, and so do `writes` (what
   * other features keep about it). Null when it was already gone.
   */
  delete(status: StatusRecord, writes: readonly StatusWrite[] = []): Promise<DeletedStatus | null> {
    return this.prisma.$transaction(async (tx) => {
      const boosts = await tx.status.findMany({ where: { reblogOfId: status.id }, select: { id: true, accountId: true } });
      const { count } = await tx.status.deleteMany({ where: { id: status.id } });
      if (count === 0) return null;
      if (status.inReplyToId) {
        await tx.status.updateMany({ where: { id: status.inReplyToId, repliesCount: { gt: 0 } }, data: { repliesCount: { decrement: 1 } } });
      }
      if (status.reblogOfId) {
        await tx.status.updateMany({ where: { id: status.reblogOfId, reblogsCount: { gt: 0 } }, data: { reblogsCount: { decrement: 1 } } });
      }
      for (const accountId of [status.accountId, ...boosts.map((b) => b.accountId)]) {
        await tx.accountStats.updateMany({ where: { accountId, statusesCount: { gt: 0 } }, data: { statusesCount: { decrement: 1 } } });
      }
      return { boosts, afterCommit: await runWrites(tx, status, writes) };
    });
  }
}
