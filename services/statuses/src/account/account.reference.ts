import type { StatusesContext } from '../context.js';
import type { Account } from './account.type.js';

export async function resolveAccountReference(reference: { id: string }, ctx: StatusesContext): Promise<Account> {
  const stats = await ctx.accountStats.load(reference.id);
  return { id: reference.id, ...stats };
}
