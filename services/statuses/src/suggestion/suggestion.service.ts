import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { RelationshipService } from '../relationship/relationship.service.js';
import type { SuggestionData } from './suggestion.data.js';
import { SuggestionSource, type Suggestion, type SuggestionArgs } from './suggestion.type.js';

/** Mastodon's limit_param(DEFAULT_ACCOUNTS_LIMIT): 40 by default, at most 80. */
const SIZE = { default: 40, max: 80 } as const;

/** At most this many candidates from each source, so that a page far down costs a bounded query (Mastodon caches a bounded batch). */
const MAX_CANDIDATES = 200;

/**
 * The sources' candidates in one list, in the order of the sources: an
 * account several sources name stays where the first put it, with every
 * source that named it.
 */
export function mergeSources(lists: ReadonlyArray<readonly [SuggestionSource, readonly bigint[]]>): Array<{ id: bigint; sources: SuggestionSource[] }> {
  const merged = new Map<bigint, SuggestionSource[]>();
  for (const [source, ids] of lists) {
    for (const id of ids) {
      const sources = merged.get(id);
      if (sources) {
        if (!sources.includes(source)) sources.push(source);
      } else {
        merged.set(id, [source]);
      }
    }
  }
  return [...merged].map(([id, sources]) => ({ id, sources }));
}

/**
 * Follow suggestions (docs/api/accounts.md#suggestions), as Mastodon's
 * AccountSuggestions: friends of friends first, then active discoverable
 * accounts, most followed first; an account the user dismissed is not
 * suggested again.
 */
export class SuggestionService {
  constructor(
    private readonly data: SuggestionData,
    private readonly relationships: RelationshipService,
  ) {}

  async list(args: SuggestionArgs, ctx: StatusesContext): Promise<Suggestion[]> {
    const limit = args.limit === null || args.limit === undefined ? SIZE.default : Math.min(Math.max(args.limit, 0), SIZE.max);
    const offset = Math.max(args.offset ?? 0, 0);
    if (limit === 0 || offset >= MAX_CANDIDATES) return [];
    const viewer = BigInt(ctx.principal.accountId as string);
    const wanted = Math.min(offset + limit, MAX_CANDIDATES);
    const [friendsOfFriends, mostFollowed] = await Promise.all([this.data.friendsOfFriends(viewer, wanted), this.data.mostFollowed(viewer, wanted)]);
    const page = mergeSources([
      [SuggestionSource.FRIENDS_OF_FRIENDS, friendsOfFriends],
      [SuggestionSource.MOST_FOLLOWED, mostFollowed],
    ]).slice(offset, offset + limit);
    return Promise.all(
      page.map(async ({ id, sources }) => ({ sources, account: { id: id.toString(), ...(await ctx.accountStats.load(id.toString())) } })),
    );
  }

  /** Suggests the account no more to the user; idempotent. An unknown or suspended account is Record not found. */
  async dismiss(accountId: string, ctx: StatusesContext): Promise<string> {
    const [target] = await this.relationships.existingOf([accountId]);
    if (target === undefined) throw AppError.notFound();
    await this.data.dismiss(BigInt(ctx.principal.accountId as string), target);
    return target.toString();
  }
}
