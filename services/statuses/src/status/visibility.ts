import type { Principal } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusRecord } from './status.data.js';

/**
 * Who may see a status: public and unlisted to anyone; private to the author,
 * followers and the mentioned; direct to the author and the mentioned.
 */
export async function canView(status: StatusRecord, principal: Principal, ctx: StatusesContext): Promise<boolean> {
  if (status.visibility === 'public' || status.visibility === 'unlisted') return true;
  const viewer = principal.accountId;
  if (!viewer) return false;
  if (status.accountId.toString() === viewer) return true;
  if (status.mentions.some((m) => m.accountId.toString() === viewer)) return true;
  if (status.visibility === 'private') return ctx.follows.load(`${viewer}:${status.accountId}`);
  return false;
}
