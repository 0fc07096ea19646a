import { parse, type DocumentNode, type ExecutionResult, type GraphQLResolveInfo } from 'graphql';
import type { Logger } from '@social/config';
import { normalizeHashtag } from '@social/content';
import { AppError, ErrorCode, Messages } from '@social/errors';
import { acceptedScopes, ANONYMOUS, assertAccess, assertOptionalAccess, invalidTokenError, type Principal } from '@social/federation';
import { createGatewayContext } from '../context.js';
import type { HomeAudience, HomeMember } from './audience.js';
import type { EventHub } from './event-hub.js';
import { EventStream } from './event-stream.js';
import type { ConversationUpdated, DomainEvent, StatusCreated, StatusDeleted, StatusUpdated } from './events.js';
import type { DocumentExecutor } from './gateway-executor.js';
import { StatusOverlay } from './overlay.js';
import type { RenderMemo } from './render-memo.js';
import { resolutionQuery, subSelection } from './selection.js';
import type { SubgraphCall } from './subgraph-call.js';

export type StreamEventType =
  | 'SUBSCRIBED' | 'UPDATE' | 'STATUS_UPDATE' | 'DELETE' | 'NOTIFICATION' | 'CONVERSATION' | 'FILTERS_CHANGED'
  | 'ANNOUNCEMENT' | 'ANNOUNCEMENT_REACTION' | 'ANNOUNCEMENT_DELETE';

/** One event of a stream, before the subscription's own execution shapes it. */
export interface StreamPayload {
  type: StreamEventType;
  status?: unknown;
  deletedStatusId?: string;
  notification?: unknown;
  conversation?: unknown;
  announcement?: unknown;
  announcementReaction?: { announcementId: string; name: string; count: number };
  deletedAnnouncementId?: string;
}

/** The caller of a subscription, resolved once when it starts. */
export interface SubscriptionContext {
  principal: Principal;
  /** A token was sent: an unknown one is refused here (Mastodon's streaming does), not taken as anonymous. */
  tokenGiven: boolean;
  requestId: string;
  clientIp: string;
}

export type StreamKind = 'USER' | 'USER_NOTIFICATION' | 'PUBLIC' | 'HASHTAG' | 'LIST' | 'DIRECT';

export interface StreamSpec {
  kind: StreamKind;
  local?: boolean;
  onlyMedia?: boolean;
  remote?: boolean;
  tag?: string | null;
  listId?: string | null;
}

export interface StreamOptions {
  hub: EventHub;
  execute: DocumentExecutor;
  /** Asks the statuses subgraph directly for its @inaccessible feed rules (feedStatus, feedNotification). */
  callSubgraph: SubgraphCall;
  logger: Logger;
  /** Events that may wait per subscription before it is failed as too slow. */
  maxQueued: number;
  /** Decides the home audience of a status for all user streams at once, with each member's flags. */
  audience?: HomeAudience;
  /** Shares one rendering of an event among the streams with the same selection (absent: each renders its own). */
  renders?: RenderMemo;
}

const FOLLOWS = parse(`query StreamFollows($_sAccount: ID!) { relationships(ids: [$_sAccount]) { following } }`);
const LIST_MEMBER = parse(`query StreamListMember($_sList: ID!, $_sAccount: ID!) { list(id: $_sList) { hasAccount(accountId: $_sAccount) } }`);
const OWNED_LIST = parse(`query StreamOwnedList($_sList: ID!) { list(id: $_sList) { id } }`);
const FEED_HEADER = ['$_sId: ID!', '$_sFeed: Feed!', '$_sLocal: Boolean', '$_sOnlyMedia: Boolean', '$_sTag: String', '$_sList: ID'];
/**
 * The feed rules are @inaccessible fields of the statuses subgraph, which the
 * query planner (bound to the public schema) cannot reach: each event is
 * first checked against them directly, then rendered through the gateway
 * with the public status(id) and notification(id), whose selections may span
 * every subgraph.
 */
const feedCheck = (name: string, selection: string) =>
  `query ${name}(${FEED_HEADER.join(', ')}) { found: feedStatus(id: $_sId, feed: $_sFeed, local: $_sLocal, onlyMedia: $_sOnlyMedia, tag: $_sTag, listId: $_sList) { ${selection} } }`;
const FEED_CHECK = feedCheck('StreamFeedCheck', 'id');
/**
 * A signed-in subscriber's public check also asks whether a filter of theirs matches: then the status is rendered
 * as them, so that its `filtered` is theirs (docs/api/filters.md#streams); else the shared anonymous rendering stands.
 */
