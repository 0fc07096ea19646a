// The read cache of anonymous GET /api/v1/statuses/:id: which reads it serves (X-Cache HIT or
// MISS) and which it never does (signed in, any token, private and direct statuses), the fresh
// read (Cache-Control: no-cache), and the rate-limit headers of cached answers.
import { randomBytes } from 'node:crypto';
import type { JsonObject, TestUser } from '@social/testkit';
import { INVALID_TOKEN, OUTSIDE_SCOPES, expectError, expectJson } from '../support/expectations';
import { follow } from '../support/interactions';
import { readAnonymously, readFresh, warm } from '../support/read-cache';
import { api, rig } from '../support/server';

jest.setTimeout(60_000);

let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  [author, reader] = await Promise.all([rig.newUser('crauthor'), rig.newUser('crreader')]);
});

describe('an anonymous read of a public status', () => {
  it('is a MISS first, then a HIT within a few reads, the HIT equal to a fresh read', async () => {
    const status = await rig.post(author.token, 'Read me often');
    const caches: string[] = [];
    let hit: JsonObject | undefined;
    for (let i = 0; i < 6 && !hit; i++) {
      const response = await readAnonymously(api, status.id);
      expectJson(response, 200);
      caches.push(response.headers['x-cache'] ?? '(none)');
      if (response.headers['x-cache'] === 'HIT') hit = response.body;
    }

    expect(caches[0]).toBe('MISS');
    expect(caches).toContain('HIT');
    expect(caches.every((value) => value === 'MISS' || value === 'HIT')).toBe(true);
    const fresh = await readFresh(api, status.id);
    expect(hit).toEqual(fresh.body);
    expect(hit).not.toHaveProperty('favourited');
  });

  it('with Cache-Control: no-cache is always read through (MISS), also once the cache holds it', async () => {
    const status = await rig.post(author.token, 'Read me fresh');
    await warm(api, { status: status.id });

    for (let i = 0; i < 3; i++) {
      const response = await readFresh(api, status.id);
      expectJson(response, 200);
      expect(response.headers['x-cache']).toBe('MISS');
    }
  });

  it('of an unlisted status is cached too', async () => {
    const status = await rig.post(author.token, { status: 'Quietly public', visibility: 'unlisted' });
    const cached = await warm(api, { status: status.id });
    expect(cached.status).toMatchObject({ id: status.id, visibility: 'unlisted' });
  });

  it('of a boost is cached, and embeds the boosted status', async () => {
    const status = await rig.post(author.token, 'Boost me, then read the boost');
    const boost = await api.post<JsonObject>(`/api/v1/statuses/${status.id}/reblog`, { token: reader.token });
    expectJson(boost, 200);
    const cached = await warm(api, { boost: boost.body.id as string });
    expect(cached.boost).toMatchObject({ id: boost.body.id, reblog: { id: status.id, reblogs_count: 1 } });
  });

  it('carries the rate-limit headers on HITs as on MISSes, the remaining count going down by one per read', async () => {
    const status = await rig.post(author.token, 'Count my reads');
    const answers: Array<{ cache: string; limit: string | undefined; remaining: number; reset: string | undefined }> = [];
    for (let i = 0; i < 8; i++) {
      const response = i === 5 ? await readFresh(api, status.id) : await readAnonymously(api, status.id);
      expectJson(response, 200);
      answers.push({
        cache: response.headers['x-cache'] ?? '(none)',
        limit: response.headers['x-ratelimit-limit'],
        remaining: Number(response.headers['x-ratelimit-remaining']),
        reset: response.headers['x-ratelimit-reset'],
      });
    }

    expect(answers.map((answer) => answer.cache)).toContain('HIT');
    expect(answers.slice(5).map((answer) => answer.cache)).toEqual(['MISS', expect.stringMatching(/^(HIT|MISS)$/), 'HIT']);
    const first = answers[0] as (typeof answers)[number];
    for (const [i, answer] of answers.entries()) {
      expect(answer).toEqual({
        cache: answer.cache,
        limit: first.limit,
        remaining: first.remaining - i,
        reset: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      });
    }
    expect(Number(first.limit)).toBeGreaterThan(first.remaining);
  });

  it("counts cached reads in the bucket of the client's address (X-Forwarded-For from a trusted proxy)", async () => {
    const status = await rig.post(author.token, 'Read from two addresses');
    await warm(api, { status: status.id });
    // A random /64 each: buckets no other read of this run has touched.
    const address = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
    const [first, second] = [address(), address()];
    const readFrom = (ip: string) => api.get(`/api/v1/statuses/${status.id}`, { headers: { 'x-forwarded-for': ip } });

    const answers = [];
    for (const ip of [first, first, second, first, second]) {
      const response = await readFrom(ip);
      expectJson(response, 200);
      answers.push({ cache: response.headers['x-cache'], limit: Number(response.headers['x-ratelimit-limit']), remaining: Number(response.headers['x-ratelimit-remaining']) });
    }

    const limit = answers[0]?.limit as number;
    // An address's first read goes through the gateway, which alone knows whether an IP block refuses it
    // (docs/api/moderation.md#ip-blocks); answered, the address is let in and its next reads hit. Both count alike.
    const cache = ['MISS', 'HIT', 'MISS', 'HIT', 'HIT'];
    expect(answers).toEqual([1, 2, 1, 3, 2].map((used, i) => ({ cache: cache[i], limit, remaining: limit - used })));
  });

  it('answers a HIT with the headers of a read through (security, CORS, caching, request id), whatever path served it', async () => {
    const status = await rig.post(author.token, 'Same headers either way');
    await warm(api, { status: status.id });
    const origin = { origin: 'https://elk.example', 'x-request-id': 'req-cache-headers-1' };
    const hit = await api.get(`/api/v1/statuses/${status.id}`, { headers: origin });
    // A query string the route ignores takes the express route; that route serves HITs too.
    const routedHit = await api.get(`/api/v1/statuses/${status.id}?unused=1`, { headers: origin });
    const miss = await api.get(`/api/v1/statuses/${status.id}`, { headers: { ...origin, 'cache-control': 'no-cache' } });

    expect([hit.headers['x-cache'], routedHit.headers['x-cache'], miss.headers['x-cache']]).toEqual(['HIT', 'HIT', 'MISS']);
    // What differs by nature: the cache's verdict, the time and the count left in the bucket.
    const comparable = (headers: Record<string, string>) => {
      const { 'x-cache': _cache, date: _date, 'x-ratelimit-remaining': _remaining, 'x-ratelimit-reset': _reset, ...rest } = headers;
      return rest;
    };
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(comparable(routedHit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers).toMatchObject({
      'x-request-id': 'req-cache-headers-1',
      'access-control-allow-origin': '*',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(hit.body).toEqual(miss.body);
  });

  it('counts a read that found its cached answer outdated once, like any other read', async () => {
    const status = await rig.post(author.token, 'Count my reads around a write');
    await warm(api, { status: status.id });
    const remaining: number[] = [];
    const caches: string[] = [];
    const record = (response: { headers: Record<string, string> }, cache: boolean) => {
      remaining.push(Number(response.headers['x-ratelimit-remaining']));
      if (cache) caches.push(response.headers['x-cache'] ?? '(none)');
    };
    record(await readAnonymously(api, status.id), true);
    // The write draws on the same per-IP bucket, which is the closer one to its limit.
    record(await api.post(`/api/v1/statuses/${status.id}/favourite`, { token: reader.token }), false);
    for (let i = 0; i < 4; i++) record(await readAnonymously(api, status.id), true);

    expect(caches).toEqual(['HIT', 'MISS', 'HIT', 'HIT', 'HIT']);
    const first = remaining[0] as number;
    expect(remaining).toEqual(remaining.map((_, i) => first - i));
  });
});

describe('a signed-in read', () => {
  it('never carries X-Cache and shows the viewer, also when the status is cached', async () => {
    const status = await rig.post(author.token, 'Signed-in readers see their flags');
    await warm(api, { status: status.id });
    expectJson(await api.post(`/api/v1/statuses/${status.id}/favourite`, { token: reader.token }), 200);

    const mine = await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { token: reader.token });
    const byParameter = await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { query: { access_token: reader.token } });
    const theAuthors = await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { token: author.token });
    for (const response of [mine, byParameter, theAuthors]) {
      expectJson(response, 200);
      expect(response.headers['x-cache']).toBeUndefined();
      expect(response.body.favourites_count).toBe(1);
    }
    expect(mine.body).toMatchObject({ favourited: true, bookmarked: false });
    expect(byParameter.body).toMatchObject({ favourited: true });
    expect(theAuthors.body).toMatchObject({ favourited: false, pinned: false });
  });

  it('with an app token (no user) carries no X-Cache', async () => {
    const status = await rig.post(author.token, 'Read by an app');
    await warm(api, { status: status.id });
    const appToken = await rig.appToken(reader.app, 'read');

    const response = await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { token: appToken });
    expectJson(response, 200);
    expect(response.headers['x-cache']).toBeUndefined();
    expect(response.body.id).toBe(status.id);
  });

  it('with a revoked token is 401 even when the status is cached, in the header or as access_token', async () => {
    const status = await rig.post(author.token, 'Revoked tokens get nothing');
    await warm(api, { status: status.id });
    const leaving = await rig.newUser('crrevoked');
    expectJson(await api.postForm('/oauth/revoke', { client_id: leaving.app.client_id, client_secret: leaving.app.client_secret, token: leaving.token }), 200);

    const inHeader = await api.get(`/api/v1/statuses/${status.id}`, { token: leaving.token });
    const inQuery = await api.get(`/api/v1/statuses/${status.id}`, { query: { access_token: leaving.token } });
    for (const response of [inHeader, inQuery]) {
      expectError(response, 401, INVALID_TOKEN);
      expect(response.headers['x-cache']).toBeUndefined();
    }
  });

  it('with a token lacking the read scope is 403 even when the status is cached', async () => {
    const status = await rig.post(author.token, 'Write-only tokens cannot read');
    await warm(api, { status: status.id });
    const writeOnly = await rig.passwordToken(reader.app, reader.email, reader.password, 'write');

    const response = await api.get(`/api/v1/statuses/${status.id}`, { token: writeOnly });
    expectError(response, 403, OUTSIDE_SCOPES);
    expect(response.headers['x-cache']).toBeUndefined();
  });

  it('with an unknown token reads as anonymous (as Mastodon does) but is not served from the cache', async () => {
    const status = await rig.post(author.token, 'Unknown tokens read as anonymous');
    await warm(api, { status: status.id });

    const inHeader = await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { token: 'not-a-token-we-issued' });
    const inQuery = await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { query: { access_token: 'not-a-token-we-issued' } });
    const fresh = await readFresh(api, status.id);
    for (const response of [inHeader, inQuery]) {
      expectJson(response, 200);
      expect(response.headers['x-cache']).toBeUndefined();
      expect(response.body).toEqual(fresh.body);
    }
  });
});

