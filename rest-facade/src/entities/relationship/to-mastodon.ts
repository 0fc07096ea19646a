// Mastodon's REST::RelationshipSerializer, attributes in its order.
import type { RelationshipFieldsFragment } from '../../gql/operations.js';

/** The old name, for code merged from before the generated types. @deprecated Use RelationshipFieldsFragment. @public */
export type GqlRelationship = RelationshipFieldsFragment;

export function relationshipToMastodon(relationship: RelationshipFieldsFragment) {
  return {
    id: relationship.id,
    following: relationship.following,
    showing_reblogs: relationship.showingReblogs,
    notifying: relationship.notifying,
    languages: relationship.languages,
    followed_by: relationship.followedBy,
    blocking: relationship.blocking,
    blocked_by: relationship.blockedBy,
    muting: relationship.muting,
    muting_notifications: relationship.mutingNotifications,
    muting_expires_at: relationship.mutingExpiresAt,
    requested: relationship.requested,
    requested_by: relationship.requestedBy,
    domain_blocking: relationship.domainBlocking,
    endorsed: relationship.endorsed,
    note: relationship.note,
  };
}
