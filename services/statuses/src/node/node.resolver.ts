import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { parseId } from '@social/db';
import { AppError, orNullIfNotFound } from '@social/errors';
import { acceptedScopes, assertOptionalAccess, decodeGlobalId, encodeGlobalId } from '@social/federation';
import { Account } from '../account/account.type.js';
import { resolveAccountReference } from '../account/account.reference.js';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { NodeData } from './node.data.js';
import { MediaAttachmentReference, Node, NODE_TYPES, type NodeTypeName } from './node.type.js';

/** As many as GitHub's `nodes` takes: enough for a screen, bounded for the database. */
const MAX_NODES = 100;

const isNodeType = (type: string): type is NodeTypeName => Object.hasOwn(NODE_TYPES, type);

/**
 * Global object lookup. This subgraph answers a node as a reference with the
 * fields it owns (the gateway fetches the rest from the subgraph that owns
 * the type) and decides, before answering, whether it exists and whether the
 * caller may see it: a reference the other subgraph could not complete would
 * be an error rather than a null.
 */
@Resolver()
class NodeResolver {
  constructor(
    private readonly statuses: StatusService,
    private readonly data: NodeData,
  ) {}

  @Query(() => Node, {
    nullable: true,
    description:
      'The object a global id (`nodeId`) names; null when the id is malformed, names nothing, or names what the caller may not see (the rules of `status(id)` for a status). A token needs the scope of the type (read:statuses, or read:accounts for an account). Public.',
  })
  async node(@Arg('id', () => ID, { description: 'A global id, as some `nodeId` gave it.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Node | null> {
    return this.resolve(id, ctx);
  }

  @Query(() => [Node], {
    nullable: 'items',
    description: `The objects these global ids name, in the order asked, each as \`node(id:)\` answers it (null where it would be null). At most ${MAX_NODES} ids. Public.`,
  })
  nodes(
    @Arg('ids', () => [ID], { description: `Global ids, at most ${MAX_NODES}.` }) ids: string[],
    @Ctx() ctx: StatusesContext,
  ): Array<Promise<Node | null>> {
    if (ids.length > MAX_NODES) throw AppError.validation([`Ids are too many (maximum is ${MAX_NODES})`]);
    // One promise per item: a refusal (a scope the token lacks) is an error at that index only.
    return ids.map((id) => this.resolve(id, ctx));
  }

  private async resolve(globalId: string, ctx: StatusesContext): Promise<Node | null> {
    const decoded = decodeGlobalId(globalId);
    if (!decoded || !isNodeType(decoded.type) || parseId(decoded.id) === null) return null;
    assertOptionalAccess(ctx.principal, acceptedScopes(NODE_TYPES[decoded.type]));
    const found = await this.find(decoded.type, decoded.id, ctx);
    return found ? ({ ...found, __typename: decoded.type } as unknown as Node) : null;
  }

  private async find(type: NodeTypeName, id: string, ctx: StatusesContext): Promise<object | null> {
    switch (type) {
      case 'Status':
        return this.visibleStatus(id, ctx);
      case 'Account':
        return (await ctx.usernames.load(id)) === null ? null : resolveAccountReference({ id }, ctx);
      case 'MediaAttachment': {
        const placement = await this.data.attachmentPlacement(BigInt(id));
        if (!placement) return null;
        // Posted media is seen with its status; until then only its owner sees it.
        const visible = placement.statusId !== null ? (await this.visibleStatus(placement.statusId, ctx)) !== null : placement.accountId === ctx.principal.accountId;
        return visible ? { id } : null;
      }
    }
  }

  private async visibleStatus(id: string, ctx: StatusesContext): Promise<Status | null> {
    const record = await orNullIfNotFound(this.statuses.view(id, ctx));
    return record ? this.statuses.toStatus(record, ctx) : null;
  }
}

const nodeIdField = { description: 'Global id: see Node.nodeId.' };

@Resolver(() => Status)
class StatusNodeIdResolver {
  @FieldResolver(() => ID, nodeIdField)
  nodeId(@Root() status: Status): string {
    return encodeGlobalId('Status', status.id);
  }
}

@Resolver(() => Account)
class AccountNodeIdResolver {
  @FieldResolver(() => ID, nodeIdField)
  nodeId(@Root() account: Account): string {
    return encodeGlobalId('Account', account.id);
  }
}

@Resolver(() => MediaAttachmentReference)
class MediaAttachmentNodeIdResolver {
  @FieldResolver(() => ID, nodeIdField)
  nodeId(@Root() attachment: MediaAttachmentReference): string {
    return encodeGlobalId('MediaAttachment', attachment.id);
  }
}

export function nodeResolvers(statuses: StatusService, data: NodeData): object[] {
  return [new NodeResolver(statuses, data), new StatusNodeIdResolver(), new AccountNodeIdResolver(), new MediaAttachmentNodeIdResolver()];
}
