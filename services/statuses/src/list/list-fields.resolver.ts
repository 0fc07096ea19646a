import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountConnection, ConnectionArgs, StatusConnection } from '../page/connection.type.js';
import { Account } from '../account/account.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { ListService } from './list.service.js';
import { List } from './list.type.js';

const READ = { scopes: acceptedScopes('read:lists'), user: true };

@Resolver(() => Viewer)
export class ViewerListsResolver {
  constructor(private readonly service: ListService) {}

  @FieldResolver(() => [List], { description: "The user's lists, oldest first (at most 50: a plain list). Scope read:lists." })
  @Access(READ)
  lists(@Ctx() ctx: StatusesContext): Promise<List[]> {
    return this.service.lists(ctx);
  }
}

/** A list's members and timeline, nested under it: the rules of `listAccounts` and `listTimeline` (the owner's lists only). */
@Resolver(() => List)
export class ListFieldsResolver {
  constructor(private readonly service: ListService) {}

  @FieldResolver(() => AccountConnection, { description: 'Its members, largest account id first, as a connection (the rows of `listAccounts`). Scope read:lists.' })
  @Access(READ)
  accounts(@Root() list: List, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.service.accountConnection(list.id, args, ctx);
  }

  @FieldResolver(() => StatusConnection, {
    description: "Statuses of its members the caller may see, per the replies policy, newest first, as a connection (the rows of `listTimeline`). Scope read:lists.",
  })
  @Access(READ)
  timeline(@Root() list: List, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<StatusConnection> {
    return this.service.timelineConnection(list.id, args, ctx);
  }
}

/** The caller's lists an account is in (docs/api/timelines.md#lists). */
@Resolver(() => Account)
export class AccountListsResolver {
  constructor(private readonly service: ListService) {}

  @FieldResolver(() => [List], { description: "The signed-in user's lists that contain this account, oldest first (GET /api/v1/accounts/:id/lists); empty for a suspended account. Scope read:lists." })
  @Access(READ)
  lists(@Root() account: Account, @Ctx() ctx: StatusesContext): Promise<List[]> {
    return this.service.containing(account.id, ctx);
  }
}
