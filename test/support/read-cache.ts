// The read cache of anonymous GET /api/v1/statuses/:id (X-Cache: HIT or MISS) as the cache
// suites see it: warming it until it answers, the fresh answer (Cache-Control: no-cache always
// reads through) every cached answer must equal, and a set of statuses around one target whose
// cached answers a write may make stale.
import type { ApiClient, ApiResponse, JsonObject, TestUser, Testrig } from '@social/testkit';
import * as images from './images';
import { uploaded } from './media';

export const NO_CACHE = { 'cache-control': 'no-cache' } as const;

/** Statuses by role (`target`, `boost`, ...) to status id: failure messages then say which one went stale. */
export type Named = Record<string, string>;

/** GET /api/v1/statuses/:id without a token: the cache may answer. */
export function readAnonymously(api: ApiClient, id: string): Promise<ApiResponse<JsonObject>> {
  return api.get<JsonObject>(`/api/v1/statuses/${id}`);
}

/** The same read with Cache-Control: no-cache: always read through the federation. */
export function readFresh(api: ApiClient, id: string): Promise<ApiResponse<JsonObject>> {
  return api.get<JsonObject>(`/api/v1/statuses/${id}`, { headers: NO_CACHE });
}

/** What two answers must agree on: the status code and the JSON body. */
function answer(role: string, response: ApiResponse<JsonObject>): Record<string, unknown> {
  return { role, status: response.status, body: response.body };
}

function trace(response: ApiResponse<unknown>): string {
  return `${response.status} ${response.headers['x-cache'] ?? '(no X-Cache)'}`;
}

/**
 * Reads each status anonymously until the cache serves it (HIT; the first read teaches the
 * cache what the status depends on, the second fills it), and fails if it never does: a test
 * that never saw a cached answer proves nothing about stale ones. Answers the cached bodies by role.
 */
export async function warm(api: ApiClient, statuses: Named, attempts = 6): Promise<Record<string, JsonObject>> {
  const bodies: Record<string, JsonObject> = {};
  for (const [role, id] of Object.entries(statuses)) {
    const reads: string[] = [];
    for (let i = 0; i < attempts; i++) {
      const response = await readAnonymously(api, id);
      reads.push(trace(response));
      bodies[role] = response.body;
      if (response.headers['x-cache'] === 'HIT') break;
    }
    expect({ role, reads }).toEqual({ role, reads: expect.arrayContaining(['200 HIT']) });
  }
  return bodies;
}

/**
 * For each status: the anonymous answer (cached or not) equals the fresh one, status code and
 * body; then, once the cache has refilled (a HIT within a few reads of a 200), the cached
 * answer is still the fresh one. Answers the first anonymous bodies by role, for the test to
 * check the change it made is there (so that a missing invalidation cannot pass as "equal").
 */
export async function expectFresh(api: ApiClient, statuses: Named): Promise<Record<string, JsonObject>> {
  const bodies: Record<string, JsonObject> = {};
  for (const [role, id] of Object.entries(statuses)) {
    const cached = await readAnonymously(api, id);
    const fresh = await readFresh(api, id);
    expect(answer(role, cached)).toEqual(answer(role, fresh));
    bodies[role] = cached.body;
  }
  for (const [role, id] of Object.entries(statuses)) await expectRefilledFresh(api, role, id);
  return bodies;
}

/** Reads until a HIT (for a 200) and compares that cached answer with a fresh read. */
async function expectRefilledFresh(api: ApiClient, role: string, id: string, attempts = 6): Promise<void> {
  const reads: string[] = [];
  let last: ApiResponse<JsonObject> | undefined;
  for (let i = 0; i < attempts; i++) {
    last = await readAnonymously(api, id);
    reads.push(trace(last));
    if (last.headers['x-cache'] === 'HIT' || last.status !== 200) break;
  }
  const response = last as ApiResponse<JsonObject>;
  expect(answer(role, response)).toEqual(answer(role, await readFresh(api, id)));
  // A status that is (still) there is served from the cache again after one refill.
  if (response.status === 200) expect({ role, reads }).toEqual({ role, reads: expect.arrayContaining(['200 HIT']) });
}

