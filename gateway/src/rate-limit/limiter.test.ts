import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ANONYMOUS, type Principal } from '@social/federation';
import { bucketsFor, ipKey, signInKey } from './buckets.js';
import { RateLimiter } from './limiter.js';
import { SPEC_LIMITS, parseLimit, parseTrustedNetworks, type RateLimitSettings } from './settings.js';

const user = (accountId: string): Principal => ({ kind: 'user', tokenId: '1', applicationId: '1', accountId, scopes: ['read', 'write'] });

function settings(overrides: Partial<RateLimitSettings> = {}): RateLimitSettings {
  return { enabled: true, ...SPEC_LIMITS, ...overrides };
}

describe('bucketsFor', () => {
  it('draws an anonymous read from the per-IP bucket only', () => {
    expect(bucketsFor({ rootFields: ['status'] }, ANONYMOUS, '192.0.2.1')).toEqual([{ bucket: 'apiPerIp', key: '192.0.2.1', points: 1 }]);
  });

  it('draws a user operation from the IP and account buckets', () => {
    expect(bucketsFor({ rootFields: ['status'] }, user('7'), '192.0.2.1')).toEqual([
      { bucket: 'apiPerIp', key: '192.0.2.1', points: 1 },
      { bucket: 'apiPerAccount', key: '7', points: 1 },
    ]);
  });

  it('adds the sign-up bucket per IP and the deletion bucket per account', () => {
    expect(bucketsFor({ rootFields: ['registerAccount'] }, ANONYMOUS, '192.0.2.1')).toContainEqual({ bucket: 'signUp', key: '192.0.2.1', points: 1 });
    expect(bucketsFor({ rootFields: ['deleteStatus'] }, user('7'), '192.0.2.1')).toContainEqual({ bucket: 'deletions', key: '7', points: 1 });
    expect(bucketsFor({ rootFields: ['unreblogStatus'] }, user('7'), '192.0.2.1')).toContainEqual({ bucket: 'deletions', key: '7', points: 1 });
  });

  it('leaves the OAuth endpoints out of the API buckets', () => {
    for (const field of ['createToken', 'revokeToken', 'authorizationPrompt', 'signIn', 'decideAuthorization']) {
      expect(bucketsFor({ rootFields: [field] }, ANONYMOUS, '192.0.2.1')).toEqual([]);
    }
  });

  it('counts each password attempt in the sign-in buckets of the IP and of the login tried', () => {
    expect(bucketsFor({ rootFields: ['createToken', 'createToken'], signIns: ['alice@example.com', 'Alice@Example.com '] }, ANONYMOUS, '192.0.2.1')).toEqual([
      { bucket: 'signInPerIp', key: '192.0.2.1', points: 2 },
      { bucket: 'signInPerAccount', key: signInKey('alice@example.com'), points: 2 },
    ]);
  });

  it('leaves a trusted network out of the per-IP buckets only', () => {
    const trusted = (ip: string) => ip === '10.1.2.3';
    expect(bucketsFor({ rootFields: ['registerAccount'] }, ANONYMOUS, '10.1.2.3', trusted)).toEqual([]);
    expect(bucketsFor({ rootFields: ['status'] }, user('7'), '10.1.2.3', trusted)).toEqual([{ bucket: 'apiPerAccount', key: '7', points: 1 }]);
    expect(bucketsFor({ rootFields: ['createToken'], signIns: ['a@example.com'] }, ANONYMOUS, '10.1.2.3', trusted)).toEqual([
      { bucket: 'signInPerAccount', key: signInKey('a@example.com'), points: 1 },
    ]);
  });
});

