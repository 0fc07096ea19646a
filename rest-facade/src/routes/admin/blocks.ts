/**
 * The moderators' blocks (docs/api/moderation.md; Mastodon's Api::V1::Admin::DomainBlocksController,
 * DomainAllowsController, EmailDomainBlocksController, IpBlocksController, CanonicalEmailBlocksController).
 * Every route needs a user token with its admin scope and a role with manage_federation (domain blocks and allows)
 * or manage_blocks (the others): 403 otherwise. Lists are newest first, max_id, since_id, min_id, limit (100 by
 * default, at most 200), with a Link header.
 * GET/POST /api/v1/admin/domain_blocks (domain, severity silence|suspend|noop, reject_media, reject_reports,
 *   private_comment, public_comment, obfuscate): a block already as strict is 422 with existing_domain_block.
 * GET/PUT/DELETE /api/v1/admin/domain_blocks/:id. GET/POST /api/v1/admin/domain_allows (domain), GET/DELETE :id.
 * GET/POST /api/v1/admin/email_domain_blocks (domain), GET/DELETE :id.
 * GET/POST /api/v1/admin/ip_blocks (ip, severity sign_up_requires_approval|sign_up_block|no_access, comment,
 *   expires_in), GET/PUT/DELETE :id.
 * GET/POST /api/v1/admin/canonical_email_blocks (email or canonical_email_hash), GET/DELETE :id, POST .../test (email).
 * DELETE answers {}; an unknown id is 404.
 */
import {
  adminCanonicalEmailBlockToMastodon, adminDomainAllowToMastodon, adminDomainBlockToMastodon, adminEmailDomainBlockToMastodon, adminIpBlockToMastodon,
} from '../../entities/admin-block/to-mastodon.js';
import {
  CreateCanonicalEmailBlock, CreateDomainAllow, CreateDomainBlock, CreateEmailDomainBlock, CreateIpBlock, DeleteCanonicalEmailBlock, DeleteDomainAllow,
  DeleteDomainBlock, DeleteEmailDomainBlock, DeleteIpBlock, GetAdminCanonicalEmailBlock, GetAdminCanonicalEmailBlocks, GetAdminDomainAllow, GetAdminDomainAllows,
  GetAdminDomainBlock, GetAdminDomainBlocks, GetAdminEmailDomainBlock, GetAdminEmailDomainBlocks, GetAdminIpBlock, GetAdminIpBlocks, TestCanonicalEmailBlocks,
  UpdateDomainBlock, UpdateIpBlock, type UpdateIpBlockInput,
} from '../../gql/operations.js';
import type { Operation } from '../../gateway-client.js';
import { run, runMutation } from '../../http/context.js';
import { HttpError, userErrorsToGatewayError } from '../../http/errors.js';
import { pageQuery, setLinkHeader, type PageQuery } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import type { Request, Response } from 'express';
import type { FacadeServices } from '../../http/context.js';

const BLOCK_PAGE_SIZE = { default: 100, max: 200 } as const;
/** GraphQL's Int: a longer expires_in is no date either. */
const MAX_EXPIRES_IN = 2_147_483_647;

/** The severity word as sent: identity checks it (after the caller's permission), 422 outside its set. */
function severity(params: Params): string | null {
  return params.string('severity') || null;
}

/** expires_in in seconds: blank is never (0), absent is unchanged (undefined), as Mastodon's Expireable reads it. */
function expiresIn(params: Params): number | undefined {
  if (!params.has('expires_in') && !params.isNull('expires_in')) return undefined;
  const raw = params.string('expires_in') ?? '';
  if (raw.trim() === '') return 0;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_EXPIRES_IN) throw new HttpError(422, 'Validation failed: Expires in is invalid');
  return seconds;
}

/** An optional boolean: absent stays absent (an update keeps the value). */
function flag(params: Params, name: string): boolean | null {
  return params.boolean(name) ?? null;
}

function text(params: Params, name: string): string | null {
  return params.string(name) ?? null;
}

interface PageResult<T> {
  page: { items: T[]; nextMaxId: string | null; prevMinId: string | null };
}

