// Security: no reading or acting on another user's records by id (IDOR). For every
// route of the facade's route table with an `:id` (including routes added later: a route with
// neither a case here nor a reason in NOT_APPLICABLE fails the test), an intruder who does not
// follow the owner calls it on the owner's private or direct status, poll, media, scheduled
// status, notification, list or conversation: 404 {"error":"Record not found"} (pin of someone else's
// visible post: 422, docs/api/statuses.md#pin-and-mute), and the owner's reads show the record unchanged.
// docs/api/errors.md#status-codes (one 404 for missing and hidden); docs/api/media.md#endpoints.
import { eventually, type ApiResponse, type FormFields, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../support/expectations';
import * as images from '../support/images';
import { uploaded, waitForProcessing } from '../support/media';
import { minutesAhead } from '../support/scheduled';
import { label, routes, type Route } from '../support/route-table';
import { api, rig } from '../support/server';

jest.setTimeout(120_000);

/**
 * Reports are not their reporter's records: every one is open to a role with manage_reports and refused
 * (403) to everyone else whatever its id, before any lookup (test/api/admin/reports.e2e.test.ts).
 */
const ADMIN_ONLY = "moderators' route: any report to a role with manage_reports, 403 to anyone else before any lookup";

/** The moderators' blocks belong to no user: open to a role with manage_blocks or manage_federation, 403 to anyone else (test/api/admin/blocks.e2e.test.ts). */
const MODERATORS_BLOCKS = "moderators' route: any block to a role with manage_blocks or manage_federation, 403 to anyone else before any lookup";
/** Trends are reviewed by moderators, whoever posted the item (test/api/admin/trends-review.e2e.test.ts). */
const MODERATORS_TRENDS = "moderators' route: any trending item to a role with manage_taxonomies, 403 to anyone else before any lookup";

/** Id routes whose record is not private to its owner, with the reason. */
const NOT_APPLICABLE: Record<string, string> = {
  'GET /api/v1/accounts/:id': 'accounts are public profiles',
  'POST /api/v1/accounts/:id/follow': "acts on the caller's own follow, not on the target's records",
  'POST /api/v1/accounts/:id/unfollow': "acts on the caller's own follow, not on the target's records",
  'POST /api/v1/accounts/:id/remove_from_followers': "removes the target's follow of the caller only: the caller's own followers",
  'POST /api/v1/follow_requests/:account_id/authorize': "answers only requests made to the caller (a request to anyone else is 404: test/api/v1/follow_requests.e2e.test.ts)",
  'POST /api/v1/follow_requests/:account_id/reject': "answers only requests made to the caller (a request to anyone else is 404: test/api/v1/follow_requests.e2e.test.ts)",
  'GET /api/v1/accounts/:id/followers': 'the follow graph is public in Mastodon (hide_collections not supported)',
  'GET /api/v1/accounts/:id/following': 'the follow graph is public in Mastodon (hide_collections not supported)',
  'POST /api/v1/accounts/:id/block': "acts on the caller's own block of the target, not on the target's records",
  'POST /api/v1/accounts/:id/unblock': "acts on the caller's own block of the target, not on the target's records",
  'POST /api/v1/accounts/:id/mute': "acts on the caller's own mute of the target, not on the target's records",
  'POST /api/v1/accounts/:id/unmute': "acts on the caller's own mute of the target, not on the target's records",
  'POST /api/v1/accounts/:id/note': "the caller's own private note on the target, shown only to the caller",
  'POST /api/v1/accounts/:id/pin': "acts on the caller's own endorsement of the target",
  'POST /api/v1/accounts/:id/unpin': "acts on the caller's own endorsement of the target",
  'GET /api/v1/accounts/:id/endorsements': 'endorsements are shown on public profiles in Mastodon',
  'GET /api/v1/accounts/:id/featured_tags': 'featured hashtags are shown on public profiles in Mastodon',
  'GET /api/v1/admin/reports/:id': ADMIN_ONLY,
  'PUT /api/v1/admin/reports/:id': ADMIN_ONLY,
  'POST /api/v1/admin/reports/:id/assign_to_self': ADMIN_ONLY,
  'POST /api/v1/admin/reports/:id/unassign': ADMIN_ONLY,
  'POST /api/v1/admin/reports/:id/resolve': ADMIN_ONLY,
  'POST /api/v1/admin/reports/:id/reopen': ADMIN_ONLY,
  'GET /api/v1/admin/accounts/:id': "moderators' route: any account to a role with manage_users, 403 to anyone else before any lookup",
  'GET /api/v1/admin/domain_blocks/:id': MODERATORS_BLOCKS,
  'PUT /api/v1/admin/domain_blocks/:id': MODERATORS_BLOCKS,
  'DELETE /api/v1/admin/domain_blocks/:id': MODERATORS_BLOCKS,
  'GET /api/v1/admin/ip_blocks/:id': MODERATORS_BLOCKS,
  'PUT /api/v1/admin/ip_blocks/:id': MODERATORS_BLOCKS,
  'DELETE /api/v1/admin/ip_blocks/:id': MODERATORS_BLOCKS,
  'GET /api/v1/admin/domain_allows/:id': MODERATORS_BLOCKS,
  'DELETE /api/v1/admin/domain_allows/:id': MODERATORS_BLOCKS,
  'GET /api/v1/admin/email_domain_blocks/:id': MODERATORS_BLOCKS,
  'DELETE /api/v1/admin/email_domain_blocks/:id': MODERATORS_BLOCKS,
  'GET /api/v1/admin/canonical_email_blocks/:id': MODERATORS_BLOCKS,
  'DELETE /api/v1/admin/canonical_email_blocks/:id': MODERATORS_BLOCKS,
  'POST /api/v1/admin/trends/tags/:id/approve': MODERATORS_TRENDS,
  'POST /api/v1/admin/trends/tags/:id/reject': MODERATORS_TRENDS,
  'POST /api/v1/admin/trends/statuses/:id/approve': MODERATORS_TRENDS,
  'POST /api/v1/admin/trends/statuses/:id/reject': MODERATORS_TRENDS,
  'POST /api/v1/admin/trends/links/:id/approve': MODERATORS_TRENDS,
  'POST /api/v1/admin/trends/links/:id/reject': MODERATORS_TRENDS,
  'POST /api/v1/admin/accounts/:id/action': "moderators' action on any account below their role, 403 to anyone else before any lookup (test/api/admin/account-actions.e2e.test.ts)",
  'POST /api/v1/admin/accounts/:id/enable': "moderators' route (manage_users), 403 to anyone else before any lookup",
  'POST /api/v1/admin/accounts/:id/unsilence': "moderators' route (manage_users), 403 to anyone else before any lookup",
  'POST /api/v1/admin/accounts/:id/unsuspend': "moderators' route (manage_users), 403 to anyone else before any lookup",
  'POST /api/v1/admin/accounts/:id/unsensitive': "moderators' route (manage_users), 403 to anyone else before any lookup",
  'POST /api/v1/admin/accounts/:id/approve': "moderators' route (manage_users), 403 to anyone else before any lookup",
  'POST /api/v1/admin/accounts/:id/reject': "moderators' route (manage_users), 403 to anyone else before any lookup",
  'DELETE /api/v1/admin/accounts/:id': "admins' route (delete_user_data), 403 to anyone else before any lookup",
  'DELETE /api/v1/suggestions/:id': "dismisses the suggestion for the caller only (the caller's own dismissal row)",
  'DELETE /api/v2/suggestions/:id': "dismisses the suggestion for the caller only (the caller's own dismissal row)",
  'POST /api/v1/announcements/:id/dismiss': "announcements are instance-wide; dismissing one marks it read for the caller only",
  'PUT /api/v1/announcements/:id/reactions/:name': "announcements are instance-wide; the reaction added is the caller's own",
  'DELETE /api/v1/announcements/:id/reactions/:name': "announcements are instance-wide; the reaction removed is the caller's own",
  'GET /api/v1/accounts/:id/lists': "answers only the caller's own lists (another user's list holding the same account is left out: test/api/v1/accounts/id/lists.e2e.test.ts)",
};

interface Fixtures {
  owner: TestUser;
  intruder: TestUser;
  /** Mentioned in the direct status; followed by the owner (so the owner's list can hold them). */
  friend: TestUser;
  privateStatus: MastodonStatus;
  directStatus: MastodonStatus;
  publicPinned: MastodonStatus;
  pollId: string;
  mediaId: string;
  scheduledId: string;
  notificationId: string;
  /** The owner's pending notification request (from the intruder). */
  requestId: string;
  listId: string;
  /** The owner's featured hashtag. */
  featuredTagId: string;
  /** The owner's conversation of the direct status, unread (the friend answered in it). */
  conversationId: string;
  /** The owner's filter, its keyword and its status entry (docs/api/filters.md). */
  filterId: string;
  filterKeywordId: string;
  filterStatusId: string;
}

let f: Fixtures;

async function ok<T = JsonObject>(what: string, response: Promise<ApiResponse<T>>): Promise<T> {
  const answered = await response;
  if (answered.status !== 200) throw new Error(`${what} answered ${answered.status}: ${answered.text}`);
  return answered.body;
}

/** The owner's view of one of their statuses: the fields an intruder's action could change. */
async function ownerView(id: string): Promise<JsonObject> {
  const status = await ok<JsonObject>('owner GET status', api.get(`/api/v1/statuses/${id}`, { token: f.owner.token }));
  const { favourites_count, reblogs_count, replies_count, favourited, reblogged, bookmarked, muted, pinned, content, poll } = status;
  return { favourites_count, reblogs_count, replies_count, favourited, reblogged, bookmarked, muted, pinned, content, poll };
}

interface Attempt {
  /** Path with the owner's record id filled in. */
  path: () => string;
  form?: () => FormFields;
  /** 404 Record not found unless given. */
  expected?: { status: number; error?: string; check?: (response: ApiResponse<unknown>) => void };
}

interface Case {
  attempts: Attempt[];
  /** The owner's reads before and after must be equal. */
  snapshot: () => Promise<unknown>;
}

const statusSnapshot = async () => Promise.all([ownerView(f.privateStatus.id), ownerView(f.directStatus.id), ownerView(f.publicPinned.id)]);

/** A status action on both the private and the direct status. */
function onHiddenStatuses(suffix: string): Attempt[] {
  return [
    { path: () => `/api/v1/statuses/${f.privateStatus.id}${suffix}` },
    { path: () => `/api/v1/statuses/${f.directStatus.id}${suffix}` },
  ];
}

const statusCase = (suffix: string): Case => ({ attempts: onHiddenStatuses(suffix), snapshot: statusSnapshot });

const listSnapshot = async () => ({
  list: await ok('owner GET list', api.get(`/api/v1/lists/${f.listId}`, { token: f.owner.token })),
  accounts: (await ok<JsonObject[]>('owner GET list accounts', api.get(`/api/v1/lists/${f.listId}/accounts`, { token: f.owner.token }))).map((a) => a.id),
});

const mediaSnapshot = async () => {
  const media = await api.get<JsonObject>(`/api/v1/media/${f.mediaId}`, { token: f.owner.token });
  return { status: media.status, description: media.body.description, meta: media.body.meta };
};

const scheduledSnapshot = async () => ok('owner GET scheduled status', api.get(`/api/v1/scheduled_statuses/${f.scheduledId}`, { token: f.owner.token }));

/** The owner's notification request, as the owner reads it, and whether it is still pending. */
const requestSnapshot = async () => {
  const one = await api.get<JsonObject>(`/api/v1/notifications/requests/${f.requestId}`, { token: f.owner.token });
  const pending = await api.get<JsonObject[]>('/api/v1/notifications/requests', { token: f.owner.token });
  return { status: one.status, body: one.body, pending: pending.body.map((request) => request.id) };
};

const notificationSnapshot = async () => {
  const one = await api.get<JsonObject>(`/api/v1/notifications/${f.notificationId}`, { token: f.owner.token });
  return { status: one.status, id: one.body.id, type: one.body.type };
};

const pollSnapshot = async () => ok('owner GET poll', api.get(`/api/v1/polls/${f.pollId}`, { token: f.owner.token }));

const conversationSnapshot = async () => ok('owner GET conversations', api.get('/api/v1/conversations', { token: f.owner.token }));

const featuredTagSnapshot = async () => ok('owner GET featured tags', api.get('/api/v1/featured_tags', { token: f.owner.token }));

const filterSnapshot = async () => ok('owner GET filters', api.get('/api/v2/filters', { token: f.owner.token }));

const CASES: Record<string, Case> = {
  'GET /api/v2/filters/:id': { attempts: [{ path: () => `/api/v2/filters/${f.filterId}` }], snapshot: filterSnapshot },
  'PUT /api/v2/filters/:id': { attempts: [{ path: () => `/api/v2/filters/${f.filterId}`, form: () => ({ title: 'taken over' }) }], snapshot: filterSnapshot },
  'DELETE /api/v2/filters/:id': { attempts: [{ path: () => `/api/v2/filters/${f.filterId}` }], snapshot: filterSnapshot },
  'GET /api/v2/filters/:id/keywords': { attempts: [{ path: () => `/api/v2/filters/${f.filterId}/keywords` }], snapshot: filterSnapshot },
  'POST /api/v2/filters/:id/keywords': { attempts: [{ path: () => `/api/v2/filters/${f.filterId}/keywords`, form: () => ({ keyword: 'intruded' }) }], snapshot: filterSnapshot },
  'GET /api/v2/filters/:id/statuses': { attempts: [{ path: () => `/api/v2/filters/${f.filterId}/statuses` }], snapshot: filterSnapshot },
  'POST /api/v2/filters/:id/statuses': {
    attempts: [{ path: () => `/api/v2/filters/${f.filterId}/statuses`, form: () => ({ status_id: f.publicPinned.id }) }],
    snapshot: filterSnapshot,
  },
  'GET /api/v2/filters/keywords/:id': { attempts: [{ path: () => `/api/v2/filters/keywords/${f.filterKeywordId}` }], snapshot: filterSnapshot },
  'PUT /api/v2/filters/keywords/:id': { attempts: [{ path: () => `/api/v2/filters/keywords/${f.filterKeywordId}`, form: () => ({ keyword: 'taken' }) }], snapshot: filterSnapshot },
  'DELETE /api/v2/filters/keywords/:id': { attempts: [{ path: () => `/api/v2/filters/keywords/${f.filterKeywordId}` }], snapshot: filterSnapshot },
  'GET /api/v2/filters/statuses/:id': { attempts: [{ path: () => `/api/v2/filters/statuses/${f.filterStatusId}` }], snapshot: filterSnapshot },
  'DELETE /api/v2/filters/statuses/:id': { attempts: [{ path: () => `/api/v2/filters/statuses/${f.filterStatusId}` }], snapshot: filterSnapshot },
  // A v1 filter's id is its keyword's.
  'GET /api/v1/filters/:id': { attempts: [{ path: () => `/api/v1/filters/${f.filterKeywordId}` }], snapshot: filterSnapshot },
  'PUT /api/v1/filters/:id': { attempts: [{ path: () => `/api/v1/filters/${f.filterKeywordId}`, form: () => ({ phrase: 'taken' }) }], snapshot: filterSnapshot },
  'DELETE /api/v1/filters/:id': { attempts: [{ path: () => `/api/v1/filters/${f.filterKeywordId}` }], snapshot: filterSnapshot },
  'GET /api/v1/statuses/:id': statusCase(''),
  'DELETE /api/v1/statuses/:id': statusCase(''),
  'GET /api/v1/statuses/:id/context': statusCase('/context'),
  // Editing and the source are the author's alone: a public status the intruder can read is 404 too (docs/api/edits.md).
  'PUT /api/v1/statuses/:id': {
    attempts: [...onHiddenStatuses(''), { path: () => `/api/v1/statuses/${f.publicPinned.id}` }].map((attempt) => ({ ...attempt, form: () => ({ status: 'taken over' }) })),
    snapshot: statusSnapshot,
  },
  'GET /api/v1/statuses/:id/history': statusCase('/history'),
  'GET /api/v1/statuses/:id/source': { attempts: [...onHiddenStatuses('/source'), { path: () => `/api/v1/statuses/${f.publicPinned.id}/source` }], snapshot: statusSnapshot },
  'GET /api/v1/statuses/:id/card': statusCase('/card'),
  'GET /api/v1/statuses/:id/reblogged_by': statusCase('/reblogged_by'),
  'GET /api/v1/statuses/:id/favourited_by': statusCase('/favourited_by'),
  'POST /api/v1/statuses/:id/favourite': statusCase('/favourite'),
  'POST /api/v1/statuses/:id/unfavourite': statusCase('/unfavourite'),
  'POST /api/v1/statuses/:id/reblog': statusCase('/reblog'),
  'POST /api/v1/statuses/:id/unreblog': statusCase('/unreblog'),
  'POST /api/v1/statuses/:id/bookmark': statusCase('/bookmark'),
  'POST /api/v1/statuses/:id/unbookmark': statusCase('/unbookmark'),
  'POST /api/v1/statuses/:id/mute': statusCase('/mute'),
  'POST /api/v1/statuses/:id/unmute': statusCase('/unmute'),
  'POST /api/v1/statuses/:id/pin': {
    attempts: [
      ...onHiddenStatuses('/pin'),
      // Visible but someone else's: 422 (docs/api/statuses.md#pin-and-mute).
      { path: () => `/api/v1/statuses/${f.publicPinned.id}/pin`, expected: { status: 422, error: "Validation failed: Someone else's toot cannot be pinned" } },
    ],
    snapshot: statusSnapshot,
  },
  'POST /api/v1/statuses/:id/unpin': {
    attempts: [
      ...onHiddenStatuses('/unpin'),
      // Visible: Mastodon answers the status and removes only the caller's own pin (none); the owner's stays (snapshot).
      {
        path: () => `/api/v1/statuses/${f.publicPinned.id}/unpin`,
        expected: { status: 200, check: (response) => expect((response.body as JsonObject).id).toBe(f.publicPinned.id) },
      },
    ],
    snapshot: statusSnapshot,
  },
  'GET /api/v1/polls/:id': { attempts: [{ path: () => `/api/v1/polls/${f.pollId}` }], snapshot: pollSnapshot },
  'POST /api/v1/polls/:id/votes': {
    attempts: [{ path: () => `/api/v1/polls/${f.pollId}/votes`, form: () => ({ choices: ['0'] }) }],
    snapshot: pollSnapshot,
  },
  'GET /api/v1/accounts/:id/statuses': {
    attempts: [
      {
        path: () => `/api/v1/accounts/${f.owner.account.id}/statuses`,
        expected: {
          status: 200,
          check: (response) => {
            const listed = (response.body as JsonObject[]).map((status) => status.id);
            expect(listed).toContain(f.publicPinned.id);
            expect(listed).not.toContain(f.privateStatus.id);
            expect(listed).not.toContain(f.directStatus.id);
          },
        },
      },
    ],
    snapshot: statusSnapshot,
  },
  'GET /api/v1/timelines/list/:id': { attempts: [{ path: () => `/api/v1/timelines/list/${f.listId}` }], snapshot: listSnapshot },
  'GET /api/v1/lists/:id/accounts': { attempts: [{ path: () => `/api/v1/lists/${f.listId}/accounts` }], snapshot: listSnapshot },
  'POST /api/v1/lists/:id/accounts': {
    attempts: [{ path: () => `/api/v1/lists/${f.listId}/accounts`, form: () => ({ account_ids: [f.intruder.account.id] }) }],
    snapshot: listSnapshot,
  },
  'DELETE /api/v1/lists/:id/accounts': {
    attempts: [{ path: () => `/api/v1/lists/${f.listId}/accounts?account_ids[]=${f.friend.account.id}` }],
    snapshot: listSnapshot,
  },
  'GET /api/v1/lists/:id': { attempts: [{ path: () => `/api/v1/lists/${f.listId}` }], snapshot: listSnapshot },
  'PUT /api/v1/lists/:id': { attempts: [{ path: () => `/api/v1/lists/${f.listId}`, form: () => ({ title: 'taken over' }) }], snapshot: listSnapshot },
  'DELETE /api/v1/lists/:id': { attempts: [{ path: () => `/api/v1/lists/${f.listId}` }], snapshot: listSnapshot },
  'DELETE /api/v1/featured_tags/:id': { attempts: [{ path: () => `/api/v1/featured_tags/${f.featuredTagId}` }], snapshot: featuredTagSnapshot },
  'GET /api/v1/notifications/:id': { attempts: [{ path: () => `/api/v1/notifications/${f.notificationId}` }], snapshot: notificationSnapshot },
  'POST /api/v1/notifications/:id/dismiss': { attempts: [{ path: () => `/api/v1/notifications/${f.notificationId}/dismiss` }], snapshot: notificationSnapshot },
  'GET /api/v1/notifications/requests/:id': { attempts: [{ path: () => `/api/v1/notifications/requests/${f.requestId}` }], snapshot: requestSnapshot },
  'POST /api/v1/notifications/requests/:id/accept': { attempts: [{ path: () => `/api/v1/notifications/requests/${f.requestId}/accept` }], snapshot: requestSnapshot },
  'POST /api/v1/notifications/requests/:id/dismiss': { attempts: [{ path: () => `/api/v1/notifications/requests/${f.requestId}/dismiss` }], snapshot: requestSnapshot },
  'GET /api/v1/scheduled_statuses/:id': { attempts: [{ path: () => `/api/v1/scheduled_statuses/${f.scheduledId}` }], snapshot: scheduledSnapshot },
  'PUT /api/v1/scheduled_statuses/:id': {
    attempts: [{ path: () => `/api/v1/scheduled_statuses/${f.scheduledId}`, form: () => ({ scheduled_at: minutesAhead(60) }) }],
    snapshot: scheduledSnapshot,
  },
  'DELETE /api/v1/scheduled_statuses/:id': { attempts: [{ path: () => `/api/v1/scheduled_statuses/${f.scheduledId}` }], snapshot: scheduledSnapshot },
  'GET /api/v1/media/:id': { attempts: [{ path: () => `/api/v1/media/${f.mediaId}` }], snapshot: mediaSnapshot },
  'PUT /api/v1/media/:id': {
    attempts: [{ path: () => `/api/v1/media/${f.mediaId}`, form: () => ({ description: 'taken over', focus: '0.5,0.5' }) }],
    snapshot: mediaSnapshot,
  },
  'DELETE /api/v1/media/:id': { attempts: [{ path: () => `/api/v1/media/${f.mediaId}` }], snapshot: mediaSnapshot },
  'POST /api/v1/conversations/:id/read': { attempts: [{ path: () => `/api/v1/conversations/${f.conversationId}/read` }], snapshot: conversationSnapshot },
  'POST /api/v1/conversations/:id/unread': { attempts: [{ path: () => `/api/v1/conversations/${f.conversationId}/unread` }], snapshot: conversationSnapshot },
  'DELETE /api/v1/conversations/:id': { attempts: [{ path: () => `/api/v1/conversations/${f.conversationId}` }], snapshot: conversationSnapshot },
};

// `:id` and its named forms (`:account_id`).
const idRoutes = routes.filter((route) => /:(\w+_)?id\b/.test(route.path));

async function attempt(route: Route, request: Attempt): Promise<ApiResponse<unknown>> {
  const method = route.method.toUpperCase();
  const form = request.form?.();
  if (form) return api.send(method, request.path(), { token: f.intruder.token, body: new URLSearchParams(formEntries(form)).toString(), contentType: 'application/x-www-form-urlencoded' });
  return api.send(method, request.path(), { token: f.intruder.token });
}

function formEntries(form: FormFields): Array<[string, string]> {
  return Object.entries(form).flatMap(([key, value]) => (Array.isArray(value) ? value.map((item) => [`${key}[]`, String(item)] as [string, string]) : [[key, String(value)] as [string, string]]));
}

beforeAll(async () => {
  const [owner, intruder, friend] = await Promise.all([rig.newUser('idorowner'), rig.newUser('idorintruder'), rig.newUser('idorfriend')]);
  expectJson(await api.post(`/api/v1/accounts/${friend.account.id}/follow`, { token: owner.token }), 200);

  const privateStatus = await rig.post(owner.token, { status: 'private words', visibility: 'private', poll: { options: ['yes', 'no'], expires_in: 3600 } });
  const directStatus = await rig.post(owner.token, { status: `@${friend.username} direct words`, visibility: 'direct' });
  await rig.post(friend.token, { status: `@${owner.username} direct answer`, visibility: 'direct', in_reply_to_id: directStatus.id });
  const conversations = await ok<JsonObject[]>('owner conversations', api.get('/api/v1/conversations', { token: owner.token }));
  if (conversations.length !== 1 || conversations[0]?.unread !== true) throw new Error(`the owner has no unread conversation: ${JSON.stringify(conversations)}`);
  const publicPinned = await rig.post(owner.token, { status: 'public and pinned' });
  expectJson(await api.post(`/api/v1/statuses/${publicPinned.id}/pin`, { token: owner.token }), 200);
  // Some state an intruder's undo could remove: the owner's own favourite, bookmark and mute.
  for (const action of ['favourite', 'bookmark', 'mute']) expectJson(await api.post(`/api/v1/statuses/${privateStatus.id}/${action}`, { token: owner.token }), 200);
  const pollId = (privateStatus as unknown as { poll: { id: string } }).poll.id;

  const media = await uploaded(api, owner.token, { file: await images.png(40, 30), fields: { description: 'mine' } });
  await waitForProcessing(api, String(media.id), owner.token);

  const scheduled = await ok<JsonObject>('schedule', api.postJson('/api/v1/statuses', { status: 'later', scheduled_at: minutesAhead(30) }, { token: owner.token }));

  await rig.post(friend.token, `@${owner.username} hello`);
  const notificationId = await eventually(
    async () => ((await ok<JsonObject[]>('owner notifications', api.get('/api/v1/notifications', { token: owner.token })))[0]?.id as string | undefined) ?? false,
    { timeoutMs: 20_000, intervalMs: 200, what: "the owner's notification" },
  );

  // A notification request of the owner's: the intruder's mention, filtered once the owner filters accounts it does not follow.
  await ok('filter strangers', api.send('PATCH', '/api/v2/notifications/policy', { token: owner.token, body: 'for_not_following=filter', contentType: 'application/x-www-form-urlencoded' }));
  await rig.post(intruder.token, `@${owner.username} let me in`);
  const requestId = (await ok<JsonObject[]>('owner requests', api.get('/api/v1/notifications/requests', { token: owner.token })))[0]?.id as string;

  const list = await ok<JsonObject>('create list', api.postForm('/api/v1/lists', { title: 'close friends' }, { token: owner.token }));
  await ok('add to list', api.postForm(`/api/v1/lists/${list.id}/accounts`, { account_ids: [friend.account.id] }, { token: owner.token }));

  const featuredTag = await ok<JsonObject>('feature a hashtag', api.postForm('/api/v1/featured_tags', { name: 'idorfeatured' }, { token: owner.token }));

  const filter = await ok<JsonObject>('create filter', api.postJson('/api/v2/filters', { title: 'mine', context: ['home'], keywords_attributes: [{ keyword: 'secret' }] }, { token: owner.token }));
  const filterStatus = await ok<JsonObject>('filter a status', api.postForm(`/api/v2/filters/${filter.id}/statuses`, { status_id: publicPinned.id }, { token: owner.token }));

  f = {
    filterId: String(filter.id), filterKeywordId: String((filter.keywords as JsonObject[])[0]?.id), filterStatusId: String(filterStatus.id),
    owner, intruder, friend, privateStatus, directStatus, publicPinned, pollId,
    mediaId: String(media.id), scheduledId: String(scheduled.id), notificationId, requestId, listId: String(list.id), featuredTagId: String(featuredTag.id),
    conversationId: String(conversations[0]?.id),
  };
});

describe('IDOR: every id route of the route table', () => {
  it('has a case or a reason for every route with an :id', () => {
    const uncovered = idRoutes.map(label).filter((name) => !(name in CASES) && !(name in NOT_APPLICABLE));
    expect(uncovered).toEqual([]);
    // A case for a route that no longer exists is stale.
    const known = new Set(idRoutes.map(label));
    expect(Object.keys({ ...CASES, ...NOT_APPLICABLE }).filter((name) => !known.has(name))).toEqual([]);
  });

  it.each(idRoutes.filter((route) => label(route) in CASES).map((route) => [label(route), route] as const))(
    '%s: an intruder gets Record not found and the owner sees nothing change',
    async (name, route) => {
      const testCase = CASES[name] as Case;
      const before = await testCase.snapshot();
      for (const request of testCase.attempts) {
        const response = await attempt(route, request);
        const expected = request.expected ?? { status: 404, error: RECORD_NOT_FOUND };
        if (expected.error) expectError(response, expected.status, expected.error);
        else expectJson(response, expected.status);
        expected.check?.(response);
      }
      expect(await testCase.snapshot()).toEqual(before);
    },
  );
});

describe('lists of ones own: bookmarks, favourites, notifications, lists, scheduled statuses, conversations', () => {
  it.each([
    ['/api/v1/bookmarks'],
    ['/api/v1/favourites'],
    ['/api/v1/notifications'],
    ['/api/v1/lists'],
    ['/api/v1/scheduled_statuses'],
    ['/api/v1/timelines/home'],
    ['/api/v1/conversations'],
  ])("GET %s shows the intruder nothing of the owner's", async (path) => {
    const response = await api.get<JsonObject[]>(path, { token: f.intruder.token });
    expectJson(response, 200);
    const seen = JSON.stringify(response.body);
    for (const id of [f.privateStatus.id, f.directStatus.id, f.notificationId, f.listId, f.scheduledId, f.conversationId]) expect(seen).not.toContain(`"${id}"`);
    // And the owner does see theirs (the ids above are real records).
    if (path === '/api/v1/bookmarks' || path === '/api/v1/favourites') {
      const own = await ok<JsonObject[]>(`owner ${path}`, api.get(path, { token: f.owner.token }));
      expect(own.map((status) => status.id)).toContain(f.privateStatus.id);
    }
  });
});