const FEED_CHECK_FILTERED = feedCheck('StreamFeedCheckFiltered', 'id filtered(context: PUBLIC) { filter { id } }');
const NOTIFICATION_CHECK = 'query StreamNotificationCheck($_sId: ID!) { found: feedNotification(id: $_sId) { id } }';
const FEEDS: Record<StreamKind, string> = { USER: 'HOME', USER_NOTIFICATION: 'HOME', PUBLIC: 'PUBLIC', HASHTAG: 'HASHTAG', LIST: 'LIST', DIRECT: 'DIRECT' };
/** A status shown on a stream: new (UPDATE), or edited (STATUS_UPDATE, docs/api/edits.md#events). */
type StatusShown = StatusCreated | StatusUpdated;
/** Deletions are routed to a stream that showed the status: the last ids it delivered. */
const REMEMBERED = 500;

function hasScope(principal: Principal, granular: string): boolean {
  return acceptedScopes(granular).some((scope) => principal.scopes.includes(scope));
}

/**
 * The access rule of a stream, checked when it starts (and by streamAccess):
 * public streams as the public timelines, the others for a user token with
 * the timeline's scope; a list must be the caller's own.
 */
export async function checkStreamAccess(spec: StreamSpec | null, context: SubscriptionContext, options: StreamOptions): Promise<void> {
  const { principal } = context;
  if (context.tokenGiven && principal.kind === 'anonymous') throw AppError.invalidToken();
  if (!spec) {
    if (principal.kind === 'invalid') throw invalidTokenError(principal);
    if (principal.authorizedOnly && principal.kind !== 'user') throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.authenticatedUserRequired);
    return;
  }
  switch (spec.kind) {
    case 'PUBLIC':
      return assertOptionalAccess(principal, acceptedScopes('read:statuses'));
    case 'HASHTAG':
      assertOptionalAccess(principal, acceptedScopes('read:statuses'));
      if (!spec.tag?.trim()) throw AppError.badRequest('Missing tag name parameter');
      return;
    case 'USER_NOTIFICATION':
      return assertAccess(principal, { scopes: acceptedScopes('read:notifications'), user: true });
    case 'LIST': {
      assertAccess(principal, { scopes: acceptedScopes('read:lists'), user: true });
      if (!spec.listId) throw AppError.badRequest('Missing list name parameter');
      const result = await options.execute(OWNED_LIST, { _sList: spec.listId }, createGatewayContext(principal, context.requestId, context.clientIp));
      if (!(result.data?.list as { id?: string } | null)?.id) throw AppError.notFound();
      return;
    }
    default:
      return assertAccess(principal, { scopes: acceptedScopes('read:statuses'), user: true });
  }
}

/**
 * A live stream for one subscriber: first SUBSCRIBED, then the events of
 * the bus that belong to it, each resolved through the gateway with the
 * subscriber's own selection. Cheap facts in the event rule most events out
 * before any query; the subgraph then decides with the timeline's rules.
 */
