import { SubgraphExecutor, type Principal } from '@social/federation';
import type { CacheInvalidation } from '@social/cache';
import type { Logger } from '@social/config';
import type { PrismaClient } from '@social/db';
import type { EventBus } from '@social/pubsub';
import type { ServerConfig } from '../../config.js';
import { buildStatuses } from '../../subgraphs.js';

type Subgraph = Awaited<ReturnType<typeof buildStatuses>>;

/**
 * Runs statuses operations as the account itself (a principal with the
 * scopes the operation needs), so an admin command goes through the same
 * rules, counters and events as the API: no SQL of its own.
 */
export class ActingAsAccount {
  private constructor(
    private readonly subgraph: Subgraph,
    private readonly executor: SubgraphExecutor,
    private readonly principal: Principal,
  ) {}

  static async statuses(prisma: PrismaClient, config: ServerConfig, bus: EventBus, logger: Logger, invalidation: CacheInvalidation, accountId: bigint, scopes = ['read', 'write', 'follow']): Promise<ActingAsAccount> {
    const subgraph = await buildStatuses(prisma, config, bus, logger, invalidation);
    const principal: Principal = { kind: 'user', tokenId: null, applicationId: null, accountId: accountId.toString(), scopes };
    return new ActingAsAccount(subgraph, new SubgraphExecutor(subgraph.schema, logger), principal);
  }

  async run<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await this.executor.execute({ query, variables }, this.subgraph.createContext(this.principal, `admin-${Date.now()}`));
    // A mutation's user errors are in its payload (docs/graphql.md#mutations): a failure here too.
    const userErrors = Object.values(result.data ?? {}).flatMap((value) => (value as { errors?: Array<{ message: string }> } | null)?.errors ?? []);
    const errors = [...(result.errors ?? []), ...userErrors];
    if (errors.length) {
      const operation = /^(?:query|mutation) (\w+)/.exec(query)?.[1] ?? 'operation';
      throw new Error(`${operation}: ${errors.map((error) => error.message).join('; ')}`);
    }
    return result.data as T;
  }

  /**
   * Runs `act` on every item `list` answers, asking again until it answers
   * none (each act takes its item off the list). Stops with an error if a
   * round removes nothing, rather than loop.
   */
  private async drain(list: string, pick: (data: never) => Array<{ id: string }>, act: string, onEach?: () => void): Promise<number> {
    let done = 0;
    let previous = '';
    for (;;) {
      const items = pick(await this.run<never>(list, { id: this.principal.accountId }));
      if (items.length === 0) return done;
      const round = items.map((item) => item.id).join(',');
      if (round === previous) throw new Error(`could not remove ${round} (${act.split('(')[0]})`);
      previous = round;
      for (const item of items) {
        await this.run(act, { id: item.id });
        done += 1;
        onEach?.();
      }
    }
  }

  /** Deletes every status of the account (boosts included), newest first; `onDeleted` hears each. */
  deleteAllStatuses(onDeleted?: () => void): Promise<number> {
    return this.drain(
      'query OwnStatuses($id: ID!) { page: accountStatuses(accountId: $id, limit: 40) { items { id } } }',
      (data: { page: { items: Array<{ id: string }> } }) => data.page.items,
      'mutation DeleteOwnStatus($id: ID!) { deleteStatus(input: { statusId: $id }) { deletedStatusId errors { message } } }',
      onDeleted,
    );
  }

  /** What else the account did that others see or that would still happen: scheduled posts, favourites, follows. */
  async withdrawActivity(): Promise<{ scheduled: number; favourites: number; follows: number }> {
    const scheduled = await this.drain(
      'query OwnScheduled { page: scheduledStatuses(limit: 40) { items { id } } }',
      (data: { page: { items: Array<{ id: string }> } }) => data.page.items,
      'mutation CancelScheduled($id: ID!) { cancelScheduledStatus(input: { scheduledStatusId: $id }) { cancelledScheduledStatusId errors { message } } }',
    );
    const favourites = await this.drain(
      'query OwnFavourites { page: favourites(limit: 40) { items { id } } }',
      (data: { page: { items: Array<{ id: string }> } }) => data.page.items,
      'mutation Unfavourite($id: ID!) { unfavouriteStatus(input: { statusId: $id }) { status { id } errors { message } } }',
    );
    const follows = await this.drain(
      'query OwnFollowing($id: ID!) { page: accountFollowing(accountId: $id, limit: 80) { items { id } } }',
      (data: { page: { items: Array<{ id: string }> } }) => data.page.items,
      'mutation Unfollow($id: ID!) { unfollowAccount(input: { accountId: $id }) { relationship { id } errors { message } } }',
    );
    return { scheduled, favourites, follows };
  }
}
