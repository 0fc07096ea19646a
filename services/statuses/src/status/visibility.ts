import type { Principal } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusRecord } from './status.data.js';

/**
 * Neither the status's author nor, for a boost, the boosted status's author is
 * suspended: nothing of a suspended account shows (docs/api/moderation.md#suspending).
 * The status read brings its author's state; a boost's original is read by its rendering anyway.
 */
async function authorsAvailable(status: StatusRecord, ctx: StatusesContext): Promise<boolean> {
  if ((await ctx.accountStates.load(status.accountId.toString())).suspended) return false;
  if (status.reblogOfId === null) return true;
  const original = await ctx.statuses.load(status.reblogOfId.toString());
  return original === null || !(await ctx.accountStates.load(original.accountId.toString())).suspended;
}

/** What a suspension leaves visible of a status to the caller: all of it to its author (only the deletion acts as a suspended account), else authorsAvailable. */
export async function shownDespiteSuspension(status: StatusRecord, ctx: StatusesContext): Promise<boolean> {
  return status.accountId.toString() === ctx.principal.accountId || authorsAvailable(status, ctx);
}

/**
 * Who may see a status: public and unlisted to anyone; private to the author,
 * followers and the mentioned; direct to the author and the mentioned. Never
 * to an account the author blocks (docs/api/safety.md#blocks), nor to anyone
 * but its author when its author is suspended.
 */
export async function canView(status: StatusRecord, principal: Principal, ctx: StatusesContext): Promise<boolean> {
  const viewer = principal.accountId;
  if (!(await shownDespiteSuspension(status, ctx))) return false;
  if (viewer && status.accountId.toString() !== viewer && (await ctx.blocksViewer.load(status.accountId.toString()))) return false;
  if (status.visibility === 'public' || status.visibility === 'unlisted') return true;
  if (!viewer) return false;
  if (status.accountId.toString() === viewer) return true;
  if (status.mentions.some((m) => m.accountId.toString() === viewer)) return true;
  if (status.visibility === 'private') return ctx.follows.load(`${viewer}:${status.accountId}`);
  return false;
}
