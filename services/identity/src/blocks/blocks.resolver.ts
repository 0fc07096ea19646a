import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { AdminAccess, acceptedScopes, deletedPayload, payload } from '@social/federation';
import type { IdentityContext } from '../context.js';
import type { BlocksService } from './blocks.service.js';
import { AppError } from '@social/errors';
import type { DomainBlocksAudience } from '../config.js';
import {
  AdminCanonicalEmailBlock, AdminCanonicalEmailBlockPage, AdminDomainAllow, AdminDomainAllowPage, AdminDomainBlock, AdminDomainBlockPage, AdminEmailDomainBlock,
  AdminEmailDomainBlockPage, AdminIpBlock, AdminIpBlockPage, BlockPageArgs, CreateCanonicalEmailBlockInput, CreateCanonicalEmailBlockPayload, CreateDomainAllowInput,
  CreateDomainAllowPayload, CreateDomainBlockInput, CreateDomainBlockPayload, CreateEmailDomainBlockInput, CreateEmailDomainBlockPayload, CreateIpBlockInput,
  CreateIpBlockPayload, InstanceDomainBlock, DeleteCanonicalEmailBlock, DeleteDomainAllow, DeleteDomainBlock, DeleteEmailDomainBlock, DeleteIpBlock, UpdateDomainBlockInput,
  UpdateDomainBlockPayload, UpdateIpBlockInput, UpdateIpBlockPayload, type DeleteInput, type Page,
} from './blocks.type.js';

const scopes = (name: string) => ({ read: acceptedScopes(`admin:read:${name}`), write: acceptedScopes(`admin:write:${name}`) });
const DOMAIN_BLOCKS = scopes('domain_blocks');
const DOMAIN_ALLOWS = scopes('domain_allows');
const EMAIL_DOMAIN_BLOCKS = scopes('email_domain_blocks');
const IP_BLOCKS = scopes('ip_blocks');
const CANONICAL_EMAIL_BLOCKS = scopes('canonical_email_blocks');

/**
 * The moderators' blocks (docs/api/moderation.md): domain blocks and allows
 * need a role with manage_federation, e-mail domain, IP and canonical e-mail
 * blocks one with manage_blocks, besides the admin scope of each.
 */
@Resolver()
export class BlocksResolver {
  constructor(
    private readonly service: BlocksService,
    private readonly audience: { list: DomainBlocksAudience; rationale: DomainBlocksAudience } = { list: 'all', rationale: 'all' },
  ) {}

  // ------------------------------------------------------------ domain blocks

  @Query(() => AdminDomainBlockPage, { description: 'Domain blocks, newest first (GET /api/v1/admin/domain_blocks). Needs admin:read:domain_blocks and manage_federation.' })
  @AdminAccess(DOMAIN_BLOCKS.read, 'manage_federation')
  adminDomainBlocks(@Args(() => BlockPageArgs) args: BlockPageArgs): Promise<Page<AdminDomainBlock>> {
    return this.service.domainBlocks(args);
  }

  @Query(() => AdminDomainBlock, { description: 'One domain block (GET /api/v1/admin/domain_blocks/:id). Needs admin:read:domain_blocks and manage_federation.' })
  @AdminAccess(DOMAIN_BLOCKS.read, 'manage_federation')
  adminDomainBlock(@Arg('id', () => ID, { description: 'The block.' }) id: string): Promise<AdminDomainBlock> {
    return this.service.domainBlock(id);
  }

  @Mutation(() => CreateDomainBlockPayload, {
    description: 'Blocks a domain and its subdomains (POST /api/v1/admin/domain_blocks); refused, with the existing block, when one as strict covers it. Logged in the audit log.',
  })
  @AdminAccess(DOMAIN_BLOCKS.write, 'manage_federation')
  async createDomainBlock(@Arg('input', () => CreateDomainBlockInput, { description: 'The block.' }) input: CreateDomainBlockInput, @Ctx() ctx: IdentityContext): Promise<CreateDomainBlockPayload> {
    let existingDomainBlock: AdminDomainBlock | null = null;
    const result = await payload(
      async () => {
        try {
          return { domainBlock: (await this.service.createDomainBlock(input, ctx.principal)).domainBlock };
        } catch (error) {
          existingDomainBlock = (error as { existingDomainBlock?: AdminDomainBlock }).existingDomainBlock ?? null;
          throw error;
        }
      },
      { domainBlock: null },
    );
    return { ...result, existingDomainBlock };
  }

