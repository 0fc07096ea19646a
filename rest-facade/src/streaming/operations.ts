import type { Operation } from '../gateway-client.js';
import { StreamDirect, StreamHashtag, StreamList, StreamPublic, StreamUser } from '../gql/operations.js';
import type { StreamKind } from './channels.js';

/**
 * The subscription each stream runs (.graphql files beside this module). Every one but the direct stream
 * selects StreamEventFields, the entity fragments REST uses, so both map through one mapper; the direct
 * stream carries conversations only (Mastodon's direct stream sends nothing else). StreamAccess (access to a
 * stream for a viewer joining a shared one, then its revocation) is run by the hub.
 */
export const STREAM_OPERATIONS: Record<StreamKind, Operation> = {
  USER: StreamUser,
  USER_NOTIFICATION: StreamUser,
  PUBLIC: StreamPublic,
  HASHTAG: StreamHashtag,
  LIST: StreamList,
  DIRECT: StreamDirect,
};
