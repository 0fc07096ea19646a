import { parseId } from '@social/db';
import { AppError, orNullIfNotFound } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusEvents } from '../events.js';
import { cursors, pageRequest, STATUS_PAGE } from '../page/page.js';
import type { PageArgs } from '../page/page.type.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AfterCommit, NewStatus, StatusRecord, StatusWrite } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { AccountConversationRecord, ConversationData, TouchedRow } from './conversation.data.js';
import type { Conversation, ConversationConnection, ConversationPage } from './conversation.type.js';

/**
 * Direct conversations as each participant lists them (Mastodon's
 * AccountConversation): every direct status updates the row of each of its
 * participants in the transaction that writes (or deletes) it, and each row
 * changed is announced once that committed, for its owner's direct stream.
 */
export class ConversationService {
  constructor(
    private readonly data: ConversationData,
    private readonly statuses: StatusService,
    private readonly events: StatusEvents,
  ) {}

  /** The write a new status makes in its publish transaction: a direct one lands in its participants' rows. */
  publishWrite(status: NewStatus): StatusWrite | null {
    if (status.visibility !== 'direct') return null;
    return async (tx, record) => this.announce(await this.data.addStatus(tx, record));
  }

  /** The write a deleted status makes in its delete transaction: a direct one leaves its participants' rows. */
  deleteWrite(status: StatusRecord): StatusWrite | null {
    if (status.visibility !== 'direct') return null;
    return async (tx, record) => this.announce(await this.data.removeStatus(tx, record));
  }

  /** The caller's conversation; anyone else's is Record not found. */
  async get(id: string, ctx: StatusesContext): Promise<Conversation> {
    const rowId = parseId(id);
    const record = rowId === null ? null : await this.data.find(viewerOf(ctx), rowId);
    if (!record) throw AppError.notFound();
    return this.toConversation(record, ctx);
  }

  /** A page of the caller's conversations, newest status first; the cursors are the newest status ids (Mastodon's). */
  async list(args: PageArgs, ctx: StatusesContext): Promise<ConversationPage> {
    const page = pageRequest(args, STATUS_PAGE);
    const rows = page.limit > 0 ? await this.data.listOf(viewerOf(ctx), page) : [];
    return { items: await Promise.all(rows.map((row) => this.toConversation(row, ctx))), ...cursors(rows.map((row) => row.lastStatusId)) };
  }

  /** The caller's conversations as a connection: the rows of list(), the cursors their newest status ids. */
  listConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<ConversationConnection> {
    const viewer = viewerOf(ctx);
    return connection(args, {
      rows: (page) => this.data.listOf(viewer, page),
      cursorOf: (row) => row.lastStatusId,
      nodesOf: (rows) => Promise.all(rows.map((row) => this.toConversation(row, ctx))),
    });
  }

  /** Marks the caller's conversation read (or, `unread`, unread again), and shows it so on their direct streams; anyone else's is Record not found. */
  async markRead(id: string, ctx: StatusesContext, unread = false): Promise<Conversation> {
    const rowId = parseId(id);
    const record = rowId === null ? null : await this.data.markRead(viewerOf(ctx), rowId, unread);
    if (!record) throw AppError.notFound();
    this.events.conversationUpdated(record.id, record.accountId);
    return this.toConversation(record, ctx);
  }

  /** Removes the conversation from the caller's list only (the statuses stay); anyone else's is Record not found. */
  async remove(id: string, ctx: StatusesContext): Promise<boolean> {
    const rowId = parseId(id);
    if (rowId === null || !(await this.data.remove(viewerOf(ctx), rowId))) throw AppError.notFound();
    return true;
  }

  /** As the caller sees it: the others' accounts (the caller's own when there are none, as Mastodon shows a note to self) and the newest status. */
  async toConversation(record: AccountConversationRecord, ctx: StatusesContext): Promise<Conversation> {
    const accountIds = (record.participantAccountIds.length > 0 ? record.participantAccountIds : [record.accountId]).map(String);
    const [accounts, lastStatus] = await Promise.all([
      Promise.all(accountIds.map(async (id) => ({ id, ...(await ctx.accountStats.load(id)) }))),
      orNullIfNotFound(this.statuses.view(record.lastStatusId.toString(), ctx)),
    ]);
    return { id: record.id.toString(), unread: record.unread, accounts, lastStatus: lastStatus ? await this.statuses.toStatus(lastStatus, ctx) : null };
  }

  private announce(rows: TouchedRow[]): AfterCommit {
    return () => {
      for (const row of rows) this.events.conversationUpdated(row.id, row.accountId);
    };
  }
}

function viewerOf(ctx: StatusesContext): bigint {
  return BigInt(ctx.principal.accountId as string);
}
