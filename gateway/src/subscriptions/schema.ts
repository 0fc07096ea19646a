import { extendSchema, parse, type GraphQLFieldConfig, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { checkStreamAccess, openAccessStream, openStream, type StreamKind, type StreamOptions, type StreamPayload, type StreamSpec, type SubscriptionContext } from './streams.js';

/**
 * What the gateway adds to the federated API schema: `Subscription`, whose
 * events carry the subgraphs' own `Status` and `Notification`. Subgraphs do
 * not serve subscriptions; they publish ids on the event bus.
 */
export const SUBSCRIPTION_SDL = /* GraphQL */ `
"""What happened on a stream."""
enum StreamEventType {
  """First event of every stream: access was granted and the stream is live."""
  SUBSCRIBED
  """A new status: status."""
  UPDATE
  """A status the stream carries was edited: status, as it is now (Mastodon's status.update)."""
  STATUS_UPDATE
  """A status was deleted: deletedStatusId."""
  DELETE
  """A new notification: notification."""
  NOTIFICATION
  """A direct conversation of the subscriber's changed (a status arrived or went, or it was read): conversation."""
  CONVERSATION
  """The user's keyword filters changed (no payload)."""
  FILTERS_CHANGED
  """An announcement was published, or changed while published: announcement."""
  ANNOUNCEMENT
  """A reaction to an announcement was added or removed: announcementReaction."""
  ANNOUNCEMENT_REACTION
  """An announcement was unpublished or deleted: deletedAnnouncementId."""
  ANNOUNCEMENT_DELETE
}

"""A reaction count of an announcement, as it changed."""
type StreamAnnouncementReaction {
  """The announcement."""
  announcementId: ID!
  """The emoji: unicode, or a custom emoji's shortcode."""
  name: String!
  """How many users reacted with it now."""
  count: Int!
}

"""One event of a stream."""
type StreamEvent {
  """What happened; says which of the other fields is set."""
  type: StreamEventType!
  """UPDATE and STATUS_UPDATE: the status as the subscriber sees it (public streams: as anyone sees it)."""
  status: Status
  """DELETE: the deleted status."""
  deletedStatusId: ID
  """NOTIFICATION: the subscriber's notification."""
  notification: Notification
  """CONVERSATION: the subscriber's conversation as it is now."""
  conversation: Conversation
  """ANNOUNCEMENT: the announcement as the subscriber sees it now."""
  announcement: Announcement
  """ANNOUNCEMENT_REACTION: the reaction count that changed."""
  announcementReaction: StreamAnnouncementReaction
  """ANNOUNCEMENT_DELETE: the announcement unpublished or deleted."""
  deletedAnnouncementId: ID
}

"""The streams, as Mastodon names them."""
enum StreamKind {
  """The home timeline and notifications (Mastodon's user)."""
  USER
  """Notifications only (Mastodon's user:notification)."""
  USER_NOTIFICATION
  """Public statuses (Mastodon's public)."""
  PUBLIC
  """Public statuses with a hashtag (Mastodon's hashtag)."""
  HASHTAG
  """One of the caller's lists (Mastodon's list)."""
  LIST
  """Direct conversations (Mastodon's direct)."""
  DIRECT
}

"""Live streams (graphql-ws on the gateway's /graphql). Revoking the token ends them with UNAUTHENTICATED."""
type Subscription {
  """The home timeline (own statuses and followed accounts'), notifications (with read:notifications), filter changes and announcements. A user token with read:statuses; notificationsOnly: read:notifications."""
  user("""Only notifications (Mastodon's user:notification).""" notificationsOnly: Boolean = false): StreamEvent!
  """Public statuses (no boosts, no replies to others). Open without a token unless the instance is authorized-only."""
  public(
    """Only statuses of this server's accounts."""
    local: Boolean = false
    """Only statuses with media attachments."""
    onlyMedia: Boolean = false
    """Only statuses of other servers' accounts."""
    remote: Boolean = false
  ): StreamEvent!
  """Public statuses with a hashtag."""
  hashtag("""The hashtag, without #, any case.""" tag: String!, """Only statuses of this server's accounts.""" local: Boolean = false): StreamEvent!
  """Statuses of one of the caller's lists (read:lists)."""
  list("""The list.""" id: ID!): StreamEvent!
  """The caller's direct conversations: a CONVERSATION event each time one changes. A user token with read:statuses."""
  direct: StreamEvent!
  """
  Checks access to a stream as subscribing to it would (stream null: only the token), answers SUBSCRIBED, then stays
  silent until the token is revoked (ends at once without a token). For clients that share one stream among viewers.
  """
  streamAccess("""The stream to check; null checks only the token.""" stream: StreamKind, """HASHTAG: the hashtag.""" tag: String, """LIST: the list.""" list: ID): StreamEvent!
}

extend schema {
  subscription: Subscription
}
`;

type Args = Record<string, unknown>;

const flag = (value: unknown) => value === true;
const text = (value: unknown) => (typeof value === 'string' ? value : null);

const SPECS: Record<string, (args: Args) => StreamSpec> = {
  user: (args) => ({ kind: flag(args.notificationsOnly) ? 'USER_NOTIFICATION' : 'USER' }),
  public: (args) => ({ kind: 'PUBLIC', local: flag(args.local), onlyMedia: flag(args.onlyMedia), remote: flag(args.remote) }),
  hashtag: (args) => ({ kind: 'HASHTAG', tag: text(args.tag), local: flag(args.local) }),
  list: (args) => ({ kind: 'LIST', listId: text(args.id) }),
  direct: () => ({ kind: 'DIRECT' }),
};

/**
 * Reads a field from the gateway's result by response key (the result was
 * fetched with the subscriber's own aliases), or by name.
 */
export const responseKeyResolver: GraphQLFieldResolver<unknown, unknown> = (source, _args, _context, info: GraphQLResolveInfo) => {
  if (!source || typeof source !== 'object') return undefined;
  const record = source as Record<string, unknown>;
  const key = String(info.path.key);
  return key in record ? record[key] : record[info.fieldName];
};

/** The API schema plus Subscription, with the stream resolvers attached. */
export function buildSubscriptionSchema(apiSchema: GraphQLSchema, options: StreamOptions): GraphQLSchema {
  const schema = extendSchema(apiSchema, parse(SUBSCRIPTION_SDL));
  const fields = schema.getSubscriptionType()?.getFields() ?? {};
  const passThrough = (payload: unknown) => payload;
  for (const [name, specOf] of Object.entries(SPECS)) {
    const field = fields[name] as unknown as GraphQLFieldConfig<unknown, SubscriptionContext>;
    field.subscribe = async (_root, args: Args, context, info) => {
      const spec = specOf(args);
      await checkStreamAccess(spec, context, options);
      return openStream(spec, context, info, options);
    };
    field.resolve = passThrough;
  }
  const access = fields.streamAccess as unknown as GraphQLFieldConfig<unknown, SubscriptionContext>;
  access.subscribe = async (_root, args: Args, context) => {
    const kind = text(args.stream) as StreamKind | null;
    await checkStreamAccess(kind ? { kind, tag: text(args.tag), listId: text(args.list) } : null, context, options);
    return openAccessStream(context.principal, options);
  };
  access.resolve = passThrough;
  // The event object is ours, keyed by field name: aliases must not be read from it.
  const eventType = schema.getType('StreamEvent') as unknown as { getFields(): Record<string, GraphQLFieldConfig<StreamPayload, unknown>> };
  for (const [name, field] of Object.entries(eventType.getFields())) {
    field.resolve = (payload) => (payload as unknown as Record<string, unknown>)[name] ?? null;
  }
  return schema;
}
