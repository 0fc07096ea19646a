import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root, type ClassType } from 'type-graphql';
import { parseId } from '@social/db';
import { AppError, orNullIfNotFound } from '@social/errors';
import { acceptedScopes, assertOptionalAccess, decodeGlobalId, encodeGlobalId } from '@social/federation';
import { Account } from '../account/account.type.js';
import { resolveAccountReference } from '../account/account.reference.js';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import { Conversation } from '../conversation/conversation.type.js';
import { List } from '../list/list.type.js';
import { Notification } from '../notification/notification.type.js';
import { Poll } from '../poll/poll.type.js';
import type { NodeData } from './node.data.js';
import { MediaAttachmentReference, Node, NODE_TYPES, type NodeTypeName } from './node.type.js';

/** As many as GitHub's `nodes` takes: enough for a screen, bounded for the database. */
const MAX_NODES = 100;

const USER_OWNED: ReadonlySet<NodeTypeName> = new Set(['Notification', 'List', 'Conversation']);

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
    private readonly owned: OwnedNodeFinders,
  ) {}

  @Query(() => Node, {
    nullable: true,
    description:
      'The object a global id (`nodeId`) names; null when the id is malformed, names nothing, or names what the caller may not see (the rules of `status(id)` for a status, of `notification(id)`, `list(id)`, `conversation(id)`, `poll(id)` for those: only their owner sees them, a poll whoever sees its status). A token needs the scope of the type (read:statuses; read:accounts for an account, read:notifications for a notification, read:lists for a list). Public.',
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
      default:
        // A user's own objects are nobody's to see without a signed-in user.
        if (USER_OWNED.has(type) && !(ctx.principal.kind === 'user' && ctx.principal.accountId)) return null;
        return orNullIfNotFound(this.owned[type](id, ctx));
    }
  }

  private async visibleStatus(id: string, ctx: StatusesContext): Promise<Status | null> {
    const record = await orNullIfNotFound(this.statuses.view(id, ctx));
    return record ? this.statuses.toStatus(record, ctx) : null;
  }
}

const nodeIdField = { description: 'Global id: see Node.nodeId.' };

/** The nodeId of one node type: its type and Mastodon id, encoded. */
function nodeIdResolver(type: NodeTypeName, of: ClassType<{ id: string }>): object {
  @Resolver(() => of)
  class NodeIdResolver {
    @FieldResolver(() => ID, nodeIdField)
    nodeId(@Root() node: { id: string }): string {
      return encodeGlobalId(type, node.id);
    }
  }
  return new NodeIdResolver();
}

/**
 * The node types this subgraph owns whole, each found by the service of its
 * own root query (`notification(id)`, `list(id)`, `conversation(id)`,
 * `poll(id)`), so ownership and visibility are theirs: what that query
 * refuses as not found is a null node.
 */
export type OwnedNodeFinders = Record<'Notification' | 'List' | 'Conversation' | 'Poll', (id: string, ctx: StatusesContext) => Promise<object>>;

export function nodeResolvers(statuses: StatusService, data: NodeData, owned: OwnedNodeFinders): object[] {
  return [
    new NodeResolver(statuses, data, owned),
    nodeIdResolver('Status', Status),
    nodeIdResolver('Account', Account),
    nodeIdResolver('MediaAttachment', MediaAttachmentReference),
    nodeIdResolver('Notification', Notification),
    nodeIdResolver('List', List),
    nodeIdResolver('Conversation', Conversation),
    nodeIdResolver('Poll', Poll),
  ];
}
