import type { Operation } from '../gateway-client.js';
import { CONVERSATION_FRAGMENTS } from '../entities/conversation/conversation.fragment.js';
import { NOTIFICATION_FRAGMENTS } from '../entities/notification/notification.fragment.js';
import { operation } from '../entities/operation.js';
import type { StreamKind } from './channels.js';

/** What every stream subscription selects: the entity fragments REST uses, so both map through one mapper. */
const EVENT_FRAGMENTS = [
  ...NOTIFICATION_FRAGMENTS,
  `fragment StreamEventFields on StreamEvent {
  type deletedStatusId
  status { ...StatusFields }
  notification { ...NotificationFields }
}`,
];

const StreamUser = operation(
  'StreamUser',
  `subscription StreamUser($notificationsOnly: Boolean) { event: user(notificationsOnly: $notificationsOnly) { ...StreamEventFields } }`,
  EVENT_FRAGMENTS,
);
const StreamPublic = operation(
  'StreamPublic',
  `subscription StreamPublic($local: Boolean, $onlyMedia: Boolean, $remote: Boolean) {
  event: public(local: $local, onlyMedia: $onlyMedia, remote: $remote) { ...StreamEventFields }
}`,
  EVENT_FRAGMENTS,
);
const StreamHashtag = operation(
  'StreamHashtag',
  `subscription StreamHashtag($tag: String!, $local: Boolean) { event: hashtag(tag: $tag, local: $local) { ...StreamEventFields } }`,
  EVENT_FRAGMENTS,
);
const StreamList = operation('StreamList', `subscription StreamList($id: ID!) { event: list(id: $id) { ...StreamEventFields } }`, EVENT_FRAGMENTS);
// The direct stream carries conversations only (Mastodon's direct stream sends nothing else).
const StreamDirect = operation('StreamDirect', `subscription StreamDirect { event: direct { type conversation { ...ConversationFields } } }`, CONVERSATION_FRAGMENTS);

/** Access to a stream (or, without one, just the token) for a viewer joining a shared stream; then its revocation. */
export const StreamAccess = operation(
  'StreamAccess',
  `subscription StreamAccess($stream: StreamKind, $tag: String, $list: ID) { event: streamAccess(stream: $stream, tag: $tag, list: $list) { type } }`,
);

export const STREAM_OPERATIONS: Record<StreamKind, Operation> = {
  USER: StreamUser,
  USER_NOTIFICATION: StreamUser,
  PUBLIC: StreamPublic,
  HASHTAG: StreamHashtag,
  LIST: StreamList,
  DIRECT: StreamDirect,
};
