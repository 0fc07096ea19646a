import { accountsOf } from '../account/account.reference.js';
import type { Account } from '../account/account.type.js';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { Status } from '../status/status.type.js';
import type { ConnectionSource } from './connection.js';
import type { PageRequest } from './page.js';

/**
 * The two shapes most lists have: rows naming a status (bookmarks,
 * favourites) or an account (favourited by, followers...), the cursor being
 * the row's own id. The nodes of a page are read in one batch.
 */

export function statusRows(rows: (page: PageRequest) => Promise<Array<{ id: bigint; statusId: bigint }>>, statuses: StatusService, ctx: StatusesContext): ConnectionSource<{ id: bigint; statusId: bigint }, Status> {
  return { rows, cursorOf: (row) => row.id, nodesOf: (page) => statuses.nodesOf(page.map((row) => row.statusId), ctx) };
}

export function accountRows<Row extends { accountId: bigint }>(
  rows: (page: PageRequest) => Promise<Row[]>,
  cursorOf: (row: Row) => bigint,
  ctx: StatusesContext,
): ConnectionSource<Row, Account> {
  return { rows, cursorOf, nodesOf: (page) => accountsOf(page.map((row) => row.accountId), ctx) };
}
