// The read cache of anonymous GET /api/v1/statuses/:id and the per-IP rate limit: a cached
// answer is counted like any read and refused past the limit (429), per client address. This file
// starts its own server of the current target's kind with a small per-IP bucket (in the split
// target the facade and the gateway count in the same Redis bucket).
import { randomBytes } from 'node:crypto';
import { client, parseEnvList, startTarget, Testrig, type ApiClient, type RunningTarget } from '@social/testkit';
import { expectError, expectJson } from '../support/expectations';
import { TARGET, describeOnEmbeddedAndMulti } from '../support/targets';

const LIMIT = 10;

let target: RunningTarget;
let api: ApiClient;

beforeAll(async () => {
  target = await startTarget(TARGET, {
    env: { ...parseEnvList(process.env.E2E_SERVER_ENV), RATE_LIMIT_API_PER_IP: `${LIMIT}/300`, RATE_LIMIT_API_PER_ACCOUNT: '1000/300' },
  });
  api = client(target.baseUrl);
}, 120_000);

afterAll(async () => {
  await target?.stop();
}, 60_000);

/** A random /64 of the documentation prefix: a bucket of its own. */
const address = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

describeOnEmbeddedAndMulti('anonymous status reads past the per-IP limit', () => {
  it('are refused with 429 though the answer is cached, for that address only', async () => {
    const rig = new Testrig(api);
    const author = await rig.newUser('crlauthor');
    const status = await rig.post(author.token, 'Popular');
    const reader = address();
    const read = (ip: string, headers: Record<string, string> = {}) =>
      api.get(`/api/v1/statuses/${status.id}`, { headers: { 'x-forwarded-for': ip, ...headers } });

    const answers = [];
    for (let i = 0; i < LIMIT; i++) {
      const response = await read(reader);
      expectJson(response, 200);
      answers.push({ cache: response.headers['x-cache'], remaining: response.headers['x-ratelimit-remaining'] });
    }
    expect(answers.map((answer) => answer.remaining)).toEqual(Array.from({ length: LIMIT }, (_, i) => String(LIMIT - 1 - i)));
    expect(answers.slice(-3).map((answer) => answer.cache)).toEqual(['HIT', 'HIT', 'HIT']);

    const refused = await read(reader);
    expectError(refused, 429, 'Too many requests');
    expect(refused.headers).toMatchObject({ 'x-ratelimit-remaining': '0', 'x-ratelimit-limit': String(LIMIT) });
    expect(refused.headers['x-cache']).toBeUndefined();

    // Another address has its own bucket, and the answer is still cached for it: its first read goes through the
    // gateway (which alone decides whether an IP block refuses the address, docs/api/moderation.md#ip-blocks), the next hits.
    const other = address();
    const elsewhere = await read(other);
    expectJson(elsewhere, 200);
    expect(elsewhere.headers).toMatchObject({ 'x-cache': 'MISS', 'x-ratelimit-remaining': String(LIMIT - 1) });
    expect((await read(other)).headers).toMatchObject({ 'x-cache': 'HIT', 'x-ratelimit-remaining': String(LIMIT - 2) });

    // A fresh read is refused by the gateway's own count.
    const refusedFresh = await read(reader, { 'cache-control': 'no-cache' });
    expectError(refusedFresh, 429, 'Too many requests');
    expect(refusedFresh.headers['x-ratelimit-remaining']).toBe('0');
  });
});
