// Password attempts are limited per client IP (25 per 5 minutes) and per e-mail address tried
// (25 per hour), counted before any password is hashed, on the password grant and on the
// authorize page's sign-in form alike; password hashing itself is bounded per process; and
// RATE_LIMIT_TRUSTED_NETWORKS takes client networks out of the per-IP buckets, not out of the
// per-account ones. A server of this run's target with those settings, shared by the tests.
import { Redis } from 'ioredis';
import {
  client,
  startTarget,
  Testrig,
  uniqueUsername,
  type ApiClient,
  type ApiResponse,
  type CredentialApplication,
  type RunningTarget,
  type TestUser,
} from '@social/testkit';
import { expectJson, expectOAuthError } from '../support/expectations';
import { authorizePath, Browserish, formFields, type PageResponse } from '../support/oauth-flow';
import { TARGET, describeOnEmbeddedAndMulti } from '../support/targets';

const CALLBACK = 'https://client.example/callback';
const INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';

let target: RunningTarget;
let api: ApiClient;
let rig: Testrig;
let app: CredentialApplication;

beforeAll(async () => {
  target = await startTarget(TARGET, {
    env: {
      // The defaults, spelled out: the suite's other targets run with roomy buckets.
      RATE_LIMIT_SIGN_IN_PER_IP: '25/300',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '25/3600',
      RATE_LIMIT_API_PER_IP: '5/300',
      RATE_LIMIT_API_PER_ACCOUNT: '8/300',
      RATE_LIMIT_SIGN_UP: '1/1800',
      // The tests pick their client address with X-Forwarded-For; without it they come from 127.0.0.1, which is trusted.
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_TRUSTED_NETWORKS: '127.0.0.0/8',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
    },
  });
  api = client(target.baseUrl);
  rig = new Testrig(api);
  app = await rig.registerApp('read write', { redirect_uris: `urn:ietf:wg:oauth:2.0:oob\n${CALLBACK}` });
}, 120_000);

afterAll(async () => {
  await target?.stop();
});

/** A password grant from `ip` (X-Forwarded-For through the trusted loopback proxy), or from 127.0.0.1. */
function passwordGrant(email: string, password: string, ip?: string, baseApi: ApiClient = api): Promise<ApiResponse> {
  return baseApi.postForm(
    '/oauth/token',
    { grant_type: 'password', client_id: app.client_id, client_secret: app.client_secret, username: email, password, scope: 'read' },
    { headers: ip ? { 'x-forwarded-for': ip } : {} },
  );
}

async function attempts(count: number, email: string, password: string, ip?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await passwordGrant(email, password, ip)).status);
  return statuses;
}

function expectRefusal(response: ApiResponse, maxSeconds: number): void {
  expectOAuthError(response, 429, 'temporarily_unavailable', 'Too many requests');
  expect(response.headers['cache-control']).toMatch(/no-store/);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

const repeat = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

describeOnEmbeddedAndMulti('POST /oauth/token with grant_type=password', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    alice = await rig.newUser('alice');
    bob = await rig.newUser('bob');
    carol = await rig.newUser('carol');
  });

  describe('the 26th attempt for one account from one IP', () => {
    it('answers 429 temporarily_unavailable with Retry-After, even with the right password, and from another IP too', async () => {
      expect(await attempts(25, alice.email, 'wrong password', '198.51.100.10')).toEqual(repeat(25, 400));

      const refused = await passwordGrant(alice.email, alice.password, '198.51.100.10');
      const elsewhere = await passwordGrant(alice.email.toUpperCase(), alice.password, '198.51.100.11');

      expectRefusal(refused, 3600);
      // The hour's bucket, not the IP's five minutes.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(300);
      expectRefusal(elsewhere, 3600);
    });
  });

  describe('attempts from one IP for several accounts', () => {
    it('are limited by the IP bucket: the 26th from that IP answers 429, the same account from another IP is served', async () => {
      expect(await attempts(20, bob.email, 'wrong password', '198.51.100.20')).toEqual(repeat(20, 400));
      expect(await attempts(5, carol.email, carol.password, '198.51.100.20')).toEqual(repeat(5, 200));

      const refused = await passwordGrant(carol.email, carol.password, '198.51.100.20');
      const elsewhere = await passwordGrant(carol.email, carol.password, '198.51.100.21');

      expectRefusal(refused, 300);
      expectJson(elsewhere, 200);
    });
  });

  describe('a wrong password under the limits', () => {
    it('still answers 400 invalid_grant', async () => {
      expectOAuthError(await passwordGrant(carol.email, 'wrong password', '198.51.100.22'), 400, 'invalid_grant', INVALID_GRANT);
    });
  });
});

describeOnEmbeddedAndMulti('the createToken mutation over GraphQL', () => {
  it('counts every aliased attempt, also inside a fragment: 26 in one operation are refused with 429 and Retry-After, before any is tried', async () => {
    const kim = await rig.newUser('kim');
    const input = `{ grantType: "password", clientId: "${app.client_id}", clientSecret: "${app.client_secret}", username: "${kim.email}", password: "${kim.password}" }`;
    const attemptsInOne = Array.from({ length: 26 }, (_, i) => `a${i}: createToken(input: ${input}) { token { accessToken } }`).join('\n');

    const response = await fetch(target.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.60' },
      body: JSON.stringify({ query: `mutation { ... on Mutation { ${attemptsInOne} } }` }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: Array<{ extensions?: Record<string, unknown> }> };

    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(300);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: Number(response.headers.get('retry-after')) });
    // The account's hour is spent: the password grant refuses it from anywhere.
    expectRefusal(await passwordGrant(kim.email, kim.password, '198.51.100.61'), 3600);
  });
});

