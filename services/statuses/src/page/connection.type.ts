import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
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

@ObjectType({ description: 'A status in a connection, with its cursor.' })
export class StatusEdge {
  @Field(() => String, { description: 'Opaque: pass it as after or before; do not decode it.' })
  cursor!: string;

  @Field(() => Status, { description: 'The status.' })
  node!: Status;
}

@ObjectType({ description: 'A page of statuses, newest first (Relay connection).' })
export class StatusConnection {
  @Field(() => [StatusEdge], { description: 'The statuses with their cursors, newest first.' })
  edges!: StatusEdge[];

  @Field(() => PageInfo, { description: 'Cursors of the ends and whether more follow.' })
  pageInfo!: PageInfo;
}
