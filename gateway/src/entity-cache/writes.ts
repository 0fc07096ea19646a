/**
 * What each mutation of the API retires in the entity cache (./policy.ts),
 * keyed by mutation name: the entity version keys its service bumps after
 * the write commits and before it answers (CacheInvalidation.changed), or
 * why it needs none. The unit test fails when a Mutation field of the
 * composed schema is missing here, so a new write is classified before it
 * lands; the e2e test (test/cache/entity-cache.e2e.test.ts) runs the bumping
 * writes and reads their entities from another process right after.
 */
export type WriteEffect =
  | {
      bumps: ReadonlyArray<'status' | 'account'>;
      what: string;
      /**
       * The write changes only what the statuses subgraph renders (counters,
       * tallies): its service retires the entities' own keys only
       * (CacheInvalidation.countersChanged), and what identity (a profile) and
       * media (attachments) render of them stays cached.
       */
      countersOnly?: true;
    }
  | { none: string };

const VIEWER_ONLY = 'changes only the caller\'s own flags or data, which are never cached';
const NOT_RENDERED = 'changes nothing a cached entity shows';
const EMOJIS =
  "the emojis an account or status shows follow the custom emojis within READ_CACHE_MAX_AGE_SECONDS, cached answers' age bound, " +
  'rather than retiring every account and status holding the shortcode (docs/api/custom-emojis.md#in-text)';

const BLOCKS_NOT_CACHED = "the moderators' blocks are not part of any cached entity (IP blocks have their own cache and token, docs/api/moderation.md#ip-blocks)";

