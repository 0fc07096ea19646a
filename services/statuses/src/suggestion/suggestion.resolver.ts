import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { SuggestionService } from './suggestion.service.js';
import { DismissSuggestionInput, DismissSuggestionPayload, Suggestion, SuggestionArgs } from './suggestion.type.js';

const READ_ACCOUNTS = { scopes: acceptedScopes('read:accounts'), user: true };
const WRITE_ACCOUNTS = { scopes: acceptedScopes('write:accounts'), user: true };
const LIST_DESCRIPTION =
  'Accounts suggested to the user to follow (docs/api/accounts.md#suggestions): accounts followed by those the user follows, most such follows first, ' +
  'then discoverable accounts that posted in the last 30 days, most followed first; never the user, accounts the user follows, asked to follow, ' +
  'blocks, is blocked by, mutes or dismissed. Scope read:accounts.';

/** Follow suggestions: the list (root and under `me`) and dismissing one. */
@Resolver(() => Viewer)
export class SuggestionResolver {
  constructor(private readonly service: SuggestionService) {}

  @Query(() => [Suggestion], { description: `${LIST_DESCRIPTION} GET /api/v2/suggestions; \`me.suggestions\` answers the same nested.` })
  @Access(READ_ACCOUNTS)
  suggestions(@Args(() => SuggestionArgs) args: SuggestionArgs, @Ctx() ctx: StatusesContext): Promise<Suggestion[]> {
    return this.service.list(args, ctx);
  }

  @FieldResolver(() => [Suggestion], { name: 'suggestions', description: LIST_DESCRIPTION })
  @Access(READ_ACCOUNTS)
  viewerSuggestions(@Args(() => SuggestionArgs) args: SuggestionArgs, @Ctx() ctx: StatusesContext): Promise<Suggestion[]> {
    return this.service.list(args, ctx);
  }

  @Mutation(() => DismissSuggestionPayload, {
    description: 'Stops suggesting an account to the user, for good (DELETE /api/v1/suggestions/:id); idempotent. Scope write:accounts.',
  })
  @Access(WRITE_ACCOUNTS)
  dismissSuggestion(@Arg('input', () => DismissSuggestionInput, { description: 'The account.' }) input: DismissSuggestionInput, @Ctx() ctx: StatusesContext): Promise<DismissSuggestionPayload> {
    return payload(async () => ({ dismissedAccountId: await this.service.dismiss(input.accountId, ctx) }), { dismissedAccountId: null });
  }
}