/** GET <path>: a page of entries, Link header, each mapped. */
function listRoute<T, Variables extends PageQuery>(
  path: string,
  scope: string,
  summary: string,
  entity: string,
  operation: Operation<PageResult<T>, Partial<Variables>>,
  map: (item: T) => Record<string, unknown>,
): Route {
  return {
    method: 'get',
    path,
    scopes: userScopes(scope),
    doc: { summary, responds: [entity], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, BLOCK_PAGE_SIZE);
      const data = await run(services, req, res, operation, page as Partial<Variables>);
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path, keep: { limit: params.string('limit') }, style: 'list', limit: page.limit });
      res.json(data.page.items.map(map));
    },
  };
}

/** GET <path>/:id: one entry. */
function showRoute<Result, T>(path: string, scope: string, summary: string, entity: string, operation: Operation<Result, { id: string }>, pick: (data: Result) => T, map: (item: T) => Record<string, unknown>): Route {
  return {
    method: 'get',
    path: `${path}/:id`,
    scopes: userScopes(scope),
    doc: { summary, responds: entity },
    async handle(services, req, res) {
      const data = await run(services, req, res, operation, { id: pathParam(req, 'id') });
      res.json(map(pick(data)));
    },
  };
}

/** DELETE <path>/:id: {}. */
function deleteRoute<Field extends string, Key extends string>(
  path: string,
  scope: string,
  summary: string,
  operation: Operation<{ [F in Field]: unknown }, { input: { [K in Key]: string } }>,
  field: Field,
  key: Key,
): Route {
  return {
    method: 'delete',
    path: `${path}/:id`,
    scopes: userScopes(scope),
    doc: { summary, responds: 'Empty' },
    async handle(services, req, res) {
      const input = { [key]: pathParam(req, 'id') } as { [K in Key]: string };
      await runMutation<{ deleted: unknown }>(services, req, res, operation as Operation, { input }, field);
      res.json({});
    },
  };
}

/** POST /api/v1/admin/domain_blocks: a block already as strict answers 422 with it (Mastodon's ExistingDomainBlockErrorSerializer). */
async function createDomainBlock(services: FacadeServices, req: Request, res: Response): Promise<void> {
  const params = Params.of(req);
  const input = {
    domain: params.string('domain') ?? '',
    severity: severity(params),
    rejectMedia: flag(params, 'reject_media'),
    rejectReports: flag(params, 'reject_reports'),
    privateComment: text(params, 'private_comment'),
    publicComment: text(params, 'public_comment'),
    obfuscate: flag(params, 'obfuscate'),
  };
  const data = await run(services, req, res, CreateDomainBlock, { input });
  const payload = data.createDomainBlock;
  if (payload.existingDomainBlock) {
    res.status(422).json({ error: payload.errors[0]?.message ?? 'Validation failed', existing_domain_block: adminDomainBlockToMastodon(payload.existingDomainBlock) });
    return;
  }
  if (payload.errors.length > 0 || !payload.domainBlock) throw userErrorsToGatewayError(payload.errors);
  res.json(adminDomainBlockToMastodon(payload.domainBlock));
}

const DOMAIN_BLOCK_PARAMS = {
  domain: 'string', severity: 'string', reject_media: 'boolean', reject_reports: 'boolean', private_comment: 'string', public_comment: 'string', obfuscate: 'boolean',
} as const;

const DOMAIN_BLOCKS = '/api/v1/admin/domain_blocks';
const DOMAIN_ALLOWS = '/api/v1/admin/domain_allows';
const EMAIL_DOMAIN_BLOCKS = '/api/v1/admin/email_domain_blocks';
const IP_BLOCKS = '/api/v1/admin/ip_blocks';
const CANONICAL_EMAIL_BLOCKS = '/api/v1/admin/canonical_email_blocks';

