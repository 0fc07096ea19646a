import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, deletedPayload, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs, StatusPage } from '../page/page.type.js';
import type { ListService } from './list.service.js';
import {
  AddListAccountsInput,
  AddListAccountsPayload,
  CreateListPayload,
  DeleteListInput,
  DeleteListPayload,
  RemoveListAccountsInput,
  RemoveListAccountsPayload,
  UpdateListPayload,
} from './list.payload.js';
import { CreateListInput, List, UpdateListInput } from './list.type.js';

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

  @Query(() => [List], {
    description: "The caller's lists that contain an account, oldest first (GET /api/v1/accounts/:id/lists): NOT_FOUND for an unknown account, empty for a suspended one. `Account.lists` answers the same nested.",
  })
  @Access(READ)
  listsContaining(@Arg('accountId', () => ID, { description: 'The account.' }) accountId: string, @Ctx() ctx: StatusesContext): Promise<List[]> {
    return this.service.containingKnown(accountId, ctx);
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

  @Mutation(() => CreateListPayload, { description: 'Creates a list (at most 50 per account).' })
  @Access(WRITE)
  createList(@Arg('input', () => CreateListInput, { description: 'Title (required), replies policy and exclusivity.' }) input: CreateListInput, @Ctx() ctx: StatusesContext): Promise<CreateListPayload> {
    return payload(async () => ({ list: await this.service.create(input, ctx) }), { list: null });
  }

  @Mutation(() => UpdateListPayload, { description: 'Changes the title, replies policy or exclusivity of a list.' })
  @Access(WRITE)
  updateList(@Arg('input', () => UpdateListInput, { description: 'The list and the settings to change.' }) input: UpdateListInput, @Ctx() ctx: StatusesContext): Promise<UpdateListPayload> {
    return payload(async () => ({ list: await this.service.update(input.listId, input, ctx) }), { list: null });
  }

  @Mutation(() => DeleteListPayload, { description: 'Deletes a list with its members.' })
  @Access(WRITE)
  deleteList(@Arg('input', () => DeleteListInput, { description: 'The list.' }) input: DeleteListInput, @Ctx() ctx: StatusesContext): Promise<DeleteListPayload> {
    return deletedPayload('deletedListId', input.listId, () => this.service.delete(input.listId, ctx));
  }

  @Mutation(() => AddListAccountsPayload, { description: 'Adds accounts the caller follows (or the caller), all or none.' })
  @Access(WRITE)
  addListAccounts(@Arg('input', () => AddListAccountsInput, { description: 'The list and the accounts.' }) input: AddListAccountsInput, @Ctx() ctx: StatusesContext): Promise<AddListAccountsPayload> {
    return payload(async () => {
      await this.service.addAccounts(input.listId, input.accountIds, ctx);
      return { list: await this.service.get(input.listId, ctx) };
    }, { list: null });
  }

  @Mutation(() => RemoveListAccountsPayload, { description: 'Removes accounts from a list; accounts that are not members are ignored.' })
  @Access(WRITE)
  removeListAccounts(
    @Arg('input', () => RemoveListAccountsInput, { description: 'The list and the accounts.' }) input: RemoveListAccountsInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<RemoveListAccountsPayload> {
    return payload(async () => {
      await this.service.removeAccounts(input.listId, input.accountIds, ctx);
      return { list: await this.service.get(input.listId, ctx) };
    }, { list: null });
  }

  @FieldResolver(() => Boolean, { description: 'Whether the account is a member (streaming routes deletions with it).' })
  hasAccount(@Root() list: List, @Arg('accountId', () => ID, { description: 'The account to look for.' }) accountId: string, @Ctx() ctx: StatusesContext): Promise<boolean> {
    return this.service.hasAccount(list.id, accountId, ctx);
  }
}