export function openStream(spec: StreamSpec, context: SubscriptionContext, info: GraphQLResolveInfo, options: StreamOptions): EventStream<StreamPayload> {
  const { principal } = context;
  const viewer = principal.accountId;
  const shared = spec.kind === 'PUBLIC' || spec.kind === 'HASHTAG';
  // Public streams carry the anonymous rendering, as Mastodon's do: the same for every subscriber.
  const resolver = shared ? ANONYMOUS : principal;
  // A list stream needs read:lists, not read:statuses; once the feed check (which holds it to read:lists)
  // lets a status through, it is rendered with status(id), whose own scope the list's grants here.
  // status(id) still applies its visibility rules to the caller.
  const renderer: Principal = spec.kind === 'LIST' && !hasScope(principal, 'read:statuses') ? { ...principal, scopes: [...principal.scopes, 'read:statuses'] } : resolver;
  const tag = spec.tag ? normalizeHashtag(spec.tag.trim().replace(/^#/, '')) : null;
  const statusSelection = subSelection(info, 'status');
  const statusResolution = resolutionQuery('StreamStatus', ['$_sId: ID!'], 'status: status(id: $_sId)', statusSelection);
  const statusQuery = statusResolution.document;
  const notificationSelection = subSelection(info, 'notification');
  const notificationQuery = resolutionQuery('StreamNotification', ['$_sId: ID!'], 'notification: notification(id: $_sId)', notificationSelection).document;
  const conversationSelection = subSelection(info, 'conversation');
  const conversationQuery = resolutionQuery('StreamConversation', ['$_sId: ID!'], 'conversation: conversation(id: $_sId)', conversationSelection).document;
  const announcementSelection = subSelection(info, 'announcement');
  const announcementQuery = resolutionQuery('StreamAnnouncement', ['$_sId: ID!'], 'announcement: announcement(id: $_sId)', announcementSelection).document;
  // The direct stream shows conversations, not their statuses (as Mastodon's does); notifications have a stream of their own.
  const carriesStatuses = spec.kind !== 'USER_NOTIFICATION' && spec.kind !== 'DIRECT';
  const delivered = new Set<string>();
  const cleanups: Array<() => void> = [];
  const stream = new EventStream<StreamPayload>(options.maxQueued, () => cleanups.forEach((cleanup) => cleanup()));

  const check = (result: ExecutionResult, log = true): ExecutionResult => {
    const code = result.errors?.[0]?.extensions?.code;
    if (code === ErrorCode.UNAUTHENTICATED) throw AppError.invalidToken();
    if (log && result.errors && code !== ErrorCode.NOT_FOUND) options.logger.warn({ errors: result.errors, requestId: context.requestId }, 'resolving a stream event failed');
    return result;
  };
  const execute = (document: DocumentNode, variables: Record<string, unknown>, as: Principal) =>
    options.execute(document, variables, createGatewayContext(as, context.requestId, context.clientIp));
  const run = async (document: DocumentNode, variables: Record<string, unknown>, as: Principal): Promise<ExecutionResult> =>
    check(await execute(document, variables, as));
  /** Whether the subgraph's feed rules let the event through for this caller (asked of the subgraph: the rules' fields are internal). */
  const found = async (query: string, variables: Record<string, unknown>, as: Principal): Promise<unknown> =>
    check(await options.callSubgraph('statuses', query, variables, createGatewayContext(as, context.requestId, context.clientIp))).data?.found;
  const belongs = async (query: string, variables: Record<string, unknown>, as: Principal): Promise<boolean> => Boolean(await found(query, variables, as));
  const mentions = (event: StatusShown | StatusDeleted) => viewer !== null && (event.accountId === viewer || (event.mentionedAccountIds ?? []).includes(viewer));

  const created = (event: StatusShown): boolean => {
    const publicOriginal = event.visibility === 'public' && event.reblogOfId === null;
    switch (spec.kind) {
      case 'PUBLIC':
        return publicOriginal && !spec.remote;
      case 'HASHTAG':
        return publicOriginal && !spec.remote && (event.tags === undefined || event.tags.includes(tag as string));
      case 'USER':
        return event.visibility !== 'direct' || mentions(event);
      case 'LIST':
        return event.visibility !== 'direct';
      default:
        return false;
    }
  };
  /** The feed's own arguments: the subgraph's feed rules decide with them whether the event belongs. */
  const feedOf = (event: StatusShown) => ({
    _sId: event.statusId,
    _sFeed: FEEDS[spec.kind],
    _sLocal: spec.local ?? false,
    _sOnlyMedia: spec.onlyMedia ?? false,
    _sTag: tag,
    _sList: spec.listId ?? null,
  });
  const renderOf = (event: StatusShown) => ({ ...statusSelection.variables, _sId: event.statusId });
  const variablesOf = (event: StatusShown) => ({ ...statusSelection.variables, ...feedOf(event) });
  /** Who a rendering may be shared with: the same document and variables, rendered as an equal principal. */
  // Short: it is built and looked up once per recipient of every event (the document by its key, not its printed text).
  const renderKey = (event: StatusShown, as: string) =>
    `${event.statusId}\n${event.type === 'status.updated' ? `edit ${event.editedAt ?? ''}` : 'new'}\n${as}\n${statusResolution.key}\n${JSON.stringify(variablesOf(event))}`;
  // Members of a home audience share a rendering when their tokens grant the same: what one of them sees is what the others see, bar the flags laid over it.
  const overlay = spec.kind === 'USER' && options.renders ? StatusOverlay.plan(info.schema, statusSelection.nodes, info.fragments) : null;
  const homeGroup = `home:${principal.kind}:${[...principal.scopes].sort().join(' ')}:${principal.authorizedOnly === true}`;

  /** The rendering as this subscriber's own, through the gateway, once the feed rules let it through. */
  const ownStatus = async (event: StatusShown): Promise<unknown> =>
    (await belongs(FEED_CHECK, feedOf(event), resolver)) ? (await run(statusQuery, renderOf(event), renderer)).data?.status : null;
  /** Checked and rendered as `as`, for sharing: an event outside the feed renders as no status. */
  const checkedRendering = async (event: StatusShown, as: Principal): Promise<ExecutionResult> =>
    (await belongs(FEED_CHECK, feedOf(event), as)) ? execute(statusQuery, renderOf(event), as) : { data: { status: null } };
  /** Public streams: everyone sees the anonymous rendering, so it is made once per event and selection. */
  const anonymousStatus = async (event: StatusShown): Promise<unknown> => {
    if (!options.renders) return ownStatus(event);
    const { result, mine } = await options.renders.share(renderKey(event, 'anonymous'), () => checkedRendering(event, ANONYMOUS));
    return result ? check(result, mine).data?.status : ownStatus(event);
  };
  /**
   * A home member: the first member to ask renders the status as itself
   * (it may see it: the home rule says so), the others take that rendering
   * with their own flags laid over it. Whoever is not covered (the author,
   * a selection or poll the overlay cannot vouch for, a rendering that failed
   * or came back empty) renders on its own, as it did before sharing.
   */
  const memberStatus = async (event: StatusShown, member: HomeMember): Promise<unknown> => {
    if (!overlay || !options.renders || member.personal) return ownStatus(event);
    // Membership was decided by the home rule for the whole audience at once: no feed check per member.
    const { result, mine } = await options.renders.share(renderKey(event, homeGroup), () => execute(statusQuery, renderOf(event), principal));
    if (mine) {
      // Its own rendering; the flags laid over it anyway, so that every member's come from the one audience answer.
      const own = result ? check(result).data?.status : null;
      return own ? (overlay.apply(own as Record<string, unknown>, member) ?? own) : null;
    }
    const common = result && !result.errors ? result.data?.status : null;
    return (common && overlay.apply(common as Record<string, unknown>, member)) ?? ownStatus(event);
  };

  /**
   * A signed-in subscriber of a public stream: the shared rendering, once the
   * feed rules asked as the subscriber also let it through (its blocks and
   * mutes, docs/api/safety.md#where-they-apply); its own rendering when one of
   * its filters matches, or when the status is for it but not for anyone (a
   * limited account's, which its followers still see: docs/api/moderation.md#limiting).
   */
  const sharedStatus = async (event: StatusShown): Promise<unknown> => {
    if (viewer === null) return anonymousStatus(event);
    const [status, allowed] = await Promise.all([anonymousStatus(event), found(FEED_CHECK_FILTERED, feedOf(event), principal)]);
    if (!allowed) return null;
    const filtered = (allowed as { filtered?: unknown[] | null }).filtered;
    // Already let through as the subscriber: rendered as them, without a second check.
    return (filtered && filtered.length > 0) || !status ? (await run(statusQuery, renderOf(event), principal)).data?.status : status;
  };

  const update = async (event: StatusShown): Promise<StreamPayload | null> => {
    let status: unknown;
    if (shared) status = await sharedStatus(event);
    else if (spec.kind === 'USER' && viewer && options.audience) {
      const member = await options.audience.member(event, viewer);
      if (member === false) return null;
      status = member ? await memberStatus(event, member) : await ownStatus(event);
    } else status = await ownStatus(event);
    if (!status) return null;
    delivered.add(event.statusId);
    if (delivered.size > REMEMBERED) delivered.delete(delivered.values().next().value as string);
    return { type: event.type === 'status.updated' ? 'STATUS_UPDATE' : 'UPDATE', status };
  };
  const deleted = async (event: StatusDeleted): Promise<StreamPayload | null> => {
    const hit: StreamPayload = { type: 'DELETE', deletedStatusId: event.statusId };
    if (delivered.has(event.statusId)) return hit;
    switch (spec.kind) {
      case 'PUBLIC':
        return event.visibility === 'public' && !event.reblogOfId && !spec.remote ? hit : null;
      case 'HASHTAG':
        return event.visibility === 'public' && (event.tags ?? []).includes(tag as string) ? hit : null;
      case 'USER': {
        if (mentions(event)) return hit;
        if (event.visibility === 'direct') return null;
        const result = await run(FOLLOWS, { _sAccount: event.accountId }, principal);
        return (result.data?.relationships as Array<{ following: boolean }> | undefined)?.[0]?.following ? hit : null;
      }
      case 'LIST': {
        if (event.visibility === 'direct') return null;
        const result = await run(LIST_MEMBER, { _sList: spec.listId, _sAccount: event.accountId }, principal);
        return (result.data?.list as { hasAccount?: boolean } | null)?.hasAccount ? hit : null;
      }
      default:
        return null;
    }
  };

  /** The viewer's conversation as it is now: the row may have changed again since the event, and then shows its latest state. */
  const conversation = async (event: ConversationUpdated): Promise<StreamPayload | null> => {
    const variables = { ...conversationSelection.variables, _sId: event.conversationId };
    const found = (await run(conversationQuery, variables, principal)).data?.conversation;
    return found ? { type: 'CONVERSATION', conversation: found } : null;
  };

  /** The announcement as the subscriber sees it now; nothing when it is no longer shown (unpublished or ended since). */
  const announcement = async (id: string): Promise<StreamPayload | null> => {
    const variables = { ...announcementSelection.variables, _sId: id };
    const found = (await run(announcementQuery, variables, principal)).data?.announcement;
    return found ? { type: 'ANNOUNCEMENT', announcement: found } : null;
  };

  const onEvent = (event: DomainEvent) => {
    switch (event.type) {
      case 'status.created':
      case 'status.updated':
        // An edit goes where the status went: the same stream and feed rules decide (docs/api/edits.md#events).
        if (carriesStatuses && created(event)) stream.enqueue(() => update(event));
        return;
      case 'status.deleted':
        if (carriesStatuses) stream.enqueue(() => deleted(event));
        return;
      case 'conversation.updated':
        if (spec.kind === 'DIRECT' && event.accountId === viewer) stream.enqueue(() => conversation(event));
        return;
      case 'notification.created':
        if ((spec.kind === 'USER' || spec.kind === 'USER_NOTIFICATION') && event.accountId === viewer && hasScope(principal, 'read:notifications')) {
          stream.enqueue(async () => {
            if (!(await belongs(NOTIFICATION_CHECK, { _sId: event.notificationId }, principal))) return null;
            const variables = { ...notificationSelection.variables, _sId: event.notificationId };
            const notification = (await run(notificationQuery, variables, principal)).data?.notification;
            return notification ? { type: 'NOTIFICATION', notification } : null;
          });
        }
        return;
      case 'filters.changed':
        if (spec.kind === 'USER' && event.accountId === viewer) stream.enqueue(async () => ({ type: 'FILTERS_CHANGED' }));
        return;
      // Announcements go to every user stream, as Mastodon sends them to every signed-in user (docs/api/announcements.md#events).
      case 'announcement.published':
        if (spec.kind === 'USER') stream.enqueue(() => announcement(event.announcementId));
        return;
      case 'announcement.reaction':
        if (spec.kind === 'USER') {
          const reaction = { announcementId: event.announcementId, name: event.name, count: event.count };
          stream.enqueue(async () => ({ type: 'ANNOUNCEMENT_REACTION', announcementReaction: reaction }));
        }
        return;
      case 'announcement.deleted':
        if (spec.kind === 'USER') stream.enqueue(async () => ({ type: 'ANNOUNCEMENT_DELETE', deletedAnnouncementId: event.announcementId }));
        return;
      default:
        return;
    }
  };

  stream.push({ type: 'SUBSCRIBED' });
  if (spec.kind === 'USER' && viewer && options.audience) cleanups.push(options.audience.register(viewer));
  cleanups.push(options.hub.listen(onEvent));
  watchRevocation(stream, principal, options.hub, cleanups);
  return stream;
}

/** Access only: SUBSCRIBED, then nothing; ends at once for a caller without a token. */
export function openAccessStream(principal: Principal, options: StreamOptions): EventStream<StreamPayload> {
  const cleanups: Array<() => void> = [];
  const stream = new EventStream<StreamPayload>(options.maxQueued, () => cleanups.forEach((cleanup) => cleanup()));
  stream.push({ type: 'SUBSCRIBED' });
  if (principal.tokenId) watchRevocation(stream, principal, options.hub, cleanups);
  else stream.end();
  return stream;
}

/** Revoking the token fails the stream with 401: "revoking a token closes its streams". */
function watchRevocation(stream: EventStream<StreamPayload>, principal: Principal, hub: EventHub, cleanups: Array<() => void>): void {
  if (principal.tokenId) cleanups.push(hub.watchToken(principal.tokenId, () => stream.fail(AppError.invalidToken())));
}