export const adminBlockRoutes: Route[] = [
  // ---------------------------------------------------------------- domain blocks (manage_federation)
  listRoute(DOMAIN_BLOCKS, 'admin:read:domain_blocks', 'Blocked domains, for moderators', 'AdminDomainBlock', GetAdminDomainBlocks, adminDomainBlockToMastodon),
  {
    method: 'post',
    path: DOMAIN_BLOCKS,
    scopes: userScopes('admin:write:domain_blocks'),
    doc: { summary: 'Block a domain', responds: 'AdminDomainBlock', params: { ...DOMAIN_BLOCK_PARAMS, domain: 'string!' } },
    handle: createDomainBlock,
  },
  showRoute(DOMAIN_BLOCKS, 'admin:read:domain_blocks', 'One blocked domain', 'AdminDomainBlock', GetAdminDomainBlock, (data) => data.adminDomainBlock, adminDomainBlockToMastodon),
  {
    method: 'put',
    path: `${DOMAIN_BLOCKS}/:id`,
    scopes: userScopes('admin:write:domain_blocks'),
    doc: { summary: 'Change a domain block', responds: 'AdminDomainBlock', params: DOMAIN_BLOCK_PARAMS },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = {
        domainBlockId: pathParam(req, 'id'),
        severity: severity(params),
        rejectMedia: flag(params, 'reject_media'),
        rejectReports: flag(params, 'reject_reports'),
        privateComment: text(params, 'private_comment'),
        publicComment: text(params, 'public_comment'),
        obfuscate: flag(params, 'obfuscate'),
      };
      const { domainBlock } = await runMutation(services, req, res, UpdateDomainBlock, { input }, 'updateDomainBlock');
      res.json(adminDomainBlockToMastodon(domainBlock));
    },
  },
  deleteRoute(DOMAIN_BLOCKS, 'admin:write:domain_blocks', 'Lift a domain block', DeleteDomainBlock, 'deleteDomainBlock', 'domainBlockId'),

  // ---------------------------------------------------------------- domain allows (manage_federation)
  listRoute(DOMAIN_ALLOWS, 'admin:read:domain_allows', 'Allowed domains, for moderators', 'AdminDomainAllow', GetAdminDomainAllows, adminDomainAllowToMastodon),
  {
    method: 'post',
    path: DOMAIN_ALLOWS,
    scopes: userScopes('admin:write:domain_allows'),
    doc: { summary: 'Allow a domain', responds: 'AdminDomainAllow', params: { domain: 'string!' } },
    async handle(services, req, res) {
      const input = { domain: Params.of(req).string('domain') ?? '' };
      const { domainAllow } = await runMutation(services, req, res, CreateDomainAllow, { input }, 'createDomainAllow');
      res.json(adminDomainAllowToMastodon(domainAllow));
    },
  },
  showRoute(DOMAIN_ALLOWS, 'admin:read:domain_allows', 'One allowed domain', 'AdminDomainAllow', GetAdminDomainAllow, (data) => data.adminDomainAllow, adminDomainAllowToMastodon),
  deleteRoute(DOMAIN_ALLOWS, 'admin:write:domain_allows', 'Remove an allowed domain', DeleteDomainAllow, 'deleteDomainAllow', 'domainAllowId'),

  // ---------------------------------------------------------------- e-mail domain blocks (manage_blocks)
  listRoute(EMAIL_DOMAIN_BLOCKS, 'admin:read:email_domain_blocks', 'Blocked e-mail domains, for moderators', 'AdminEmailDomainBlock', GetAdminEmailDomainBlocks, adminEmailDomainBlockToMastodon),
  {
    method: 'post',
    path: EMAIL_DOMAIN_BLOCKS,
    scopes: userScopes('admin:write:email_domain_blocks'),
    doc: { summary: 'Block sign-ups from an e-mail domain', responds: 'AdminEmailDomainBlock', params: { domain: 'string!' } },
    async handle(services, req, res) {
      const input = { domain: Params.of(req).string('domain') ?? '' };
      const { emailDomainBlock } = await runMutation(services, req, res, CreateEmailDomainBlock, { input }, 'createEmailDomainBlock');
      res.json(adminEmailDomainBlockToMastodon(emailDomainBlock));
    },
  },
  showRoute(
    EMAIL_DOMAIN_BLOCKS, 'admin:read:email_domain_blocks', 'One blocked e-mail domain', 'AdminEmailDomainBlock', GetAdminEmailDomainBlock,
    (data) => data.adminEmailDomainBlock, adminEmailDomainBlockToMastodon,
  ),
  deleteRoute(EMAIL_DOMAIN_BLOCKS, 'admin:write:email_domain_blocks', 'Lift an e-mail domain block', DeleteEmailDomainBlock, 'deleteEmailDomainBlock', 'emailDomainBlockId'),

  // ---------------------------------------------------------------- IP blocks (manage_blocks)
  listRoute(IP_BLOCKS, 'admin:read:ip_blocks', 'IP blocks, for moderators', 'AdminIpBlock', GetAdminIpBlocks, adminIpBlockToMastodon),
  {
    method: 'post',
    path: IP_BLOCKS,
    scopes: userScopes('admin:write:ip_blocks'),
    doc: { summary: 'Block an address range', responds: 'AdminIpBlock', params: { ip: 'string!', severity: 'string!', comment: 'string', expires_in: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { ip: params.string('ip') ?? '', severity: severity(params), comment: text(params, 'comment'), expiresIn: expiresIn(params) ?? null };
      const { ipBlock } = await runMutation(services, req, res, CreateIpBlock, { input }, 'createIpBlock');
      res.json(adminIpBlockToMastodon(ipBlock));
    },
  },
  showRoute(IP_BLOCKS, 'admin:read:ip_blocks', 'One IP block', 'AdminIpBlock', GetAdminIpBlock, (data) => data.adminIpBlock, adminIpBlockToMastodon),
  {
    method: 'put',
    path: `${IP_BLOCKS}/:id`,
    scopes: userScopes('admin:write:ip_blocks'),
    doc: { summary: 'Change an IP block', responds: 'AdminIpBlock', params: { ip: 'string', severity: 'string', comment: 'string', expires_in: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const expires = expiresIn(params);
      const input: UpdateIpBlockInput = {
        ipBlockId: pathParam(req, 'id'),
        ip: text(params, 'ip'),
        severity: severity(params),
        comment: text(params, 'comment'),
        // Absent keeps the expiry: the key is left out, since null would mean never.
        ...(expires === undefined ? {} : { expiresIn: expires }),
      };
      const { ipBlock } = await runMutation(services, req, res, UpdateIpBlock, { input }, 'updateIpBlock');
      res.json(adminIpBlockToMastodon(ipBlock));
    },
  },
  deleteRoute(IP_BLOCKS, 'admin:write:ip_blocks', 'Lift an IP block', DeleteIpBlock, 'deleteIpBlock', 'ipBlockId'),

  // ---------------------------------------------------------------- canonical e-mail blocks (manage_blocks)
  listRoute(
    CANONICAL_EMAIL_BLOCKS, 'admin:read:canonical_email_blocks', 'Canonical e-mail blocks, for moderators', 'AdminCanonicalEmailBlock', GetAdminCanonicalEmailBlocks,
    adminCanonicalEmailBlockToMastodon,
  ),
  {
    method: 'post',
    path: `${CANONICAL_EMAIL_BLOCKS}/test`,
    scopes: userScopes('admin:read:canonical_email_blocks'),
    doc: { summary: 'The canonical e-mail blocks an address matches', responds: ['AdminCanonicalEmailBlock'], params: { email: 'string!' } },
    async handle(services, req, res) {
      const data = await run(services, req, res, TestCanonicalEmailBlocks, { email: Params.of(req).string('email') ?? '' });
      res.json(data.adminCanonicalEmailBlocksMatching.map(adminCanonicalEmailBlockToMastodon));
    },
  },
  {
    method: 'post',
    path: CANONICAL_EMAIL_BLOCKS,
    scopes: userScopes('admin:write:canonical_email_blocks'),
    doc: { summary: 'Block an address from signing up', responds: 'AdminCanonicalEmailBlock', params: { email: 'string', canonical_email_hash: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { email: text(params, 'email'), canonicalEmailHash: text(params, 'canonical_email_hash') };
      const { canonicalEmailBlock } = await runMutation(services, req, res, CreateCanonicalEmailBlock, { input }, 'createCanonicalEmailBlock');
      res.json(adminCanonicalEmailBlockToMastodon(canonicalEmailBlock));
    },
  },
  showRoute(
    CANONICAL_EMAIL_BLOCKS, 'admin:read:canonical_email_blocks', 'One canonical e-mail block', 'AdminCanonicalEmailBlock', GetAdminCanonicalEmailBlock,
    (data) => data.adminCanonicalEmailBlock, adminCanonicalEmailBlockToMastodon,
  ),
  deleteRoute(CANONICAL_EMAIL_BLOCKS, 'admin:write:canonical_email_blocks', 'Lift a canonical e-mail block', DeleteCanonicalEmailBlock, 'deleteCanonicalEmailBlock', 'canonicalEmailBlockId'),
];
