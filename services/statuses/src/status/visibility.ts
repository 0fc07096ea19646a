import type { Principal } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusRecord } from './status.data.js';

/**
 * Who may see a status: public and unlisted to anyone; private to the author,
 * followers and the mentioned; direct to the author and the mentioned. Never
 * to an account the author blocks (docs/api/safety.md#blocks).
 */
export async function canView(status: StatusRecord, principal: Principal, ctx: StatusesContext): Promise<boolean> {
  const viewer = principal.accountId;
  if (viewer && status.accountId.toString() !== viewer && (await ctx.blocksViewer.load(status.accountId.toString()))) return false;
  if (status.visibility === 'public' || status.visibility === 'unlisted') return true;
  if (!viewer) return false;
  if (status.accountId.toString() === viewer) return true;
  if (status.mentions.some((m) => m.accountId.toString() === viewer)) return true;
  if (status.visibility === 'private') return ctx.follows.load(`${viewer}:${status.accountId}`);
  return false;
}
