import { Directive, Field, ID, InterfaceType, ObjectType } from 'type-graphql';

/** The node types `node(id:)` answers; the value is the scope a token needs to read one. */
export const NODE_TYPES = {
  Account: 'read:accounts',
  Status: 'read:statuses',
  MediaAttachment: 'read:statuses',
  Notification: 'read:notifications',
  List: 'read:lists',
  Conversation: 'read:statuses',
  Poll: 'read:statuses',
} as const;
export type NodeTypeName = keyof typeof NODE_TYPES;

@InterfaceType('Node', {
  description:
    'An object with a global id: fetch it again with `node(id:)` or `nodes(ids:)`. Implemented by Account, Status, MediaAttachment, Notification, List, Conversation and Poll.',
  // Every value node(id:) returns is tagged with its type.
  resolveType: (value: { __typename?: string }) => value.__typename,
})
export abstract class Node {
  @Field(() => ID, {
    description:
      'Global id, unique across all types: pass it to `node(id:)`, or key a client cache by it. Opaque: do not decode it or build one; `id` is the Mastodon id.',
  })
  nodeId!: string;
}

/** media's MediaAttachment, as a reference: that subgraph answers its fields. */
@ObjectType('MediaAttachment', { implements: Node })
@Directive('@key(fields: "id")')
export class MediaAttachmentReference {
  @Field(() => ID, { description: 'Snowflake id.' })
  id!: string;
}
