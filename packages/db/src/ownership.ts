/**
 * Which subgraph owns each table, and every access a subgraph makes to a
 * table it does not own (docs/data-ownership.md). One database serves the
 * three subgraphs; this is the rule that keeps it three services:
 *
 * - a table has one owner, the only subgraph that writes it; `shared` tables
 *   belong to a package every service uses (the job queue, idempotency keys);
 * - another subgraph may read an owner's table only as declared below, naming
 *   the columns it relies on (the owner keeps them, or changes both sides in
 *   one commit) and why a join is worth more than asking the owner;
 * - a write to another's table is declared with the columns it sets, and only
 *   those (a link column the writer decides inside its own transaction).
 *
 * `ownership.test.ts` reads every subgraph's source and fails on an access
 * this file does not declare, and on a declaration nothing uses.
 */
export type Subgraph = 'identity' | 'statuses' | 'media';

export const TABLE_OWNERS: Readonly<Record<string, Subgraph | 'shared'>> = {
  accounts: 'identity',
  users: 'identity',
  oauth_applications: 'identity',
  oauth_access_tokens: 'identity',
  oauth_authorization_codes: 'identity',
  user_roles: 'identity',
  admin_action_logs: 'identity',
  web_push_subscriptions: 'identity',
  server_keys: 'identity',
  account_warnings: 'identity',
  domain_blocks: 'identity',
  domain_allows: 'identity',
  email_domain_blocks: 'identity',
  email_domain_block_attempts: 'identity',
  ip_blocks: 'identity',
  canonical_email_blocks: 'identity',
  custom_emojis: 'identity',
  announcements: 'identity',
  announcement_dismissals: 'identity',
  announcement_reactions: 'identity',

  account_stats: 'statuses',
  follows: 'statuses',
  blocks: 'statuses',
  mutes: 'statuses',
  account_notes: 'statuses',
  account_pins: 'statuses',
  account_domain_blocks: 'statuses',
  suggestion_dismissals: 'statuses',
  conversations: 'statuses',
  statuses: 'statuses',
  mentions: 'statuses',
  tags: 'statuses',
  statuses_tags: 'statuses',
  favourites: 'statuses',
  bookmarks: 'statuses',
  status_pins: 'statuses',
  conversation_mutes: 'statuses',
  account_conversations: 'statuses',
  polls: 'statuses',
  poll_votes: 'statuses',
  scheduled_statuses: 'statuses',
  notifications: 'statuses',
  markers: 'statuses',
  lists: 'statuses',
  list_accounts: 'statuses',
  custom_filters: 'statuses',
  custom_filter_keywords: 'statuses',
  custom_filter_statuses: 'statuses',
  preview_cards: 'statuses',
  statuses_preview_cards: 'statuses',
  status_edits: 'statuses',
  follow_requests: 'statuses',
  tag_follows: 'statuses',
  featured_tags: 'statuses',
  notification_policies: 'statuses',
  notification_requests: 'statuses',
  notification_permissions: 'statuses',
  reports: 'statuses',
  report_notes: 'statuses',
  status_trend_reviews: 'statuses',

  media_attachments: 'media',

  jobs: 'shared',
  idempotency_keys: 'shared',
};

export interface ForeignAccess {
  /** The subgraph reading or writing a table it does not own. */
  by: Subgraph;
  table: string;
  /** The owner's columns this access relies on (for a write: the only columns it may set). */
  columns: readonly string[];
  why: string;
}

