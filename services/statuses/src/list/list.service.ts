import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import { exceedsCodePoints } from '@social/content';
import type { StatusesContext } from '../context.js';
import { ACCOUNT_PAGE, STATUS_PAGE, pageRequest, type PageRequest } from '../page/page.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AccountConnection, StatusConnection } from '../page/connection.type.js';
import { accountRows } from '../page/connection-sources.js';
import type { AccountPage, PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import type { ListData, ListRecord } from './list.data.js';
import { ListRepliesPolicy, type List, type CreateListInput } from './list.type.js';

/** Mastodon's List::PER_ACCOUNT_LIMIT. */
export const LISTS_PER_ACCOUNT = 50;
/** Characters (code points) of a title: this server's bound, Mastodon sets none. */
const LIST_TITLE_LIMIT = 256;
/** Where a title refusal points in createList's and updateList's input (UserError.field). */
const TITLE_FIELD = ['input', 'title'];

/** The title to store: trimmed, present and within its limit. */
function validTitle(value: string): string {
  const title = value.trim();
  if (!title) throw AppError.validation(["Title can't be blank"], undefined, TITLE_FIELD);
  if (exceedsCodePoints(title, LIST_TITLE_LIMIT)) throw AppError.validation([`Title is too long (maximum is ${LIST_TITLE_LIMIT} characters)`], undefined, TITLE_FIELD);
  return title;
}

/**
 * Lists (Mastodon's lists and list accounts controllers, List and
 * ListAccount validations). Every operation acts on the caller's own lists:
 * someone else's list is the same 404 as a missing one.
 */
export class ListService {
  constructor(
    private readonly data: ListData,
    private readonly statuses: StatusService,
  ) {}

  async lists(ctx: StatusesContext): Promise<List[]> {
    return (await this.data.ofAccount(viewerOf(ctx))).map(toList);
  }

  /** The caller's lists that contain the account (GET /api/v1/accounts/:id/lists), oldest first; none for a suspended account. */
  async containing(accountId: string, ctx: StatusesContext): Promise<List[]> {
    return (await this.data.containing(viewerOf(ctx), BigInt(accountId))).map(toList);
  }

  /** As `containing`, for an account named by the caller: NOT_FOUND when no such account exists (suspended ones exist). */
  async containingKnown(accountId: string, ctx: StatusesContext): Promise<List[]> {
    const id = parseId(accountId);
    if (id === null || !(await this.data.accountExists(id))) throw AppError.notFound();
    return this.containing(accountId, ctx);
  }

  async get(id: string, ctx: StatusesContext): Promise<List> {
    return toList(await this.owned(id, ctx));
  }

  async create(input: CreateListInput, ctx: StatusesContext): Promise<List> {
    const accountId = viewerOf(ctx);
    const title = validTitle(input.title ?? '');
    if ((await this.data.count(accountId)) >= LISTS_PER_ACCOUNT) throw AppError.validation(['You have reached the maximum number of lists']);
    const created = await this.data.create({
      accountId,
      title,
      repliesPolicy: input.repliesPolicy ?? ListRepliesPolicy.LIST,
      exclusive: input.exclusive ?? false,
    });
    return toList(created);
  }

  async update(id: string, input: CreateListInput, ctx: StatusesContext): Promise<List> {
    const list = await this.owned(id, ctx);
    const changes: Parameters<ListData['update']>[1] = {};
    if (input.title !== undefined && input.title !== null) changes.title = validTitle(input.title);
    if (input.repliesPolicy) changes.repliesPolicy = input.repliesPolicy;
    if (input.exclusive !== undefined && input.exclusive !== null) changes.exclusive = input.exclusive;
    return toList(Object.keys(changes).length > 0 ? await this.data.update(list.id, changes) : list);
  }

  async delete(id: string, ctx: StatusesContext): Promise<boolean> {
    await this.data.delete((await this.owned(id, ctx)).id);
    return true;
  }

  /** Members, largest account id first; a limit of 0 means all of them (Mastodon's unlimited list accounts). */
  async accounts(id: string, args: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const list = await this.owned(id, ctx);
    const page = pageRequest(args, ACCOUNT_PAGE);
    const ids = await this.data.members(list.id, { maxId: page.maxId, sinceId: page.sinceId, minId: null, limit: args.limit === 0 ? null : page.limit });
    const items = await Promise.all(ids.map(async (accountId) => ({ id: accountId.toString(), ...(await ctx.accountStats.load(accountId.toString())) })));
    return {
      items,
      nextMaxId: ids.length > 0 ? ids[ids.length - 1].toString() : null,
      prevMinId: ids.length > 0 ? ids[0].toString() : null,
    };
  }

  /**
   * Adds accounts, all or none: each must exist (else 404) and be followed
   * by the owner, or be the owner (422), and not be a member already (422).
   */
  async addAccounts(id: string, accountIds: readonly string[], ctx: StatusesContext): Promise<boolean> {
    const list = await this.owned(id, ctx);
    const ids = [...new Set(accountIds.map(parseId))];
    if (ids.length === 0 || ids.some((accountId) => accountId === null)) throw AppError.notFound();
    const wanted = ids as bigint[];
    const existing = await this.data.existingAccounts(wanted);
    if (wanted.some((accountId) => !existing.has(accountId))) throw AppError.notFound();
    const followed = await this.data.followedBy(list.accountId, wanted);
    if (wanted.some((accountId) => accountId !== list.accountId && !followed.has(accountId))) {
      throw AppError.validation(['Account must be a followed account'], undefined, ['input', 'accountIds']);
    }
    if (!(await this.data.addMembers(list.id, wanted))) throw AppError.validation(['Account has already been taken'], undefined, ['input', 'accountIds']);
    return true;
  }

  /** Removes accounts; ids that are not members are ignored. */
  async removeAccounts(id: string, accountIds: readonly string[], ctx: StatusesContext): Promise<boolean> {
    const list = await this.owned(id, ctx);
    const ids = accountIds.map(parseId).filter((accountId): accountId is bigint => accountId !== null);
    if (ids.length > 0) await this.data.removeMembers(list.id, ids);
    return true;
  }

  async timeline(id: string, args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    const ids = await this.data.timeline(await this.owned(id, ctx), pageRequest(args, STATUS_PAGE));
    return this.statuses.toPage(await this.statuses.loadInOrder(ids, ctx), ids, ctx);
  }

  /** Members as a connection, largest account id first; the cursors are the account ids, as in accounts(). */
  async accountConnection(id: string, args: ConnectionRequest, ctx: StatusesContext): Promise<AccountConnection> {
    const list = await this.owned(id, ctx);
    const rows = async (page: PageRequest) => (await this.data.members(list.id, page)).map((accountId) => ({ accountId }));
    return connection(args, accountRows(rows, (row) => row.accountId, ctx));
  }

  /** The list's timeline as a connection: the rows of timeline(). */
  async timelineConnection(id: string, args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    const list = await this.owned(id, ctx);
    return connection(args, { rows: (page) => this.data.timeline(list, page), cursorOf: (rowId) => rowId, nodesOf: (ids) => this.statuses.nodesOf(ids, ctx) });
  }

  /** Whether a status is in the caller's list's timeline: the same rules, for the one status. */
  async includes(listId: string, statusId: bigint, ctx: StatusesContext): Promise<boolean> {
    const list = await this.owned(listId, ctx);
    const page = { maxId: statusId + 1n, sinceId: statusId - 1n, minId: null, limit: 1 };
    return (await this.data.timeline(list, page)).length > 0;
  }

  /** Whether the account is a member of the caller's list. */
  async hasAccount(listId: string, accountId: string, ctx: StatusesContext): Promise<boolean> {
    const list = await this.owned(listId, ctx);
    const account = parseId(accountId);
    return account !== null && this.data.hasMember(list.id, account);
  }

  private async owned(id: string, ctx: StatusesContext): Promise<ListRecord> {
    const parsed = parseId(id);
    const list = parsed === null ? null : await this.data.findById(parsed);
    if (!list || list.accountId !== viewerOf(ctx)) throw AppError.notFound();
    return list;
  }
}

function viewerOf(ctx: StatusesContext): bigint {
  return BigInt(ctx.principal.accountId as string);
}

function toList(record: ListRecord): List {
  return {
    id: record.id.toString(),
    title: record.title,
    repliesPolicy: record.repliesPolicy as ListRepliesPolicy,
    exclusive: record.exclusive,
    accountId: record.accountId.toString(),
  };
}