  @Mutation(() => UpdateDomainBlockPayload, { description: 'Changes a domain block (PUT /api/v1/admin/domain_blocks/:id). Logged in the audit log.' })
  @AdminAccess(DOMAIN_BLOCKS.write, 'manage_federation')
  updateDomainBlock(@Arg('input', () => UpdateDomainBlockInput, { description: 'What changes.' }) input: UpdateDomainBlockInput, @Ctx() ctx: IdentityContext): Promise<UpdateDomainBlockPayload> {
    return payload(async () => ({ domainBlock: await this.service.updateDomainBlock(input, ctx.principal) }), { domainBlock: null });
  }

  @Mutation(() => DeleteDomainBlock.Payload, { description: 'Lifts a domain block (DELETE /api/v1/admin/domain_blocks/:id). Logged in the audit log.' })
  @AdminAccess(DOMAIN_BLOCKS.write, 'manage_federation')
  deleteDomainBlock(@Arg('input', () => DeleteDomainBlock.Input, { description: 'The block.' }) input: DeleteInput, @Ctx() ctx: IdentityContext) {
    const id = input[DeleteDomainBlock.inputField];
    return deletedPayload('deletedDomainBlockId', id, () => this.service.deleteDomainBlock(id, ctx.principal));
  }

  @Query(() => [InstanceDomainBlock], {
    description:
      'The blocked servers as the public sees them (GET /api/v1/instance/domain_blocks); open to all unless SHOW_DOMAIN_BLOCKS limits it (then NOT_FOUND for those it leaves out).',
  })
  async instanceDomainBlocks(@Ctx() ctx: IdentityContext): Promise<InstanceDomainBlock[]> {
    const list = await this.service.publicDomainBlocks(ctx.principal, this.audience);
    if (list === null) throw AppError.notFound();
    return list;
  }

  // ------------------------------------------------------------ domain allows

  @Query(() => AdminDomainAllowPage, { description: 'Allowed domains, newest first (GET /api/v1/admin/domain_allows). Needs admin:read:domain_allows and manage_federation.' })
  @AdminAccess(DOMAIN_ALLOWS.read, 'manage_federation')
  adminDomainAllows(@Args(() => BlockPageArgs) args: BlockPageArgs): Promise<Page<AdminDomainAllow>> {
    return this.service.domainAllows(args);
  }

  @Query(() => AdminDomainAllow, { description: 'One allowed domain (GET /api/v1/admin/domain_allows/:id). Needs admin:read:domain_allows and manage_federation.' })
  @AdminAccess(DOMAIN_ALLOWS.read, 'manage_federation')
  adminDomainAllow(@Arg('id', () => ID, { description: 'The allow.' }) id: string): Promise<AdminDomainAllow> {
    return this.service.domainAllow(id);
  }

  @Mutation(() => CreateDomainAllowPayload, { description: 'Allows a domain (POST /api/v1/admin/domain_allows); an allowed domain answers its allow. Logged in the audit log.' })
  @AdminAccess(DOMAIN_ALLOWS.write, 'manage_federation')
  createDomainAllow(@Arg('input', () => CreateDomainAllowInput, { description: 'The domain.' }) input: CreateDomainAllowInput, @Ctx() ctx: IdentityContext): Promise<CreateDomainAllowPayload> {
    return payload(async () => ({ domainAllow: await this.service.createDomainAllow(input.domain, ctx.principal) }), { domainAllow: null });
  }

  @Mutation(() => DeleteDomainAllow.Payload, { description: 'Removes an allowed domain (DELETE /api/v1/admin/domain_allows/:id). Logged in the audit log.' })
  @AdminAccess(DOMAIN_ALLOWS.write, 'manage_federation')
  deleteDomainAllow(@Arg('input', () => DeleteDomainAllow.Input, { description: 'The allow.' }) input: DeleteInput, @Ctx() ctx: IdentityContext) {
    const id = input[DeleteDomainAllow.inputField];
    return deletedPayload('deletedDomainAllowId', id, () => this.service.deleteDomainAllow(id, ctx.principal));
  }

  // ------------------------------------------------------------ e-mail domain blocks

