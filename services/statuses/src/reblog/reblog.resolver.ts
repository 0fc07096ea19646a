import { Arg, Args, Ctx, Field, ID, InputType, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { statusActionTypes, statusPayload, type StatusPayload } from '../status/status-action.payload.js';
import { StatusVisibility } from '../status/status.type.js';
import type { ReblogService } from './reblog.service.js';

@InputType({ description: 'The input of reblogStatus.' })
class ReblogStatusInput {
  @Field(() => ID, { description: 'The status (a boost: the status it boosts).' })
  statusId!: string;

  @Field(() => StatusVisibility, { nullable: true, description: 'PUBLIC (default), UNLISTED or PRIVATE; DIRECT is refused. A private original keeps its own.' })
  visibility?: StatusVisibility | null;
}

/** reblogStatus answers the boost; its input adds the boost's visibility. */
const ReblogStatus = statusActionTypes('ReblogStatus', 'The status (a boost: the status it boosts).', 'The boost, whose reblog is the original');
const UnreblogStatus = statusActionTypes('UnreblogStatus', 'The boosted status (not the boost).', 'The status, no longer boosted by the caller');

@Resolver()
export class ReblogResolver {
  constructor(
    private readonly service: ReblogService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => ReblogStatus.Payload, {
    description: 'Boosts a visible status (a boost: the status it boosts) and returns the boost, whose reblog is the original. Idempotent.',
  })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  reblogStatus(@Arg('input', () => ReblogStatusInput, { description: 'The status and the boost\'s visibility.' }) input: ReblogStatusInput, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.reblog(input.statusId, input.visibility ?? null, ctx), this.statuses, ctx);
  }

  @Mutation(() => UnreblogStatus.Payload, { description: 'Removes the caller\'s boost of a status and returns the status; NOT_FOUND when there is no boost.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  unreblogStatus(@Arg('input', () => UnreblogStatus.Input, { description: 'The status.' }) input: InstanceType<typeof UnreblogStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.unreblog(input.statusId, ctx), this.statuses, ctx);
  }

  @Query(() => AccountPage, {
    description: 'Accounts that boosted a visible status publicly, newest first; cursors are boost ids. Public.',
    deprecationReason: 'Use Status.rebloggedBy (a connection).',
  })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  async statusRebloggedBy(
    @Arg('id', () => ID, { description: 'The status.' }) id: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<AccountPage> {
    return this.service.rebloggedBy(id, page, ctx);
  }
}
