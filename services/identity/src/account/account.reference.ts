import type { IdentityContext } from '../context.js';
import type { AccountService } from './account.service.js';

/** Batched through the request's loader: a page of 40 statuses costs one query. */
export function resolveAccountReference(service: AccountService) {
  return async (reference: { id: string }, ctx: IdentityContext) => {
    const record = await ctx.accounts.load(reference.id);
    return record ? service.toAccount(record, ctx.principal) : null;
  };
}
