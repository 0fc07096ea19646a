import { Prisma, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';
import type { StatusRecord } from '../status/status.data.js';

/** One participant's row of a direct conversation. */
export interface AccountConversationRecord {
  id: bigint;
  accountId: bigint;
  conversationId: bigint;
  participantAccountIds: bigint[];
  lastStatusId: bigint;
  unread: boolean;
}

/** A row a write changed, and whose it is. */
export interface TouchedRow {
  id: bigint;
  accountId: bigint;
}

const SELECT = { id: true, accountId: true, conversationId: true, participantAccountIds: true, lastStatusId: true, unread: true } as const;

/** The participants of a direct status: its author and the accounts it mentions, each once. */
function participantsOf(status: StatusRecord): string[] {
  return [...new Set([status.accountId, ...status.mentions.map((mention) => mention.accountId)].map(String))];
}

/**
 * Removes the account's conversations that have `participantId` among their
 * other participants: what a block does to the blocker's list (Mastodon's
 * AfterBlockService; docs/api/safety.md#blocks). The other side's rows stay.
 */
export async function removeConversationsWith(tx: Prisma.TransactionClient, accountId: bigint, participantId: bigint): Promise<void> {
  await tx.$executeRaw`DELETE FROM account_conversations WHERE account_id = ${accountId}::bigint AND ${participantId}::bigint = ANY(participant_account_ids)`;
}

/**
 * The per-participant rows of direct conversations (Mastodon's
 * AccountConversation). A row is keyed by its account, the thread and the
 * other participants; it keeps the ids of its statuses so that deleting the
 * newest falls back to the one before.
 */
export class ConversationData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Adds a new direct status to the row of each participant, making the rows
   * that do not exist yet: read for its author, unread for the others. A
   * recipient who muted the thread is left alone, as no notification
   * reaches them either. Rows are written in account order, so two posts
   * into one conversation lock them in the same order.
   */
  async addStatus(tx: Prisma.TransactionClient, status: StatusRecord): Promise<TouchedRow[]> {
    if (status.conversationId === null) return [];
    const participants = participantsOf(status);
    return tx.$queryRaw<TouchedRow[]>(Prisma.sql`
      WITH participants AS (SELECT unnest(${participants}::text[]::bigint[]) AS account_id)
      INSERT INTO account_conversations (account_id, conversation_id, participant_account_ids, status_ids, last_status_id, unread)
      SELECT p.account_id, ${status.conversationId}::bigint,
        ARRAY(SELECT o.account_id FROM participants o WHERE o.account_id <> p.account_id ORDER BY o.account_id),
        ARRAY[${status.id}::bigint], ${status.id}::bigint, p.account_id <> ${status.accountId}::bigint
      FROM participants p
      WHERE p.account_id = ${status.accountId}::bigint
        OR NOT EXISTS (SELECT 1 FROM conversation_mutes m WHERE m.account_id = p.account_id AND m.conversation_id = ${status.conversationId}::bigint)
      ORDER BY p.account_id
      ON CONFLICT (account_id, conversation_id, participant_account_ids) DO UPDATE
      SET status_ids = array_append(account_conversations.status_ids, excluded.last_status_id),
        last_status_id = greatest(account_conversations.last_status_id, excluded.last_status_id),
        unread = excluded.unread
      RETURNING id, account_id AS "accountId"`);
  }

  /**
   * Takes a deleted direct status out of its participants' rows: a row left
   * without statuses goes, the others fall back to their newest remaining
   * status. Answers the rows that remain.
   */
  async removeStatus(tx: Prisma.TransactionClient, status: StatusRecord): Promise<TouchedRow[]> {
    if (status.conversationId === null) return [];
    const participants = participantsOf(status);
    const mine = Prisma.sql`conversation_id = ${status.conversationId}::bigint AND account_id = ANY(${participants}::text[]::bigint[])`;
    await tx.$executeRaw(Prisma.sql`DELETE FROM account_conversations WHERE ${mine} AND status_ids = ARRAY[${status.id}::bigint]`);
    return tx.$queryRaw<TouchedRow[]>(Prisma.sql`
      UPDATE account_conversations
      SET status_ids = array_remove(status_ids, ${status.id}::bigint),
        last_status_id = (SELECT max(s) FROM unnest(array_remove(status_ids, ${status.id}::bigint)) s)
      WHERE ${mine} AND ${status.id}::bigint = ANY(status_ids)
      RETURNING id, account_id AS "accountId"`);
  }

  /** The account's rows, newest status first; the cursor is the last status id. */
  async listOf(accountId: bigint, page: PageRequest): Promise<AccountConversationRecord[]> {
    const window = idWindow(page);
    const rows = await this.prisma.accountConversation.findMany({
      where: { accountId, lastStatusId: window.where },
      orderBy: { lastStatusId: window.order },
      take: page.limit,
      select: SELECT,
    });
    return newestFirst(rows, page);
  }

  /** The account's row, or null (someone else's is as good as missing). */
  find(accountId: bigint, id: bigint): Promise<AccountConversationRecord | null> {
    return this.prisma.accountConversation.findFirst({ where: { id, accountId }, select: SELECT });
  }

  /** Marks the account's row read (or unread); null when it has no such row. */
  async markRead(accountId: bigint, id: bigint, unread = false): Promise<AccountConversationRecord | null> {
    const [row] = await this.prisma.accountConversation.updateManyAndReturn({ where: { id, accountId }, data: { unread }, select: SELECT });
    return row ?? null;
  }

  /** Removes the account's row; false when it had none. */
  async remove(accountId: bigint, id: bigint): Promise<boolean> {
    const { count } = await this.prisma.accountConversation.deleteMany({ where: { id, accountId } });
    return count > 0;
  }
}
