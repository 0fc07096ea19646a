// Mastodon's REST::RelationshipSerializer, attributes in its order.
export interface GqlRelationship {
  id: string; following: boolean; showingReblogs: boolean; notifying: boolean; languages: string[] | null; followedBy: boolean;
  blocking: boolean; blockedBy: boolean; muting: boolean; mutingNotifications: boolean; mutingExpiresAt: string | null; requested: boolean; requestedBy: boolean;
  domainBlocking: boolean; endorsed: boolean; note: string;
}

export const RELATIONSHIP_FIELDS =
  'id following showingReblogs notifying languages followedBy blocking blockedBy muting mutingNotifications mutingExpiresAt requested requestedBy domainBlocking endorsed note';

export function relationshipToMastodon(relationship: GqlRelationship) {
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