/** The status is gone for anonymous readers, read after read, and never served from the cache. */
export async function expectGone(api: ApiClient, statuses: Named, reads = 3): Promise<void> {
  for (const [role, id] of Object.entries(statuses)) {
    for (let i = 0; i < reads; i++) {
      const response = await readAnonymously(api, id);
      expect({ role, status: response.status, cache: response.headers['x-cache'] }).toEqual({ role, status: 404, cache: expect.not.stringMatching(/HIT/) });
      expect(answer(role, response)).toEqual(answer(role, await readFresh(api, id)));
    }
  }
}

/** `.account` of a status body. */
export function accountOf(status: JsonObject): JsonObject {
  return status.account as JsonObject;
}

/** `.reblog` of a boost's body. */
export function reblogOf(status: JsonObject): JsonObject {
  return status.reblog as JsonObject;
}

/**
 * The statuses around one target status S whose cached answers a write may make stale:
 * - target: S, by `author`, a public reply to `parent`, with an image (or a poll)
 * - parent: by `parentAuthor` (its replies_count counts S)
 * - sibling: another status by `author` (embeds the author's counts)
 * - mention: a status by `author` mentioning `actor`
 * - actorOwn: a status by `actor`, the user who acts on S in the tests (embeds their counts)
 * - boost: `booster`'s boost of S (embeds S and its author, and the booster)
 * - boosterOwn: a status by `booster` (the booster's counts)
 */
export interface Neighbourhood {
  author: TestUser;
  actor: TestUser;
  booster: TestUser;
  parentAuthor: TestUser;
  statuses: { target: string; parent: string; sibling: string; mention: string; actorOwn: string; boost: string; boosterOwn: string };
  /** S's attachment (with `target: 'media'`). */
  media?: JsonObject;
}

export async function neighbourhood(
  rig: Testrig,
  prefix: string,
  target: 'media' | 'poll' = 'media',
  pollFields: Record<string, string> = {},
): Promise<Neighbourhood> {
  const [author, actor, booster, parentAuthor] = await Promise.all(
    ['author', 'actor', 'booster', 'parent'].map((role) => rig.newUser(`${prefix}${role}`.slice(0, 16))),
  ) as [TestUser, TestUser, TestUser, TestUser];
  const parent = await rig.post(parentAuthor.token, 'The start of a thread');
  const media = target === 'media' ? await uploaded(rig.api, author.token, { file: await images.png(), fields: { description: 'A picture' } }) : undefined;
  const targetFields =
    target === 'media'
      ? { status: 'S with a picture', media_ids: [media?.id as string], in_reply_to_id: parent.id }
      : { status: 'S with a poll', poll: { options: ['yes', 'no', 'maybe'], expires_in: '3600', ...pollFields }, in_reply_to_id: parent.id };
  const status = await rig.post(author.token, targetFields);
  const sibling = await rig.post(author.token, 'Another one by the author');
  const mention = await rig.post(author.token, `Hello @${actor.username}`);
  const actorOwn = await rig.post(actor.token, 'One by the actor');
  const boosterOwn = await rig.post(booster.token, 'One by the booster');
  const boost = await rig.api.post<JsonObject>(`/api/v1/statuses/${status.id}/reblog`, { token: booster.token });
  if (boost.status !== 200) throw new Error(`reblog answered ${boost.status}: ${boost.text}`);
  return {
    author,
    actor,
    booster,
    parentAuthor,
    media,
    statuses: {
      target: status.id,
      parent: parent.id,
      sibling: sibling.id,
      mention: mention.id,
      actorOwn: actorOwn.id,
      boost: boost.body.id as string,
      boosterOwn: boosterOwn.id,
    },
  };
}