describe('signInKey', () => {
  it('is the same for an address however it is cased or padded, and does not contain it', () => {
    expect(signInKey(' Alice@Example.COM')).toBe(signInKey('alice@example.com'));
    expect(signInKey('bob@example.com')).not.toBe(signInKey('alice@example.com'));
    expect(signInKey('alice@example.com')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(signInKey('x'.repeat(100_000))).toHaveLength(22);
  });
});

describe('parseTrustedNetworks', () => {
  it('reads addresses, CIDRs and the names express knows, and refuses anything else', () => {
    expect(parseTrustedNetworks('10.0.0.0/8, 192.168.1.0/24,2001:db8::/32,loopback,203.0.113.7')).toEqual({
      networks: ['10.0.0.0/8', '192.168.1.0/24', '2001:db8::/32', 'loopback', '203.0.113.7'],
    });
    expect(parseTrustedNetworks('')).toEqual({ networks: [] });
    expect(parseTrustedNetworks('10.0.0.0/33')).toEqual({ error: expect.stringContaining('10.0.0.0/33') });
    expect(parseTrustedNetworks('intranet')).toEqual({ error: expect.stringContaining('intranet') });
  });
});

describe('ipKey', () => {
  it('keeps an IPv4 address, also when IPv4-mapped', () => {
    expect(ipKey('198.51.100.7')).toBe('198.51.100.7');
    expect(ipKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('masks IPv6 addresses to their /64', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('parseLimit', () => {
  it('reads points/seconds and refuses anything else', () => {
    expect(parseLimit('300/300')).toEqual({ points: 300, seconds: 300 });
    expect(parseLimit('5/1800s')).toEqual({ points: 5, seconds: 1800 });
    expect(parseLimit('0/10')).toBeNull();
    expect(parseLimit('ten/10')).toBeNull();
  });
});

describe('RateLimiter in memory', () => {
  it('reports the bucket closest to its limit and refuses past it', async () => {
    const limiter = new RateLimiter(settings({ apiPerIp: { points: 10, seconds: 60 }, apiPerAccount: { points: 3, seconds: 60 } }));
    const first = await limiter.check(['status'], user('1'), '192.0.2.9');
    expect(first).toMatchObject({ allowed: true, report: { limit: 3, remaining: 2 } });
    expect(Date.parse(first.report?.reset as string)).toBeGreaterThan(Date.now());
    await limiter.check(['status'], user('1'), '192.0.2.9');
    await limiter.check(['status'], user('1'), '192.0.2.9');
    expect(await limiter.check(['status'], user('1'), '192.0.2.9')).toMatchObject({ allowed: false, report: { limit: 3, remaining: 0 } });
  });

  it('counts each account separately', async () => {
    const limiter = new RateLimiter(settings({ apiPerAccount: { points: 1, seconds: 60 } }));
    expect((await limiter.check(['status'], user('1'), '192.0.2.9')).allowed).toBe(true);
    expect((await limiter.check(['status'], user('2'), '192.0.2.9')).allowed).toBe(true);
    expect((await limiter.check(['status'], user('1'), '192.0.2.9')).allowed).toBe(false);
  });

  it('refuses the attempt past the per-account sign-in bucket, with the seconds until it refills', async () => {
    const limiter = new RateLimiter(settings({ signInPerAccount: { points: 2, seconds: 3600 } }));
    for (let i = 0; i < 2; i++) expect((await limiter.check(['createToken'], ANONYMOUS, '192.0.2.9', ['alice@example.com'])).allowed).toBe(true);
    const refused = await limiter.check(['createToken'], ANONYMOUS, '192.0.2.10', ['ALICE@example.com']);
    expect(refused).toMatchObject({ allowed: false, report: { limit: 2, remaining: 0 } });
    expect(refused.retryAfter).toBeGreaterThan(3590);
    expect(refused.retryAfter).toBeLessThanOrEqual(3600);
    expect((await limiter.check(['createToken'], ANONYMOUS, '192.0.2.9', ['bob@example.com'])).allowed).toBe(true);
  });

  it('exempts a trusted network from the per-IP buckets, not from the per-account ones', async () => {
    const limiter = new RateLimiter(
      settings({ apiPerIp: { points: 1, seconds: 60 }, apiPerAccount: { points: 2, seconds: 60 }, trustedNetworks: ['127.0.0.0/8'] }),
    );
    for (let i = 0; i < 5; i++) expect((await limiter.check(['instance'], ANONYMOUS, '127.0.0.1')).allowed).toBe(true);
    expect((await limiter.check(['instance'], ANONYMOUS, '::ffff:127.0.0.1')).allowed).toBe(true);
    expect((await limiter.check(['instance'], ANONYMOUS, '192.0.2.9')).allowed).toBe(true);
    expect((await limiter.check(['instance'], ANONYMOUS, '192.0.2.9')).allowed).toBe(false);
    expect((await limiter.check(['status'], user('1'), '127.0.0.1')).allowed).toBe(true);
    expect((await limiter.check(['status'], user('1'), '127.0.0.1')).allowed).toBe(true);
    expect((await limiter.check(['status'], user('1'), '127.0.0.1')).allowed).toBe(false);
  });

  it('counts nothing and reports nothing when disabled', async () => {
    const limiter = new RateLimiter({ ...settings({ apiPerIp: { points: 1, seconds: 60 } }), enabled: false });
    await limiter.check(['status'], ANONYMOUS, '192.0.2.9');
    expect(await limiter.check(['status'], ANONYMOUS, '192.0.2.9')).toEqual({ allowed: true, report: null });
  });
});

describe('RateLimiter on Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  let connections: Redis[] = [];
  afterEach(() => {
    for (const redis of connections) redis.disconnect();
    connections = [];
  });

  it('shares counters between processes (two limiters, two connections)', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    connections = [new Redis(redisUrl), new Redis(redisUrl)];
    // Until a connection is ready, the insurance limiter (memory) answers.
    await Promise.all(connections.map((redis) => new Promise((resolve) => redis.once('ready', resolve))));
    const limits = settings({ apiPerIp: { points: 2, seconds: 60 } });
    const [a, b] = connections.map((redis) => new RateLimiter(limits, redis)) as [RateLimiter, RateLimiter];
    expect((await a.check(['status'], ANONYMOUS, ip)).allowed).toBe(true);
    expect((await b.check(['status'], ANONYMOUS, ip)).allowed).toBe(true);
    expect(await a.check(['status'], ANONYMOUS, ip)).toMatchObject({ allowed: false, report: { remaining: 0 } });
  });

  it('shares the sign-in counters between processes', async () => {
    const login = `${randomUUID()}@example.com`;
    connections = [new Redis(redisUrl), new Redis(redisUrl)];
    await Promise.all(connections.map((redis) => new Promise((resolve) => redis.once('ready', resolve))));
    const limits = settings({ signInPerAccount: { points: 2, seconds: 60 } });
    const [a, b] = connections.map((redis) => new RateLimiter(limits, redis)) as [RateLimiter, RateLimiter];
    expect((await a.check(['createToken'], ANONYMOUS, '192.0.2.1', [login])).allowed).toBe(true);
    expect((await b.check(['signIn'], ANONYMOUS, '192.0.2.2', [login])).allowed).toBe(true);
    expect(await a.check(['createToken'], ANONYMOUS, '192.0.2.3', [login])).toMatchObject({ allowed: false, report: { limit: 2, remaining: 0 } });
    expect(await connections[0].get(`rl:signInPerAccount:${signInKey(login)}`)).toBe('3');
  });

  it('keeps limiting in memory when Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    down.on('error', () => {});
    connections = [down];
    const limiter = new RateLimiter(settings({ apiPerIp: { points: 1, seconds: 60 } }), down);
    expect((await limiter.check(['status'], ANONYMOUS, '192.0.2.77')).allowed).toBe(true);
    expect((await limiter.check(['status'], ANONYMOUS, '192.0.2.77')).allowed).toBe(false);
  });
});
