import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs, StatusPage } from '../page/page.type.js';
import type { ListService } from './list.service.js';
import { List, ListInput } from './list.type.js';

const READ = { scopes: acceptedScopes('read:lists'), user: true };
const WRITE = { scopes: acceptedScopes('write:lists'), user: true };
const listId = () => Arg('id', () => ID, { description: "One of the caller's lists." });

@Resolver(() => List)
export class ListResolver {
  constructor(private readonly service: ListService) {}

  @Query(() => [List], { description: "The caller's lists, oldest first." })
  @Access(READ)
  lists(@Ctx() ctx: StatusesContext): Promise<List[]> {
    return this.service.lists(ctx);
  }

  @Query(() => List, { description: "One of the caller's lists; another's is Record not found." })
  @Access(READ)
  list(@listId() id: string, @Ctx() ctx: StatusesContext): Promise<List> {
    return this.service.get(id, ctx);
  }

  @Query(() => AccountPage, {
    description: 'Members of the list, largest account id first (cursors are account ids); limit 0 gives all of them.',
    deprecationReason: 'Use List.accounts (a connection).',
  })
  @Access(READ)
  listAccounts(@listId() id: string, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<AccountPage> {
    return this.service.accounts(id, page, ctx);
  }

  @Query(() => StatusPage, { description: "Statuses of the list's members the caller may see, per the replies policy, newest first.", deprecationReason: 'Use List.timeline (a connection).' })
  @Access(READ)
  listTimeline(@listId() id: string, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<StatusPage> {
    return this.service.timeline(id, page, ctx);
  }

  @Mutation(() => List, { description: 'Creates a list (at most 50 per account).' })
  @Access(WRITE)
  createList(@Arg('input', () => ListInput, { description: 'Title (required), replies policy and exclusivity.' }) input: ListInput, @Ctx() ctx: StatusesContext): Promise<List> {
    return this.service.create(input, ctx);
  }

  @Mutation(() => List, { description: 'Changes the title, replies policy or exclusivity of a list.' })
  @Access(WRITE)
  updateList(@listId() id: string, @Arg('input', () => ListInput, { description: 'The settings to change; those left out keep their values.' }) input: ListInput, @Ctx() ctx: StatusesContext): Promise<List> {
    return this.service.update(id, input, ctx);
  }

  @Mutation(() => Boolean, { description: 'Deletes a list with its members.' })
  @Access(WRITE)
  deleteList(@listId() id: string, @Ctx() ctx: StatusesContext): Promise<boolean> {
    return this.service.delete(id, ctx);
  }

  @Mutation(() => Boolean, { description: 'Adds accounts the caller follows (or the caller), all or none.' })
  @Access(WRITE)
  addListAccounts(
    @listId() id: string,
    @Arg('accountIds', () => [ID], { description: 'Accounts to add, at least one: each must exist, not be a member yet, and be followed by the caller (or be the caller).' }) accountIds: string[],
    @Ctx() ctx: StatusesContext,
  ): Promise<boolean> {
    return this.service.addAccounts(id, accountIds, ctx);
  }

  @Mutation(() => Boolean, { description: 'Removes accounts from a list; accounts that are not members are ignored.' })
  @Access(WRITE)
  removeListAccounts(
    @listId() id: string,
    @Arg('accountIds', () => [ID], { description: 'Accounts to remove; ids that are not members are ignored.' }) accountIds: string[],
    @Ctx() ctx: StatusesContext,
  ): Promise<boolean> {
    return this.service.removeAccounts(id, accountIds, ctx);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the account is a member (streaming routes deletions with it).' })
  hasAccount(@Root() list: List, @Arg('accountId', () => ID, { description: 'The account to look for.' }) accountId: string, @Ctx() ctx: StatusesContext): Promise<boolean> {
    return this.service.hasAccount(list.id, accountId, ctx);
  }
}
