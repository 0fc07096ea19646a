import type { CacheInvalidation } from '@social/cache';
import type { SubgraphExecutor, Principal } from '@social/federation';
import type { AccountPurgeData } from './account-purge.data.js';

/** What the deletion removed of the account's activity (the admin CLI prints it). */
export interface PurgedActivity {
  statuses: number;
  scheduled: number;
  favourites: number;
  follows: number;
}

/**
 * The statuses subgraph's part of deleting an account (docs/api/moderation.md#deleting-an-account): the
 * deletion job's step and the admin CLI's `accounts delete` alike. What the account did is undone as the
 * account itself, through this subgraph's own operations (so counters, notifications, conversations and
 * stream events follow as for a client's own deletes): its scheduled statuses, favourites and statuses,
 * boosts included. Its follows both ways and what else points at it (its bookmarks, lists, blocks, mutes,
 * filters, notifications...) are then removed in one transaction, with the counters they fed. Idempotent.
 */
export class AccountPurge {
  constructor(
    private readonly executor: SubgraphExecutor,
    private readonly contextFor: (principal: Principal) => object,
    private readonly data: AccountPurgeData,
    private readonly invalidation: CacheInvalidation,
  ) {}

  async run(accountId: bigint, onStatusDeleted?: () => void): Promise<PurgedActivity> {
    // A rejected sign-up's row is gone with it: it could do nothing while pending, so only what points at it is left.
    const activity = (await this.data.accountExists(accountId)) ? await this.undoActivity(accountId, onStatusDeleted) : { statuses: 0, scheduled: 0, favourites: 0 };
    const touched = await this.data.removeRemnants(accountId);
    await this.invalidation.changed({ accounts: [accountId, ...touched.accounts], statuses: touched.statuses });
    return { ...activity, follows: touched.follows };
  }

  private async undoActivity(accountId: bigint, onStatusDeleted?: () => void): Promise<Omit<PurgedActivity, 'follows'>> {
    const as = new ActingAs(this.executor, this.contextFor, accountId);
    const scheduled = await as.drain(
      'query OwnScheduled { page: scheduledStatuses(limit: 40) { items { id } } }',
      (data: { page: { items: Array<{ id: string }> } }) => data.page.items,
      'mutation CancelScheduled($id: ID!) { cancelScheduledStatus(input: { scheduledStatusId: $id }) { cancelledScheduledStatusId errors { message } } }',
    );
    const favourites = await as.drain(
      'query OwnFavourites { page: favourites(limit: 40) { items { id } } }',
      (data: { page: { items: Array<{ id: string }> } }) => data.page.items,
      'mutation Unfavourite($id: ID!) { unfavouriteStatus(input: { statusId: $id }) { status { id } errors { message } } }',
    );
    const statuses = await as.drain(
      'query OwnStatuses($id: ID!) { page: accountStatuses(accountId: $id, limit: 40) { items { id } } }',
      (data: { page: { items: Array<{ id: string }> } }) => data.page.items,
      'mutation DeleteOwnStatus($id: ID!) { deleteStatus(input: { statusId: $id }) { deletedStatusId errors { message } } }',
      onStatusDeleted,
    );
    return { statuses, scheduled, favourites };
  }
}

/** Runs this subgraph's operations as the account (a principal with the scopes they need, made here: its tokens are gone). */
class ActingAs {
  private readonly principal: Principal;

  constructor(
    private readonly executor: SubgraphExecutor,
    private readonly contextFor: (principal: Principal) => object,
    accountId: bigint,
  ) {
    this.principal = { kind: 'user', tokenId: null, applicationId: null, accountId: accountId.toString(), scopes: ['read', 'write', 'follow'] };
  }

  async run<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await this.executor.execute({ query, variables }, this.contextFor(this.principal));
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
  async drain(list: string, pick: (data: never) => Array<{ id: string }>, act: string, onEach?: () => void): Promise<number> {
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
}
