import { accountProfileVersionKey, accountVersionKey, statusMediaVersionKey, statusVersionKey } from '@social/cache';

/**
 * What the entity cache may keep of each entity type, field by field
 * (docs/data-access.md#the-entity-cache):
 *
 * - `own`: the same for every caller, and changed only by writes that retire
 *   the entity's own version key (or never, for an immutable type);
 * - `reference`: another entity; kept only as its `id` (anything more of it
 *   is that entity's to cache, under its own key);
 * - `viewer`: depends on who asks (flags, the caller's own data) or on other
 *   entities' versions: a fetch that selects it is never cached.
 *
 * Every field of a listed type must be classified: the unit test fails on a
 * new field until it is placed here.
 */
export type FieldPolicy = 'own' | 'reference' | 'viewer';

export interface EntityPolicy {
  /** The version key an `_entities` answer of this type is checked against; null: the type never changes once written. */
  versionKey: ((id: string) => string) | null;
  /**
   * Narrower keys for the answers of some subgraphs: what that subgraph
   * renders of the entity changes with fewer writes than the entity does (the
   * statuses service's counter writes retire `versionKey` only:
   * `CacheInvalidation.countersChanged`).
   */
  versionKeyIn?: Readonly<Record<string, (id: string) => string>>;
  /**
   * Subgraphs whose reference resolver decides per caller whether the entity
   * exists (null for one the caller may not see): their `_entities` answers
   * are never cached, whatever the fields. A subgraph that answers every
   * reference alike (media's statuses: the gateway only asks it about
   * statuses a visibility-checked fetch gave) is not listed.
   */
  visiblePerViewerIn: readonly string[];
  fields: Record<string, FieldPolicy>;
}

export const ENTITY_POLICIES: Record<string, EntityPolicy> = {
  Account: {
    versionKey: accountVersionKey,
    // Identity renders the profile; the counters are statuses' (services/statuses/src/relationship, status).
    versionKeyIn: { identity: accountProfileVersionKey },
    visiblePerViewerIn: [],
    fields: {
      id: 'own',
      nodeId: 'own',
      username: 'own',
      acct: 'own',
      displayName: 'own',
      locked: 'own',
      bot: 'own',
      discoverable: 'own',
      group: 'own',
      createdAt: 'own',
      note: 'own',
      url: 'own',
      uri: 'own',
      avatar: 'own',
      avatarStatic: 'own',
      header: 'own',
      headerStatic: 'own',
      fields: 'own',
      indexable: 'own',
      hideCollections: 'own',
      emojis: 'own',
      noindex: 'own',
      suspended: 'own',
      // Moderation states change with the account's version (the moderation service retires it).
      limited: 'own',
      statusesCount: 'own',
      followersCount: 'own',
      followingCount: 'own',
      lastStatusAt: 'own',
      // The caller's own settings: null for anyone else.
      source: 'viewer',
      // What the caller may see of them, and the caller's relationship to them.
      statuses: 'viewer',
      followers: 'viewer',
      following: 'viewer',
      endorsements: 'viewer',
      // Changes with the account's featured tags and its statuses, not with its version.
      featuredTags: 'viewer',
      lists: 'viewer',
      relationship: 'viewer',
      muteExpiresAt: 'viewer',
      // The caller's own role; what moderators see of the user (null for anyone else).
      role: 'viewer',
      adminInfo: 'viewer',
    },
  },
  Status: {
    versionKey: statusVersionKey,
    // Media renders the attachments; a favourite, a boost or a reply changes only statuses' counters.
    versionKeyIn: { media: statusMediaVersionKey },
    // services/statuses/src/status/status.reference.ts: a hidden status resolves to null.
    visiblePerViewerIn: ['statuses'],
    fields: {
      id: 'own',
      nodeId: 'own',
      createdAt: 'own',
      inReplyToId: 'own',
      inReplyToAccountId: 'own',
      // Forced true for everyone but the author when a moderator marked the author sensitive (docs/api/moderation.md).
      sensitive: 'viewer',
      spoilerText: 'own',
      visibility: 'own',
      language: 'own',
      uri: 'own',
      url: 'own',
      repliesCount: 'own',
      reblogsCount: 'own',
      favouritesCount: 'own',
      editedAt: 'own',
      content: 'own',
      text: 'own',
      mediaAttachments: 'own',
      mentions: 'own',
      tags: 'own',
      card: 'own',
      // Resolved by statuses, whose Status answers are never cached; what identity completes of each is not cached either.
      emojis: 'own',
      account: 'reference',
      application: 'reference',
      // The boosted status carries its own version and the caller's flags on it.
      reblog: 'viewer',
      favourited: 'viewer',
      reblogged: 'viewer',
      muted: 'viewer',
      bookmarked: 'viewer',
      pinned: 'viewer',
      filtered: 'viewer',
      // voted and ownVotes are the caller's.
      poll: 'viewer',
      // Lists filtered by what the caller may see.
      context: 'viewer',
      favouritedBy: 'viewer',
      rebloggedBy: 'viewer',
      // Versions carry other entities (authors, attachments as they are now); read rarely, so never kept.
      history: 'viewer',
      // The author's only (null for others).
      source: 'viewer',
    },
  },
  Application: {
    // No API changes or deletes an application once registered.
    versionKey: null,
    visiblePerViewerIn: [],
    fields: {
      id: 'own',
      name: 'own',
      website: 'own',
      // Shown to the application's own token only.
      scopes: 'viewer',
      redirectUris: 'viewer',
      vapidKey: 'viewer',
    },
  },
};