export const MUTATION_EFFECTS: Record<string, WriteEffect> = {
  registerAccount: { none: 'a new account: nothing of it is cached yet (a missing entity is never kept)' },
  registerApplication: { none: 'a new application; applications never change afterwards' },
  signIn: { none: NOT_RENDERED },
  decideAuthorization: { none: NOT_RENDERED },
  createToken: { none: NOT_RENDERED },
  revokeToken: { none: NOT_RENDERED },
  uploadMedia: { none: 'unattached media: no status shows it' },
  updateMediaAttachment: { none: 'only unattached media may change; a posted status\'s media change through editStatus, which bumps the status' },
  deleteMediaAttachment: { none: 'only unattached media may be deleted' },
  followAccount: { bumps: ['account'], what: 'both accounts\' follower and following counters', countersOnly: true },
  unfollowAccount: { bumps: ['account'], what: 'both accounts\' follower and following counters', countersOnly: true },
  authorizeFollowRequest: { bumps: ['account'], what: 'both accounts\' follower and following counters (the follow starts)', countersOnly: true },
  rejectFollowRequest: { none: 'a request changes no counter; who asked is shown to the caller only' },
  removeFromFollowers: { bumps: ['account'], what: 'both accounts\' follower and following counters', countersOnly: true },
  setAccountNote: { none: VIEWER_ONLY },
  endorseAccount: { none: VIEWER_ONLY },
  unendorseAccount: { none: VIEWER_ONLY },
  dismissSuggestion: { none: VIEWER_ONLY },
  createCustomEmoji: { none: EMOJIS },
  updateCustomEmoji: { none: EMOJIS },
  deleteCustomEmoji: { none: EMOJIS },
  createAnnouncement: { none: NOT_RENDERED },
  updateAnnouncement: { none: NOT_RENDERED },
  deleteAnnouncement: { none: NOT_RENDERED },
  dismissAnnouncement: { none: VIEWER_ONLY },
  addAnnouncementReaction: { none: NOT_RENDERED },
  removeAnnouncementReaction: { none: NOT_RENDERED },
  followHashtag: { none: VIEWER_ONLY },
  unfollowHashtag: { none: VIEWER_ONLY },
  featureHashtag: { none: 'Account.featuredTags is a viewer field (never cached)' },
  unfeatureHashtag: { none: 'Account.featuredTags is a viewer field (never cached)' },
  removeFeaturedTag: { none: 'Account.featuredTags is a viewer field (never cached)' },
  blockDomain: { none: 'no account is remote yet, so no cached answer depends on it' },
  unblockDomain: { none: 'no account is remote yet, so no cached answer depends on it' },
  publishStatus: { bumps: ['status', 'account'], what: 'the parent\'s replies count, the author\'s counters and last status time', countersOnly: true },
  editStatus: { bumps: ['status'], what: 'the status: its text, media, poll, edited_at (docs/api/edits.md)' },
  deleteStatus: { bumps: ['status', 'account'], what: 'the status, its boosts, parent and boosted status; the author\'s and boosters\' counters' },
  blockAccount: { bumps: ['account'], what: 'both accounts\' follower and following counters (a block ends follows both ways)' },
  unblockAccount: { none: 'no follow comes back; what each may see is decided per viewer, never cached' },
  muteAccount: { none: VIEWER_ONLY },
  unmuteAccount: { none: VIEWER_ONLY },
  bookmarkStatus: { none: VIEWER_ONLY },
  unbookmarkStatus: { none: VIEWER_ONLY },
  muteStatus: { none: VIEWER_ONLY },
  unmuteStatus: { none: VIEWER_ONLY },
  favouriteStatus: { bumps: ['status'], what: 'the favourites count', countersOnly: true },
  unfavouriteStatus: { bumps: ['status'], what: 'the favourites count', countersOnly: true },
  pinStatus: { none: VIEWER_ONLY },
  unpinStatus: { none: VIEWER_ONLY },
  reblogStatus: { bumps: ['status', 'account'], what: 'the boosts count; the booster\'s counters', countersOnly: true },
  unreblogStatus: { bumps: ['status', 'account'], what: 'the boosts count and the boost; the booster\'s counters', countersOnly: true },
  createList: { none: NOT_RENDERED },
  updateList: { none: NOT_RENDERED },
  deleteList: { none: NOT_RENDERED },
  addListAccounts: { none: NOT_RENDERED },
  removeListAccounts: { none: NOT_RENDERED },
  createFilter: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  updateFilter: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  deleteFilter: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  addFilterKeyword: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  updateFilterKeyword: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  deleteFilterKeyword: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  addFilterStatus: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  deleteFilterStatus: { none: 'filters are per viewer: Status.filtered is a viewer field, never cached' },
  saveMarkers: { none: NOT_RENDERED },
  createPushSubscription: { none: NOT_RENDERED },
  updatePushSubscription: { none: NOT_RENDERED },
  deletePushSubscription: { none: NOT_RENDERED },
  dismissNotification: { none: NOT_RENDERED },
  fileReport: { none: 'reports are not part of any cached entity' },
  assignReportToSelf: { none: 'reports are not part of any cached entity' },
  unassignReport: { none: 'reports are not part of any cached entity' },
  resolveReport: { none: 'reports are not part of any cached entity' },
  updateReport: { none: 'reports are not part of any cached entity' },
  reopenReport: { none: 'reports are not part of any cached entity' },
  addReportNote: { none: 'report notes are not part of any cached entity' },
  deleteReportNote: { none: 'report notes are not part of any cached entity' },
  moderateAccount: { bumps: ['account'], what: 'the account: limited, suspended (its blank profile), sensitive statuses (docs/api/moderation.md)' },
  enableAccount: { bumps: ['account'], what: 'the account (its login state, read by moderators)' },
  unsilenceAccount: { bumps: ['account'], what: 'the account: limited' },
  unsuspendAccount: { bumps: ['account'], what: 'the account: suspended, its profile shown again' },
  unsensitiveAccount: { bumps: ['account'], what: 'the account, whose statuses\' sensitive changes with it' },
  approveAccount: { bumps: ['account'], what: 'the account (its login state, read by moderators)' },
  rejectAccount: { bumps: ['account'], what: 'the account, deleted' },
  deleteAccountData: { none: 'the deletion runs as a job, whose steps retire what they change' },
  createDomainBlock: { none: BLOCKS_NOT_CACHED },
  updateDomainBlock: { none: BLOCKS_NOT_CACHED },
  deleteDomainBlock: { none: BLOCKS_NOT_CACHED },
  createDomainAllow: { none: BLOCKS_NOT_CACHED },
  deleteDomainAllow: { none: BLOCKS_NOT_CACHED },
  createEmailDomainBlock: { none: BLOCKS_NOT_CACHED },
  deleteEmailDomainBlock: { none: BLOCKS_NOT_CACHED },
  createIpBlock: { none: BLOCKS_NOT_CACHED },
  updateIpBlock: { none: BLOCKS_NOT_CACHED },
  deleteIpBlock: { none: BLOCKS_NOT_CACHED },
  createCanonicalEmailBlock: { none: BLOCKS_NOT_CACHED },
  deleteCanonicalEmailBlock: { none: BLOCKS_NOT_CACHED },
  approveTrendingTag: { none: 'a trend review changes no rendered field (trends are read through)' },
  rejectTrendingTag: { none: 'a trend review changes no rendered field (trends are read through)' },
  approveTrendingStatus: { none: 'a trend review changes no rendered field (trends are read through)' },
  rejectTrendingStatus: { none: 'a trend review changes no rendered field (trends are read through)' },
  approveTrendingLink: { none: 'a trend review changes no rendered field (trends are read through)' },
  rejectTrendingLink: { none: 'a trend review changes no rendered field (trends are read through)' },
  clearNotifications: { none: NOT_RENDERED },
  dismissNotificationGroup: { none: NOT_RENDERED },
  updateNotificationPolicy: { none: NOT_RENDERED },
  acceptNotificationRequest: { none: NOT_RENDERED },
  dismissNotificationRequest: { none: NOT_RENDERED },
  acceptNotificationRequests: { none: NOT_RENDERED },
  dismissNotificationRequests: { none: NOT_RENDERED },
  voteInPoll: { bumps: ['status'], what: 'the poll\'s counts (the voter\'s own votes are viewer fields)', countersOnly: true },
  markConversationRead: { none: NOT_RENDERED },
  markConversationUnread: { none: NOT_RENDERED },
  removeConversation: { none: NOT_RENDERED },
  updateProfile: { bumps: ['account'], what: 'the profile: names, note, images, flags and fields' },
  deleteProfileAvatar: { bumps: ['account'], what: 'the avatar' },
  deleteProfileHeader: { bumps: ['account'], what: 'the header' },
  scheduleStatus: { none: 'nothing is published until the job runs, which publishes through publishStatus\'s path' },
  rescheduleStatus: { none: NOT_RENDERED },
  cancelScheduledStatus: { none: NOT_RENDERED },
};

/*
 * Writes that are not mutations and retire versions too (each in its service):
 * the poll-end job (the status: expired, final counts), the preview-card job
 * (the status gains its card), a scheduled status's publication (as
 * publishStatus), and the admin CLI's account actions (the account).
 */
