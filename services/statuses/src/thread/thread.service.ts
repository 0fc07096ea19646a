import type { StatusesContext } from '../context.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { StatusContext } from './thread.type.js';
import type { ThreadData } from './thread.data.js';

/** Mastodon's contexts controller limits: signed-in callers get the whole thread. */
const CONTEXT_LIMITS = {
  signedIn: { ancestors: 4096, descendants: 4096, depth: null },
  anonymous: { ancestors: 40, descendants: 60, depth: 20 },
} as const;

/**
 * Moves self-replies (an author answering themselves) ahead of the other
 * replies, keeping the order within each group: ThreadingConcern#promote_by!.
 */
export function promoteSelfReplies(statuses: StatusRecord[]): StatusRecord[] {
  const isSelfReply = (s: StatusRecord) => s.inReplyToAccountId !== null && s.inReplyToAccountId === s.accountId;
  const result = [...statuses];
  let insertAt = result.findIndex((s) => !isSelfReply(s));
  if (insertAt === -1) return result;
  for (let index = insertAt + 1; index < result.length; index++) {
    const item = result[index];
    if (!isSelfReply(item)) continue;
    result.splice(index, 1);
    result.splice(insertAt, 0, item);
    insertAt += 1;
  }
  return result;
}

export class ThreadService {
  constructor(
    private readonly data: ThreadData,
    private readonly statuses: StatusService,
  ) {}

  /** Ancestors and descendants of a visible status; statuses the caller may not see are left out. */
  async context(id: string, ctx: StatusesContext): Promise<StatusContext> {
    const status = await this.statuses.view(id, ctx);
    const limits = ctx.principal.kind === 'user' ? CONTEXT_LIMITS.signedIn : CONTEXT_LIMITS.anonymous;
    const [ancestorIds, descendantIds] = await Promise.all([
      status.inReplyToId ? this.data.ancestorIds(status.inReplyToId, limits.ancestors) : Promise.resolve([]),
      this.data.descendantIds(status.id, limits.descendants, limits.depth),
    ]);
    const [ancestors, descendants] = await Promise.all([this.statuses.listable(ancestorIds, ctx), this.statuses.listable(descendantIds, ctx)]);
    return {
      ancestors: await Promise.all(ancestors.map((record) => this.statuses.toStatus(record, ctx))),
      descendants: await Promise.all(promoteSelfReplies(descendants).map((record) => this.statuses.toStatus(record, ctx))),
    };
  }
}