  @Query(() => AdminEmailDomainBlockPage, {
    description: 'Blocked e-mail domains, newest first (GET /api/v1/admin/email_domain_blocks). Needs admin:read:email_domain_blocks and manage_blocks.',
  })
  @AdminAccess(EMAIL_DOMAIN_BLOCKS.read, 'manage_blocks')
  adminEmailDomainBlocks(@Args(() => BlockPageArgs) args: BlockPageArgs): Promise<Page<AdminEmailDomainBlock>> {
    return this.service.emailDomainBlocks(args);
  }

  @Query(() => AdminEmailDomainBlock, {
    description: 'One blocked e-mail domain (GET /api/v1/admin/email_domain_blocks/:id). Needs admin:read:email_domain_blocks and manage_blocks.',
  })
  @AdminAccess(EMAIL_DOMAIN_BLOCKS.read, 'manage_blocks')
  adminEmailDomainBlock(@Arg('id', () => ID, { description: 'The block.' }) id: string): Promise<AdminEmailDomainBlock> {
    return this.service.emailDomainBlock(id);
  }

  @Mutation(() => CreateEmailDomainBlockPayload, {
    description: 'Blocks sign-ups with addresses of a domain and its subdomains (POST /api/v1/admin/email_domain_blocks). Logged in the audit log.',
  })
  @AdminAccess(EMAIL_DOMAIN_BLOCKS.write, 'manage_blocks')
  createEmailDomainBlock(
    @Arg('input', () => CreateEmailDomainBlockInput, { description: 'The domain.' }) input: CreateEmailDomainBlockInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<CreateEmailDomainBlockPayload> {
    return payload(async () => ({ emailDomainBlock: await this.service.createEmailDomainBlock(input.domain, ctx.principal) }), { emailDomainBlock: null });
  }

  @Mutation(() => DeleteEmailDomainBlock.Payload, { description: 'Lifts an e-mail domain block (DELETE /api/v1/admin/email_domain_blocks/:id). Logged in the audit log.' })
  @AdminAccess(EMAIL_DOMAIN_BLOCKS.write, 'manage_blocks')
  deleteEmailDomainBlock(@Arg('input', () => DeleteEmailDomainBlock.Input, { description: 'The block.' }) input: DeleteInput, @Ctx() ctx: IdentityContext) {
    const id = input[DeleteEmailDomainBlock.inputField];
    return deletedPayload('deletedEmailDomainBlockId', id, () => this.service.deleteEmailDomainBlock(id, ctx.principal));
  }

  // ------------------------------------------------------------ IP blocks

  @Query(() => AdminIpBlockPage, { description: 'IP blocks, newest first, expired ones included (GET /api/v1/admin/ip_blocks). Needs admin:read:ip_blocks and manage_blocks.' })
  @AdminAccess(IP_BLOCKS.read, 'manage_blocks')
  adminIpBlocks(@Args(() => BlockPageArgs) args: BlockPageArgs): Promise<Page<AdminIpBlock>> {
    return this.service.ipBlocks(args);
  }

  @Query(() => AdminIpBlock, { description: 'One IP block (GET /api/v1/admin/ip_blocks/:id). Needs admin:read:ip_blocks and manage_blocks.' })
  @AdminAccess(IP_BLOCKS.read, 'manage_blocks')
  adminIpBlock(@Arg('id', () => ID, { description: 'The block.' }) id: string): Promise<AdminIpBlock> {
    return this.service.ipBlock(id);
  }

  @Mutation(() => CreateIpBlockPayload, { description: 'Blocks an address range (POST /api/v1/admin/ip_blocks); applied to the next request. Logged in the audit log.' })
  @AdminAccess(IP_BLOCKS.write, 'manage_blocks')
  createIpBlock(@Arg('input', () => CreateIpBlockInput, { description: 'The block.' }) input: CreateIpBlockInput, @Ctx() ctx: IdentityContext): Promise<CreateIpBlockPayload> {
    return payload(async () => ({ ipBlock: await this.service.createIpBlock(input, ctx.principal) }), { ipBlock: null });
  }

  @Mutation(() => UpdateIpBlockPayload, { description: 'Changes an IP block (PUT /api/v1/admin/ip_blocks/:id). Logged in the audit log.' })
  @AdminAccess(IP_BLOCKS.write, 'manage_blocks')
  updateIpBlock(@Arg('input', () => UpdateIpBlockInput, { description: 'What changes.' }) input: UpdateIpBlockInput, @Ctx() ctx: IdentityContext): Promise<UpdateIpBlockPayload> {
    return payload(async () => ({ ipBlock: await this.service.updateIpBlock(input, ctx.principal) }), { ipBlock: null });
  }

  @Mutation(() => DeleteIpBlock.Payload, { description: 'Lifts an IP block (DELETE /api/v1/admin/ip_blocks/:id). Logged in the audit log.' })
  @AdminAccess(IP_BLOCKS.write, 'manage_blocks')
  deleteIpBlock(@Arg('input', () => DeleteIpBlock.Input, { description: 'The block.' }) input: DeleteInput, @Ctx() ctx: IdentityContext) {
    const id = input[DeleteIpBlock.inputField];
    return deletedPayload('deletedIpBlockId', id, () => this.service.deleteIpBlock(id, ctx.principal));
  }

  // ------------------------------------------------------------ canonical e-mail blocks

  @Query(() => AdminCanonicalEmailBlockPage, {
    description: 'Canonical e-mail blocks, newest first (GET /api/v1/admin/canonical_email_blocks). Needs admin:read:canonical_email_blocks and manage_blocks.',
  })
  @AdminAccess(CANONICAL_EMAIL_BLOCKS.read, 'manage_blocks')
  adminCanonicalEmailBlocks(@Args(() => BlockPageArgs) args: BlockPageArgs): Promise<Page<AdminCanonicalEmailBlock>> {
    return this.service.canonicalEmailBlocks(args);
  }

  @Query(() => AdminCanonicalEmailBlock, {
    description: 'One canonical e-mail block (GET /api/v1/admin/canonical_email_blocks/:id). Needs admin:read:canonical_email_blocks and manage_blocks.',
  })
  @AdminAccess(CANONICAL_EMAIL_BLOCKS.read, 'manage_blocks')
  adminCanonicalEmailBlock(@Arg('id', () => ID, { description: 'The block.' }) id: string): Promise<AdminCanonicalEmailBlock> {
    return this.service.canonicalEmailBlock(id);
  }

  @Query(() => [AdminCanonicalEmailBlock], {
    description: 'The canonical e-mail blocks an address matches (POST /api/v1/admin/canonical_email_blocks/test). Needs admin:read:canonical_email_blocks and manage_blocks.',
  })
  @AdminAccess(CANONICAL_EMAIL_BLOCKS.read, 'manage_blocks')
  adminCanonicalEmailBlocksMatching(@Arg('email', () => String, { description: 'The address to test.' }) email: string): Promise<AdminCanonicalEmailBlock[]> {
    return this.service.canonicalEmailBlocksMatching(email);
  }

  @Mutation(() => CreateCanonicalEmailBlockPayload, {
    description: 'Blocks an address, in its canonical form, from signing up (POST /api/v1/admin/canonical_email_blocks). Logged in the audit log.',
  })
  @AdminAccess(CANONICAL_EMAIL_BLOCKS.write, 'manage_blocks')
  createCanonicalEmailBlock(
    @Arg('input', () => CreateCanonicalEmailBlockInput, { description: 'The address or its hash.' }) input: CreateCanonicalEmailBlockInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<CreateCanonicalEmailBlockPayload> {
    return payload(async () => ({ canonicalEmailBlock: await this.service.createCanonicalEmailBlock(input, ctx.principal) }), { canonicalEmailBlock: null });
  }

  @Mutation(() => DeleteCanonicalEmailBlock.Payload, { description: 'Lifts a canonical e-mail block (DELETE /api/v1/admin/canonical_email_blocks/:id). Logged in the audit log.' })
  @AdminAccess(CANONICAL_EMAIL_BLOCKS.write, 'manage_blocks')
  deleteCanonicalEmailBlock(@Arg('input', () => DeleteCanonicalEmailBlock.Input, { description: 'The block.' }) input: DeleteInput, @Ctx() ctx: IdentityContext) {
    const id = input[DeleteCanonicalEmailBlock.inputField];
    return deletedPayload('deletedCanonicalEmailBlockId', id, () => this.service.deleteCanonicalEmailBlock(id, ctx.principal));
  }
}
