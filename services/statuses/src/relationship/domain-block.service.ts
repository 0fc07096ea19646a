import { domainToASCII } from 'node:url';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import { cursors, pageRequest } from '../page/page.js';
import type { PageArgs } from '../page/page.type.js';
import type { DomainBlockData } from './domain-block.data.js';
import type { DomainBlockConnection, DomainBlockPage } from './domain-block.type.js';

/** Mastodon's page of domain blocks: 100 by default, at most 200. */
const DOMAIN_BLOCK_PAGE = { default: 100, max: 200 } as const;
/** The longest domain name DNS allows; anything longer is refused unread (docs/limits.md). */
const DOMAIN_LIMIT = 253;
const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * A user's own domain blocks (docs/api/domain-blocks.md). Every account is
 * local for now, so a block changes no answer yet: it is kept and listed,
 * ready for remote accounts.
 */
export class DomainBlockService {
  constructor(
    private readonly data: DomainBlockData,
    /** This server's own host, which cannot be blocked. */
    private readonly ownDomain: string,
  ) {}

  async block(domain: string | null, ctx: StatusesContext): Promise<string> {
    const normalised = this.normalise(domain);
    await this.data.block(BigInt(ctx.principal.accountId as string), normalised);
    return normalised;
  }

  /** Succeeds also when the domain was not blocked. */
  async unblock(domain: string | null, ctx: StatusesContext): Promise<string> {
    const normalised = this.normalise(domain);
    await this.data.unblock(BigInt(ctx.principal.accountId as string), normalised);
    return normalised;
  }

  async list(args: PageArgs, ctx: StatusesContext): Promise<DomainBlockPage> {
    const rows = await this.data.list(BigInt(ctx.principal.accountId as string), pageRequest(args, DOMAIN_BLOCK_PAGE));
    return { items: rows.map((row) => row.domain), ...cursors(rows.map((row) => row.id)) };
  }

  listConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<DomainBlockConnection> {
    const accountId = BigInt(ctx.principal.accountId as string);
    return connection(args, {
      rows: (page) => this.data.list(accountId, page),
      cursorOf: (row) => row.id,
      nodesOf: async (rows) => rows.map((row) => ({ domain: row.domain })),
    });
  }

  /** Trimmed, lowercase, IDNA ASCII; blank, malformed or this server's own domain is refused. */
  private normalise(domain: string | null): string {
    const field = ['input', 'domain'];
    const text = (domain ?? '').trim();
    if (text === '') throw AppError.validation(["Domain can't be blank"], undefined, field);
    const ascii = text.length > DOMAIN_LIMIT ? '' : domainToASCII(text.toLowerCase());
    if (ascii === '' || ascii.length > DOMAIN_LIMIT || !ascii.split('.').every((label) => LABEL.test(label))) {
      throw AppError.validation(['Domain is not a valid domain name'], undefined, field);
    }
    if (ascii === this.ownDomain) throw AppError.validation(['Domain cannot be this server\'s own domain'], undefined, field);
    return ascii;
  }
}
