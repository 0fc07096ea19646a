import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import { ACCOUNT_PAGE, cursors, pageRequest } from '../page/page.js';
import type { AccountPage, PageArgs } from '../page/page.type.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AccountConnection } from '../page/connection.type.js';
import { accountRows } from '../page/connection-sources.js';
import type { EndorsementData } from './endorsement.data.js';
import type { RelationshipService } from './relationship.service.js';
import type { Relationship } from './relationship.type.js';

/**
 * Endorsements: accounts a user features on their profile, only accounts
 * they follow (Mastodon's AccountPin; docs/api/accounts.md#endorsements).
 * Answers go through the relationship rules, so an unknown or suspended
 * account is Record not found there too.
 */
export class EndorsementService {
  constructor(
    private readonly data: EndorsementData,
    private readonly relationships: RelationshipService,
  ) {}

  async endorse(targetId: string, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const target = await this.existing(targetId);
    if (!(await this.data.follows(viewerId, target))) throw AppError.validation(['You must be already following the person you want to endorse'], undefined, ['input', 'accountId']);
    await this.data.endorse(viewerId, target);
    return this.relationshipWith(target, ctx);
  }

  /** Answers the relationship also when the account was not endorsed. */
  async unendorse(targetId: string, ctx: StatusesContext): Promise<Relationship> {
    const target = await this.existing(targetId);
    await this.data.unendorse(BigInt(ctx.principal.accountId as string), target);
    return this.relationshipWith(target, ctx);
  }

  /** The accounts an account endorses as a REST page; cursors are endorsement ids. The viewer's own when accountId is null. */
  async list(accountId: string | null, args: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const owner = accountId === null ? BigInt(ctx.principal.accountId as string) : await this.existing(accountId);
    const rows = await this.data.list(owner, pageRequest(args, ACCOUNT_PAGE));
    return {
      items: await Promise.all(rows.map(async (row) => ({ id: row.accountId.toString(), ...(await ctx.accountStats.load(row.accountId.toString())) }))),
      ...cursors(rows.map((row) => row.pinId)),
    };
  }

  /** An existing account's endorsements as a connection: the rows of list(). */
  listConnection(accountId: string, args: ConnectionRequest, ctx: StatusesContext): Promise<AccountConnection> {
    return connection(args, accountRows((page) => this.data.list(BigInt(accountId), page), (row) => row.pinId, ctx));
  }

  private async relationshipWith(target: bigint, ctx: StatusesContext): Promise<Relationship> {
    return (await this.relationships.relationships([target.toString()], ctx))[0];
  }

  /** An existing, unsuspended account's id; Record not found otherwise. */
  private async existing(id: string): Promise<bigint> {
    const [found] = await this.relationships.existingOf([id]);
    if (found === undefined) throw AppError.notFound();
    return found;
  }
}
