import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { Status } from '../status/status.type.js';

@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, description: 'How many items from the start (the newest), or after `after`: 0 to 40, default 20.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: "Only items after this cursor (older): a previous page's `pageInfo.endCursor`." })
  after?: string | null;

  @Field(() => Int, { nullable: true, description: 'How many items from the end (the oldest), or right before `before`: 0 to 40, default 20.' })
  last?: number | null;

  @Field(() => String, { nullable: true, description: "Only items before this cursor (newer): a page's `pageInfo.startCursor`." })
  before?: string | null;
}

@ObjectType({ description: 'Where a connection page stands in its list (Relay).' })
export class PageInfo {
  @Field(() => Boolean, { description: 'Whether older items follow, when paging with first/after; false when paging with last/before.' })
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: 'Whether newer items precede, when paging with last/before; false when paging with first/after.' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: "The first edge's cursor; null when the page is empty." })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: "The last edge's cursor; null when the page is empty." })
  endCursor!: string | null;
}

/**
 * The `XEdge` and `XConnection` types of one node type: every connection has
 * this shape (edges with an opaque cursor, the shared PageInfo), so a client
 * pages all of them with the same code.
 */
export function connectionType<Node extends object>(node: ClassType<Node>, name: string, items: string) {
  @ObjectType(`${name}Edge`, { description: `One of ${items} in a connection, with its cursor.` })
  class Edge {
    @Field(() => String, { description: 'Opaque: pass it as after or before; do not decode it.' })
    cursor!: string;

    @Field(() => node, { description: 'The item.' })
    node!: Node;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${items}, newest first (Relay connection).` })
  class Connection {
    @Field(() => [Edge], { description: 'The items with their cursors, newest first.' })
    edges!: Edge[];

    @Field(() => PageInfo, { description: 'Cursors of the ends and whether more follow.' })
    pageInfo!: PageInfo;
  }
  return Connection;
}

export const StatusConnection = connectionType(Status, 'Status', 'statuses');
export type StatusConnection = InstanceType<typeof StatusConnection>;

export const AccountConnection = connectionType(Account, 'Account', 'accounts');
export type AccountConnection = InstanceType<typeof AccountConnection>;