export const FOREIGN_READS: readonly ForeignAccess[] = [
  {
    by: 'statuses',
    table: 'accounts',
    columns: ['id', 'username', 'suspended_at', 'silenced_at', 'sensitized_at', 'discoverable', 'created_at', 'hide_collections'],
    why:
      'Rendering and paging in one statement: mentions and reply targets by username, and suspended accounts left out of lists, ' +
      'follows, pins, counters, timelines, notifications and trends; limited accounts out of public timelines for non-followers and ' +
      "their notifications filtered; a sensitized author's statuses sensitive (docs/api/moderation.md); only discoverable authors in " +
      "trending statuses and follow suggestions, whose friends of friends leave out the follows of accounts hiding them (hide_collections); " +
      "a sender's age for the notification policy; asking identity per row would be a round trip per page.",
  },
  {
    by: 'statuses',
    table: 'custom_emojis',
    columns: ['shortcode', 'disabled'],
    why:
      "Which of the :shortcode:s a status's text holds are enabled custom emojis, for Status.emojis (references identity completes): " +
      'one batched statement per request rather than a round trip through the gateway per status.',
  },
  {
    by: 'statuses',
    table: 'users',
    columns: ['account_id', 'default_privacy', 'default_sensitive', 'default_language'],
    why: "A new status's defaults (source[privacy], sensitive, language) when the request leaves them out.",
  },
  {
    by: 'statuses',
    table: 'users',
    columns: ['account_id', 'role_id'],
    why:
      'Who hears of a new report (the admin.report notification): the users whose role may handle reports, in one statement; ' +
      "and whether a notification's sender is staff (the policy lets staff mentions through).",
  },
  {
    by: 'statuses',
    table: 'users',
    columns: ['account_id', 'created_at', 'locale', 'sign_up_application_id'],
    why:
      "The moderators' dashboard (docs/api/moderation.md#dashboard) counts new users per day, their languages, sign-up apps and cohorts " +
      'beside the statuses, favourites and reports it counts, each in one statement over a range of days.',
  },
  {
    by: 'statuses',
    table: 'oauth_access_tokens',
    columns: ['account_id', 'created_at', 'last_used_at'],
    why: "The dashboard's active users and retention: a token granted or last used on a day is activity, with the day's statuses and favourites.",
  },
  {
    by: 'statuses',
    table: 'oauth_applications',
    columns: ['id', 'name'],
    why: "The dashboard's sources dimension: the apps new users signed up through, named.",
  },
  {
    by: 'statuses',
    table: 'user_roles',
    columns: ['id', 'permissions'],
    why: 'Which roles may handle reports (manage_reports or administrator), for the admin.report notification.',
  },
  {
    by: 'statuses',
    table: 'media_attachments',
    columns: ['id', 'account_id', 'status_id', 'scheduled_status_id', 'processing', 'position', 'description', 'meta', 'file_size'],
    why:
      "The dashboard's space usage sums file_size. " +
      "Which attachments a status may take, the media-only timeline filter, a node id's owner, and the descriptions a user's filter keywords are matched against " +
      '(docs/api/filters.md#matching); the attachment itself is rendered by media. ' +
      'An edit reads the attachments it replaces (order, description, focus) in its own transaction, to tell whether anything changed and to snapshot the version.',
  },
  {
    by: 'media',
    table: 'statuses',
    columns: ['id'],
    why: "Whether an attachment's status still exists: the vacuum removes media no status holds.",
  },
  {
    by: 'media',
    table: 'scheduled_statuses',
    columns: ['id'],
    why: 'Whether an attachment is held by a status not yet published (the vacuum leaves it alone).',
  },
  {
    by: 'identity',
    table: 'reports',
    columns: ['id', 'target_account_id', 'status_ids', 'action_taken_at'],
    why: "A moderator's action on an account names the report it answers and resolves open reports about the account, in the action's transaction (docs/api/moderation.md#acting-on-an-account).",
  },
  {
    by: 'identity',
    table: 'blocks',
    columns: ['account_id', 'target_account_id'],
    why: 'Account search leaves out accounts blocking the viewer or blocked by it, in the search statement itself.',
  },
  {
    by: 'identity',
    table: 'account_stats',
    columns: ['account_id', 'last_status_at'],
    why: "The directory's order=active sorts accounts by their last status, in the directory statement itself.",
  },
  {
    by: 'identity',
    table: 'follow_requests',
    columns: ['target_account_id'],
    why: "The signed-in user's own source.follow_requests_count, counted in the statement that reads the account.",
  },
  {
    by: 'identity',
    table: 'follows',
    columns: ['account_id', 'target_account_id'],
    why: 'Account search ranks and filters by whom the viewer follows, in the search statement itself.',
  },
  {
    by: 'statuses',
    table: 'web_push_subscriptions',
    columns: ['id', 'account_id', 'alerts', 'policy'],
    why:
      "Which of a new notification's recipient's Web Push subscriptions want it (alert and policy), weighed with the follows beside the recording; " +
      'asking identity would be a round trip per notification, almost always for none (docs/api/push.md#delivery).',
  },
  {
    by: 'identity',
    table: 'notifications',
    columns: ['id', 'account_id', 'from_account_id', 'type', 'status_id', 'favourite_id'],
    why: 'A Web Push delivery renders its notification when it is sent, and sends nothing for one undone meanwhile, as Mastodon does (docs/api/push.md#payload).',
  },
  {
    by: 'identity',
    table: 'favourites',
    columns: ['id', 'status_id'],
    why: "A favourite notification's status, for its Web Push body, in the delivery's one statement.",
  },
  {
    by: 'identity',
    table: 'statuses',
    columns: ['id', 'text', 'spoiler_text', 'reblog_of_id'],
    why: "A Web Push body is the notification's status's content warning or text (a boost's: the boosted status's), in the delivery's one statement.",
  },
];

export const FOREIGN_WRITES: readonly ForeignAccess[] = [
  {
    by: 'identity',
    table: 'reports',
    columns: ['action_taken_at', 'action_taken_by_account_id'],
    why:
      'A moderator action on an account resolves the reports it answers in the same transaction as the action and its audit rows, ' +
      "as Mastodon's AccountAction does; a separate call to statuses could leave the account acted on and its reports open.",
  },
  {
    by: 'statuses',
    table: 'admin_action_logs',
    columns: ['account_id', 'action', 'target_type', 'target_id', 'details'],
    why:
      "A moderator's action on a report, or review of a trend, and its audit row commit in one transaction, so no action goes unlogged; " +
      'identity owns the log (it owns staff and roles) and reads it for the admin CLI.',
  },
  {
    by: 'statuses',
    table: 'media_attachments',
    columns: ['status_id', 'scheduled_status_id', 'position', 'updated_at', 'description', 'meta'],
    why:
      'Publishing claims its attachments in the same transaction as the status row, so a status never holds media another took, ' +
      'and media never sees half a post; only the link columns, never the file or its processing state. ' +
      "Editing a status (docs/api/edits.md) also sets its attachments' description and meta's focus (media_attributes) in the edit's " +
      'transaction, since a posted attachment is read-only to the media API and the edit must snapshot and commit them with the text.',
  },
];
