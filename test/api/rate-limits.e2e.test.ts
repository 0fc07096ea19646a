// The rate limits (docs/api/rate-limits.md) on a server of this run's target started with small buckets:
// in the split target the counters live in Redis, shared by the processes.
import { client, startTarget, Testrig, uniqueUsername, type ApiClient, type RunningTarget } from '@social/testkit';
import { TARGET, describeOnEmbeddedAndMulti } from '../support/targets';

const RESET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

let target: RunningTarget;
let api: ApiClient;
let rig: Testrig;
let limitedUser: string;
let deletingUser: string;

beforeAll(async () => {
  target = await startTarget(TARGET, {
    env: {
      RATE_LIMIT_API_PER_IP: '1000/300',
      RATE_LIMIT_API_PER_ACCOUNT: '8/300',
      // Two sign-ups in beforeAll, three in the sign-up test, then the sixth is refused.
      RATE_LIMIT_SIGN_UP: '5/1800',
      RATE_LIMIT_DELETIONS: '2/1800',
      // Loopback is not a trusted proxy here, so X-Forwarded-For cannot pick another bucket.
      TRUSTED_PROXIES: '192.0.2.1',
    },
  });
  api = client(target.baseUrl);
  rig = new Testrig(api);
  const appToken = await rig.appToken(await rig.registerApp());
  limitedUser = await rig.signUp(appToken, uniqueUsername('limited'));
  deletingUser = await rig.signUp(appToken, uniqueUsername('deleter'));
}, 120_000);

afterAll(async () => {
  await target?.stop();
});

describeOnEmbeddedAndMulti('any method on /api/*', () => {
  describe('as a signed-in user', () => {
    it('reports the account bucket, the closest one, in X-RateLimit-* headers, then answers 429 Too many requests', async () => {
      const token = limitedUser;
      const first = await api.get('/api/v1/accounts/verify_credentials', { token });
      expect(first.status).toBe(200);
      expect(first.headers['x-ratelimit-limit']).toBe('8');
      expect(first.headers['x-ratelimit-remaining']).toBe('7');
      expect(first.headers['x-ratelimit-reset']).toMatch(RESET);
      expect(Date.parse(first.headers['x-ratelimit-reset'] as string)).toBeGreaterThan(Date.now());

      for (let i = 0; i < 7; i++) expect((await api.get('/api/v1/accounts/verify_credentials', { token })).status).toBe(200);
      const refused = await api.get('/api/v1/accounts/verify_credentials', { token });

      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.body).toEqual({ error: 'Too many requests' });
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.headers['x-ratelimit-limit']).toBe('8');
    });
  });

  describe('anonymously', () => {
    it('reports the per-IP bucket', async () => {
      const response = await api.get('/api/v2/instance');

      expect(response.status).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe('1000');
      expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(1000);
    });
  });

  describe('outside /api/*', () => {
    it('sends no rate-limit headers', async () => {
      const response = await api.get('/.well-known/nodeinfo');

      expect(response.status).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    });
  });
});

describeOnEmbeddedAndMulti('POST /api/v1/accounts', () => {
  describe('past the sign-up bucket of an IP', () => {
    it('answers 429, also when X-Forwarded-For comes from a peer that is not a trusted proxy, and creates no account', async () => {
      const app = await rig.registerApp();
      const appToken = await rig.appToken(app);
      const attempts = [];
      for (let i = 0; i < 3; i++) {
        attempts.push(
          await api.postForm(
            '/api/v1/accounts',
            { username: uniqueUsername('signup'), email: `${uniqueUsername('mail')}@example.com`, password: 'long enough password', agreement: 'true' },
            { token: appToken, headers: { 'x-forwarded-for': `198.51.100.${i}` } },
          ),
        );
      }
      const username = uniqueUsername('refused');
      const refused = await api.postForm(
        '/api/v1/accounts',
        { username, email: `${username}@example.com`, password: 'long enough password', agreement: 'true' },
        { token: appToken, headers: { 'x-forwarded-for': '198.51.100.99' } },
      );

      expect(attempts.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too many requests' });
      expect(refused.headers['x-ratelimit-limit']).toBe('5');
      // No account was made: its e-mail and password do not sign in.
      const signIn = await api.postForm('/oauth/token', {
        grant_type: 'password', client_id: app.client_id, client_secret: app.client_secret,
        username: `${username}@example.com`, password: 'long enough password',
      });
      expect(signIn.status).toBe(400);
      expect(signIn.body).toMatchObject({ error: 'invalid_grant' });
    });
  });
});

describeOnEmbeddedAndMulti('DELETE /api/v1/statuses/:id', () => {
  describe('past the deletion bucket of an account', () => {
    it('answers 429 and keeps the status', async () => {
      const token = deletingUser;
      const statuses = [await rig.post(token, 'one'), await rig.post(token, 'two'), await rig.post(token, 'three')];

      expect((await api.delete(`/api/v1/statuses/${statuses[0]?.id}`, { token })).status).toBe(200);
      expect((await api.delete(`/api/v1/statuses/${statuses[1]?.id}`, { token })).status).toBe(200);
      const refused = await api.delete(`/api/v1/statuses/${statuses[2]?.id}`, { token });

      expect(refused.status).toBe(429);
      expect(refused.headers['x-ratelimit-limit']).toBe('2');
      expect((await api.get(`/api/v1/statuses/${statuses[2]?.id}`)).status).toBe(200);
    });
  });
});