describe('statuses that are not public', () => {
  it('a private status read by its author and a follower stays 404 anonymously, read after read', async () => {
    await follow(reader, author);
    const status = await rig.post(author.token, { status: 'Followers only', visibility: 'private' });
    for (let i = 0; i < 3; i++) {
      for (const user of [author, reader]) {
        const response = await api.get(`/api/v1/statuses/${status.id}`, { token: user.token });
        expectJson(response, 200);
        expect(response.headers['x-cache']).toBeUndefined();
      }
    }

    for (let i = 0; i < 5; i++) {
      const response = await readAnonymously(api, status.id);
      expectJson(response, 404);
      expect(response.headers['x-cache']).not.toBe('HIT');
      expect(response.body).toEqual((await readFresh(api, status.id)).body);
    }
  });

  it('a direct status read by the one it mentions stays 404 anonymously', async () => {
    const status = await rig.post(author.token, { status: `@${reader.username} just us`, visibility: 'direct' });
    for (let i = 0; i < 3; i++) expectJson(await api.get(`/api/v1/statuses/${status.id}`, { token: reader.token }), 200);

    for (let i = 0; i < 5; i++) {
      const response = await readAnonymously(api, status.id);
      expectJson(response, 404);
      expect(response.headers['x-cache']).not.toBe('HIT');
    }
  });

  it('a private status read signed in between cached reads of a public one stays 404 anonymously', async () => {
    const hidden = await rig.post(author.token, { status: 'Still followers only', visibility: 'private' });
    const open = await rig.post(author.token, 'Out in the open');
    await warm(api, { open: open.id });
    for (let i = 0; i < 3; i++) {
      expectJson(await readAnonymously(api, hidden.id), 404);
      expectJson(await api.get(`/api/v1/statuses/${hidden.id}`, { token: author.token }), 200);
      const cached = await readAnonymously(api, open.id);
      expect(cached.body.id).toBe(open.id);
    }
  });
});
