import type { StatusesContext } from '../context.js';
import type { Account } from './account.type.js';

export async function resolveAccountReference(reference: { id: string }, ctx: StatusesContext): Promise<Account> {
  const stats = await ctx.accountStats.load(reference.id);
  return { id: reference.id, ...stats };
}

/** Accounts by id with their counters, in order (one batched read for the page). */
export function accountsOf(ids: readonly bigint[], ctx: StatusesContext): Promise<Account[]> {
  return Promise.all(ids.map((id) => resolveAccountReference({ id: id.toString() }, ctx)));
}
