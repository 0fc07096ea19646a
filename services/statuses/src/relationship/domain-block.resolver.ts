import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { ConnectionArgs } from '../page/connection.type.js';
import { PageArgs } from '../page/page.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { DomainBlockService } from './domain-block.service.js';
import { BlockDomainInput, BlockDomainPayload, DomainBlockConnection, DomainBlockPage, UnblockDomainInput, UnblockDomainPayload } from './domain-block.type.js';

/** The legacy follow scope still covers domain blocks (docs/api/oauth.md#scopes). */
const READ_BLOCKS = { scopes: ['follow', ...acceptedScopes('read:blocks')], user: true };
const WRITE_BLOCKS = { scopes: ['follow', ...acceptedScopes('write:blocks')], user: true };

/** The viewer's domain blocks (docs/api/domain-blocks.md). */
@Resolver(() => Viewer)
export class DomainBlockResolver {
  constructor(private readonly service: DomainBlockService) {}

  @Mutation(() => BlockDomainPayload, { description: 'Blocks a domain for the viewer (POST /api/v1/domain_blocks); idempotent.' })
  @Access(WRITE_BLOCKS)
  blockDomain(@Arg('input', () => BlockDomainInput, { description: 'The domain.' }) input: BlockDomainInput, @Ctx() ctx: StatusesContext): Promise<BlockDomainPayload> {
    return payload(async () => ({ domain: await this.service.block(input.domain, ctx) }), { domain: null });
  }

  @Mutation(() => UnblockDomainPayload, { description: 'Unblocks a domain (DELETE /api/v1/domain_blocks); succeeds also when it was not blocked.' })
  @Access(WRITE_BLOCKS)
  unblockDomain(@Arg('input', () => UnblockDomainInput, { description: 'The domain.' }) input: UnblockDomainInput, @Ctx() ctx: StatusesContext): Promise<UnblockDomainPayload> {
    return payload(async () => ({ domain: await this.service.unblock(input.domain, ctx) }), { domain: null });
  }

  @Query(() => DomainBlockPage, { description: 'The viewer\'s blocked domains, newest block first; cursors are block ids (GET /api/v1/domain_blocks).' })
  @Access(READ_BLOCKS)
  domainBlocks(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<DomainBlockPage> {
    return this.service.list(page, ctx);
  }

  @FieldResolver(() => DomainBlockConnection, { name: 'domainBlocks', description: 'Domains the user blocks, newest block first, as a connection (the rows of `domainBlocks`). Scope read:blocks.' })
  @Access(READ_BLOCKS)
  domainBlockConnection(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<DomainBlockConnection> {
    return this.service.listConnection(args, ctx);
  }
}
