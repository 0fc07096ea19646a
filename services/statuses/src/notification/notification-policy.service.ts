import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import { cursors, pageRequest } from '../page/page.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { PageArgs } from '../page/page.type.js';
import type { NotificationPolicyData, PolicyRecord, RequestRecord } from './notification-policy.data.js';
import type { NotificationPolicy, NotificationPolicyAction, NotificationRequest, NotificationRequestConnection, NotificationRequestPage, UpdateNotificationPolicyInput } from './notification-policy.type.js';
import { viewerOf } from './notification.service.js';

/** Mastodon's request page sizes (RequestsController). */
const REQUEST_PAGE = { default: 40, max: 80 } as const;

/** The caller's notification policy and the requests it filled (docs/api/notification-policy.md). */
export class NotificationPolicyService {
  constructor(private readonly data: NotificationPolicyData) {}

  async policy(ctx: StatusesContext): Promise<NotificationPolicy> {
    const viewer = viewerOf(ctx);
    return this.toPolicy(viewer, await this.data.find(viewer));
  }

  /** Changes the rules given; the others stay. */
  async update(input: UpdateNotificationPolicyInput, ctx: StatusesContext): Promise<NotificationPolicy> {
    const viewer = viewerOf(ctx);
    const changes: Partial<PolicyRecord> = {};
    for (const key of ['forNotFollowing', 'forNotFollowers', 'forNewAccounts', 'forPrivateMentions', 'forLimitedAccounts'] as const) {
      const value = input[key];
      if (value !== null && value !== undefined) changes[key] = value;
    }
    return this.toPolicy(viewer, await this.data.update(viewer, changes));
  }

  async list(args: PageArgs, ctx: StatusesContext): Promise<NotificationRequestPage> {
    const viewer = viewerOf(ctx);
    const rows = await this.data.list(viewer, pageRequest(args, REQUEST_PAGE));
    const items = (await this.toRequests(viewer, rows, ctx)).filter((item): item is NotificationRequest => item !== null);
    return { items, ...cursors(rows.map((row) => row.id)) };
  }

  listConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<NotificationRequestConnection> {
    const viewer = viewerOf(ctx);
    return connection(args, {
      rows: (page) => this.data.list(viewer, page),
      cursorOf: (row) => row.id,
      nodesOf: (rows) => this.toRequests(viewer, rows, ctx),
    });
  }

  /** The caller's request; anyone else's is Record not found. */
  async get(id: string, ctx: StatusesContext): Promise<NotificationRequest> {
    const viewer = viewerOf(ctx);
    const [request] = await this.toRequests(viewer, [await this.owned(viewer, id)], ctx);
    if (!request) throw AppError.notFound();
    return request;
  }

  async accept(id: string, ctx: StatusesContext): Promise<void> {
    const viewer = viewerOf(ctx);
    await this.data.accept(viewer, [(await this.owned(viewer, id)).id]);
  }

  async dismiss(id: string, ctx: StatusesContext): Promise<void> {
    const viewer = viewerOf(ctx);
    await this.data.dismiss(viewer, [(await this.owned(viewer, id)).id]);
  }

  /** Accepts those of the ids that are the caller's requests; the others are ignored, as Mastodon does. */
  acceptMany(ids: string[], ctx: StatusesContext): Promise<number> {
    return this.data.accept(viewerOf(ctx), parsedIds(ids));
  }

  dismissMany(ids: string[], ctx: StatusesContext): Promise<number> {
    return this.data.dismiss(viewerOf(ctx), parsedIds(ids));
  }

  private async owned(viewer: bigint, id: string): Promise<RequestRecord> {
    const parsed = parseId(id);
    const request = parsed === null ? null : await this.data.findRequest(viewer, parsed);
    if (!request) throw AppError.notFound();
    return request;
  }

  private async toPolicy(viewer: bigint, policy: PolicyRecord): Promise<NotificationPolicy> {
    const summary = await this.data.summary(viewer);
    return {
      ...(policy as Record<keyof PolicyRecord, NotificationPolicyAction>),
      summary: { pendingRequestsCount: summary.requests, pendingNotificationsCount: summary.notifications },
    };
  }

  /**
   * The requests as answered; null for one whose filtered notifications are all gone (their favourites undone,
   * their statuses deleted), which Mastodon deletes then: a page is shorter for it, its cursors stay the rows'.
   */
  private async toRequests(viewer: bigint, rows: RequestRecord[], ctx: StatusesContext): Promise<Array<NotificationRequest | null>> {
    const counts = await this.data.counts(viewer, rows.map((row) => row.fromAccountId));
    return Promise.all(
      rows.map(async (row) => {
        const count = counts.get(row.fromAccountId) ?? 0;
        if (count === 0) return null;
        const fromId = row.fromAccountId.toString();
        return {
          id: row.id.toString(),
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          account: { id: fromId, ...(await ctx.accountStats.load(fromId)) },
          notificationsCount: count,
          lastStatusId: row.lastStatusId?.toString() ?? null,
        };
      }),
    );
  }
}

function parsedIds(ids: string[]): bigint[] {
  return ids.map((id) => parseId(id)).filter((id): id is bigint => id !== null);
}
