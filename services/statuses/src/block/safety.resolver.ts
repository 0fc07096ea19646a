import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountConnection, ConnectionArgs } from '../page/connection.type.js';
import { AccountPage, PageArgs } from '../page/page.type.js';
import type { Relationship } from '../relationship/relationship.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { SafetyService } from './safety.service.js';
import {
  BlockAccountInput,
  BlockAccountPayload,
  MuteAccountInput,
  MuteAccountPayload,
  UnblockAccountInput,
  UnblockAccountPayload,
  UnmuteAccountInput,
  UnmuteAccountPayload,
} from './safety.type.js';

/** The legacy follow scope still covers blocks and mutes (docs/api/oauth.md#scopes). */
const scopes = (scope: string) => ({ scopes: ['follow', ...acceptedScopes(scope)], user: true });

const answer = (work: () => Promise<Relationship>) => payload(async () => ({ relationship: await work() }), { relationship: null });

/** Blocks and mutes of accounts, and the viewer's lists of them (docs/api/safety.md). */
@Resolver(() => Viewer)
export class SafetyResolver {
  constructor(private readonly service: SafetyService) {}

  @Mutation(() => BlockAccountPayload, { description: 'Blocks an account: follows both ways end, and neither sees the other\'s statuses. Idempotent.' })
  @Access(scopes('write:blocks'))
  blockAccount(@Arg('input', () => BlockAccountInput, { description: 'The account.' }) input: BlockAccountInput, @Ctx() ctx: StatusesContext): Promise<BlockAccountPayload> {
    return answer(() => this.service.block(input.accountId, ctx));
  }

  @Mutation(() => UnblockAccountPayload, { description: 'Unblocks an account; idempotent.' })
  @Access(scopes('write:blocks'))
  unblockAccount(@Arg('input', () => UnblockAccountInput, { description: 'The account.' }) input: UnblockAccountInput, @Ctx() ctx: StatusesContext): Promise<BlockAccountPayload> {
    return answer(() => this.service.unblock(input.accountId, ctx));
  }

  @Mutation(() => MuteAccountPayload, { description: 'Mutes an account (its statuses leave the viewer\'s feeds), or changes a mute\'s options.' })
  @Access(scopes('write:mutes'))
  muteAccount(@Arg('input', () => MuteAccountInput, { description: 'The account and the options.' }) input: MuteAccountInput, @Ctx() ctx: StatusesContext): Promise<BlockAccountPayload> {
    return answer(() => this.service.mute(input.accountId, { notifications: input.notifications ?? null, duration: input.duration ?? null }, ctx));
  }

  @Mutation(() => UnmuteAccountPayload, { description: 'Unmutes an account; idempotent.' })
  @Access(scopes('write:mutes'))
  unmuteAccount(@Arg('input', () => UnmuteAccountInput, { description: 'The account.' }) input: UnmuteAccountInput, @Ctx() ctx: StatusesContext): Promise<BlockAccountPayload> {
    return answer(() => this.service.unmute(input.accountId, ctx));
  }

  @Query(() => AccountPage, { description: 'The accounts the viewer blocks, newest block first; cursors are block ids (GET /api/v1/blocks).' })
  @Access(scopes('read:blocks'))
  blockedAccounts(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<AccountPage> {
    return this.service.list('blocks', page, ctx);
  }

  @Query(() => AccountPage, { description: 'The accounts the viewer mutes (lapsed mutes left out), newest mute first; cursors are mute ids (GET /api/v1/mutes).' })
  @Access(scopes('read:mutes'))
  mutedAccounts(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<AccountPage> {
    return this.service.list('mutes', page, ctx);
  }

  @FieldResolver(() => AccountConnection, { description: 'The accounts the user blocks, newest block first, as a connection (the rows of `blockedAccounts`). Scope read:blocks.' })
  @Access(scopes('read:blocks'))
  blocks(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.service.listConnection('blocks', args, ctx);
  }

  @FieldResolver(() => AccountConnection, { description: 'The accounts the user mutes, newest mute first, as a connection (the rows of `mutedAccounts`). Scope read:mutes.' })
  @Access(scopes('read:mutes'))
  mutes(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.service.listConnection('mutes', args, ctx);
  }
}
