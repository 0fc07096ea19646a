import path from 'node:path';
import { ConfigError } from '@social/config';
import { loadConfig } from './config';

const GATEWAY = { INTERNAL_SECRET: 'x'.repeat(32), IDENTITY_URL: 'http://i', STATUSES_URL: 'http://s', MEDIA_URL: 'http://m' };

function problemsOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('loadConfig', () => {
  it('lists every problem at once: invalid values and the settings the role requires', () => {
    expect(problemsOf(() => loadConfig('gateway', { PORT: 'abc', RATE_LIMIT_SIGN_UP: 'often', REDIS_URL: 'localhost' }))).toEqual([
      'PORT: Invalid input: expected number, received NaN',
      'REDIS_URL: must be a redis:// URL',
      'RATE_LIMIT_SIGN_UP: must be "points/seconds", e.g. 300/300',
      'INTERNAL_SECRET: is required for the gateway role',
      'IDENTITY_URL: is required for the gateway role',
      'STATUSES_URL: is required for the gateway role',
      'MEDIA_URL: is required for the gateway role',
    ]);
  });

  it('counts an empty value as unset, and an invalid required one once', () => {
    expect(problemsOf(() => loadConfig('facade', { GATEWAY_URL: '', PUBLIC_URL: 'http://x', MEDIA_URL: 'http://m', INTERNAL_SECRET: 'short' }))).toEqual([
      'INTERNAL_SECRET: must be at least 32 characters',
      'GATEWAY_URL: is required for the facade role',
    ]);
  });

  it('takes a VAPID key pair whole, and refuses half of one or a pair that does not match', () => {
    const publicKey = 'BI8sg5kVnFw5awjRrKxJiv3uzQx4hMecZ982A_J9e-tSLLJbYO7-buROUEcjBoJPGy0QXnXAoKH2HR8wxfyzKwU';
    const privateKey = 'Kuqfwm8mD2GvnNkQmG-d6Q4hYQCfwVhyMBF2p1nJHEk';
    expect(loadConfig('all', {}).vapid).toBeNull();
    expect(loadConfig('all', { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapid).toEqual({ publicKey, privateKey });
    expect(problemsOf(() => loadConfig('all', { VAPID_PUBLIC_KEY: publicKey }))).toEqual(['VAPID_PRIVATE_KEY: is required with VAPID_PUBLIC_KEY']);
    expect(problemsOf(() => loadConfig('all', { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: `${privateKey.slice(0, -1)}A` }))).toEqual(['VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY']);
    expect(problemsOf(() => loadConfig('all', { VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey }))).toEqual(['VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key, 65 bytes as base64url']);
  });

  it('reads the trusted networks as a list and names a malformed entry', () => {
    expect(loadConfig('all', { RATE_LIMIT_TRUSTED_NETWORKS: '10.0.0.0/8, 192.168.1.0/24' }).rateLimits.trustedNetworks).toEqual(['10.0.0.0/8', '192.168.1.0/24']);
    expect(loadConfig('all', {}).rateLimits.trustedNetworks).toEqual([]);
    expect(problemsOf(() => loadConfig('all', { RATE_LIMIT_TRUSTED_NETWORKS: '10.0.0.0/8,10.0.0.0/40' }))).toEqual([
      'RATE_LIMIT_TRUSTED_NETWORKS: invalid range on address: 10.0.0.0/40 (expected addresses, CIDRs, loopback, linklocal or uniquelocal, comma-separated)',
    ]);
  });

  it('reads the trusted-documents manifests and names a missing or wrong one', () => {
    const facade = path.resolve(__dirname, '../../gateway/trusted-documents/rest-facade.json');
    const config = loadConfig('gateway', { ...GATEWAY, GRAPHQL_DOCUMENTS: 'trusted', GRAPHQL_TRUSTED_DOCUMENTS: ` ${facade} ,` });
    expect(config.GRAPHQL_DOCUMENTS).toBe('trusted');
    expect(config.GRAPHQL_TRUSTED_DOCUMENTS.size).toBeGreaterThan(40);
    expect(loadConfig('all', {}).GRAPHQL_TRUSTED_DOCUMENTS.size).toBe(0);
    expect(problemsOf(() => loadConfig('all', { GRAPHQL_DOCUMENTS: 'safelist', GRAPHQL_TRUSTED_DOCUMENTS: '/nowhere/web.json' }))).toEqual([
      'GRAPHQL_DOCUMENTS: Invalid option: expected one of "any"|"trusted"',
      'GRAPHQL_TRUSTED_DOCUMENTS: /nowhere/web.json: cannot be read (ENOENT)',
    ]);
  });

  it('needs nothing for the all-in-one role', () => {
    expect(loadConfig('all', {}).PORT).toBe(3000);
  });
});