describeOnEmbeddedAndMulti('the sign-in counters', () => {
  it('are one set for every process: attempts through two facades (multi) add up, and the count is in Redis (multi)', async () => {
    const dave = await rig.newUser('dave');
    const second = TARGET === 'multi' ? client(await target.addFacade()) : api;
    const ip = '198.51.100.30';

    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await passwordGrant(dave.email, 'wrong password', ip, i % 2 === 0 ? api : second)).status);
    const refused = await passwordGrant(dave.email, dave.password, ip, second);

    expect(statuses).toEqual(repeat(25, 400));
    expectRefusal(refused, 3600);
    if (TARGET !== 'embedded') {
      const redis = new Redis(target.backends.REDIS_URL as string);
      try {
        expect(await redis.get(`${target.backends.REDIS_NAMESPACE}:rl:signInPerIp:${ip}`)).toBe('26');
      } finally {
        redis.disconnect();
      }
    }
  });
});

describeOnEmbeddedAndMulti('POST /oauth/authorize/sign_in', () => {
  async function signIn(browser: Browserish, email: string, password: string): Promise<PageResponse> {
    const page = await browser.get(authorizePath({ app, redirectUri: CALLBACK, scope: 'read' }));
    return browser.postForm('/oauth/authorize/sign_in', { ...formFields(page.text, '/oauth/authorize/sign_in').hidden, email, password });
  }

  describe('the 26th attempt for one account', () => {
    it('answers a 429 page with Retry-After, even with the right password, and sets no session', async () => {
      const erin = await rig.newUser('erin');
      const browser = new Browserish(api, { 'x-forwarded-for': '198.51.100.40' });
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await signIn(browser, erin.email, 'wrong password')).status);

      const refused = await signIn(browser, erin.email, erin.password);

      expect(statuses).toEqual(repeat(25, 422));
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.text).toContain('temporarily_unavailable');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(300);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(refused.setCookies.some((cookie) => cookie.startsWith('_social_session='))).toBe(false);
    });
  });
});

describeOnEmbeddedAndMulti('RATE_LIMIT_TRUSTED_NETWORKS covering 127.0.0.1', () => {
  it('takes 127.0.0.1 out of the per-IP API bucket, and out of the per-IP sign-up bucket, while another address is limited', async () => {
    const trusted: number[] = [];
    for (let i = 0; i < 8; i++) trusted.push((await api.get('/api/v1/instance')).status);
    const untrusted: ApiResponse[] = [];
    for (let i = 0; i < 6; i++) untrusted.push(await api.get('/api/v1/instance', { headers: { 'x-forwarded-for': '198.51.100.50' } }));
    const appToken = await rig.appToken(await rig.registerApp());
    // The sign-up bucket holds one per IP: the second would be refused (rig.signUp throws on anything but 200).
    await rig.signUp(appToken, uniqueUsername('trusted'));
    await rig.signUp(appToken, uniqueUsername('trusted'));

    expect(trusted).toEqual(repeat(8, 200));
    expect(untrusted.slice(0, 5).map((response) => response.status)).toEqual(repeat(5, 200));
    expect((untrusted[5] as ApiResponse).status).toBe(429);
    expect((untrusted[5] as ApiResponse).body).toEqual({ error: 'Too many requests' });
    expect(Number((untrusted[5] as ApiResponse).headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the per-account API bucket', async () => {
    const frank = await rig.newUser('frank');
    // newUser read verify_credentials once.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await api.get('/api/v1/accounts/verify_credentials', { token: frank.token })).status);

    expect(statuses).toEqual([...repeat(7, 200), 429]);
  });

  it('keeps the per-account sign-in bucket', async () => {
    const grace = await rig.newUser('grace');

    expect(await attempts(25, grace.email, 'wrong password')).toEqual(repeat(25, 400));
    expectRefusal(await passwordGrant(grace.email, grace.password), 3600);
  });

  it('takes 127.0.0.1 out of the per-IP sign-in bucket', async () => {
    const heidi = await rig.newUser('heidi');
    const ivan = await rig.newUser('ivan');

    expect(await attempts(20, heidi.email, 'wrong password')).toEqual(repeat(20, 400));
    expect(await attempts(10, ivan.email, ivan.password)).toEqual(repeat(10, 200));
  });
});

describeOnEmbeddedAndMulti('password hashing past PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE', () => {
  it('answers 503 temporarily_unavailable with Retry-After at once rather than queueing, then serves again', async () => {
    const judy = await rig.newUser('judy');
    // Distinct unknown addresses from the trusted 127.0.0.1: no bucket refuses them, and each costs a hash all the same.
    const burst = await Promise.all(Array.from({ length: 12 }, () => passwordGrant(`${uniqueUsername('nobody')}@example.com`, 'wrong password')));

    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status !== 400 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(2);
    const refused = burst.filter((response) => response.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const response of refused) {
      expectOAuthError(response, 503, 'temporarily_unavailable', 'There was a temporary problem serving your request, please try again');
      expect(response.headers['retry-after']).toBe('1');
    }
    expectJson(await passwordGrant(judy.email, judy.password), 200);
  });
});
