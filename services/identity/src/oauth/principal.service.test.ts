import { ANONYMOUS, INVALID_TOKEN, REFUSED_LOGIN } from '@social/federation';
import { hashSecret } from '../crypto/secrets.js';
import { PrincipalCache } from './principal-cache.js';
import { PrincipalService } from './principal.service.js';
import type { TokenData } from './token.data.js';

type Row = Awaited<ReturnType<TokenData['findPrincipalByHash']>>;

function setup(rows: Record<string, Row>, cache: PrincipalCache | null = null) {
  const lookups: string[] = [];
  const tokens = {
    findPrincipalByHash: async (hash: string) => {
      lookups.push(hash);
      return rows[hash] ?? null;
    },
  } as unknown as TokenData;
  return { service: new PrincipalService(tokens, false, cache), lookups };
}

const live = (overrides: Partial<NonNullable<Row>> = {}): Row => ({
  id: 5n, applicationId: 7n, accountId: 42n, scopes: 'read write', revoked: false, userGone: false, refusal: null, permissions: 0,
  postingDefaults: { visibility: 'unlisted', sensitive: true, language: 'de' }, ...overrides,
});

describe('PrincipalService', () => {
  it("answers a live user token with its account, application, scopes and the user's posting defaults", async () => {
    const { service } = setup({ [hashSecret('t')]: live() });
    await expect(service.resolve('t')).resolves.toEqual({
      kind: 'user', tokenId: '5', applicationId: '7', accountId: '42', scopes: ['read', 'write'],
      postingDefaults: { visibility: 'unlisted', sensitive: true, language: 'de' },
    });
  });

  it("carries the user's role's permission bits, and none for a user without a role", async () => {
    const { service } = setup({ [hashSecret('moderator')]: live({ permissions: 1308 }), [hashSecret('user')]: live() });
    await expect(service.resolve('moderator')).resolves.toMatchObject({ kind: 'user', permissions: 1308 });
    expect(await service.resolve('user')).not.toHaveProperty('permissions');
  });

  it('answers an app token (no account) as an app, without posting defaults', async () => {
    const { service } = setup({ [hashSecret('t')]: live({ accountId: null, postingDefaults: null }) });
    const principal = await service.resolve('t');
    expect(principal).toMatchObject({ kind: 'app', accountId: null });
    expect(principal).not.toHaveProperty('postingDefaults');
  });

  it('answers an unknown token as anonymous, a revoked one or one whose user is gone as invalid', async () => {
    const { service } = setup({ [hashSecret('revoked')]: live({ revoked: true }), [hashSecret('gone')]: live({ userGone: true }) });
    await expect(service.resolve('unknown')).resolves.toBe(ANONYMOUS);
    await expect(service.resolve('revoked')).resolves.toBe(INVALID_TOKEN);
    await expect(service.resolve('gone')).resolves.toBe(INVALID_TOKEN);
  });

  it('answers the token of a user who may not sign in as invalid with the reason (403 rather than 401)', async () => {
    const { service } = setup({
      [hashSecret('pending')]: live({ refusal: 'pending' }),
      [hashSecret('disabled')]: live({ refusal: 'disabled' }),
      [hashSecret('revoked-pending')]: live({ revoked: true, refusal: 'pending' }),
    });
    await expect(service.resolve('pending')).resolves.toBe(REFUSED_LOGIN.pending);
    expect(REFUSED_LOGIN.pending).toMatchObject({ kind: 'invalid', refusal: 'pending', accountId: null });
    await expect(service.resolve('disabled')).resolves.toBe(REFUSED_LOGIN.disabled);
    await expect(service.resolve('revoked-pending')).resolves.toBe(INVALID_TOKEN);
  });

  describe('with a cache', () => {
    it('reads a valid token once while the cache is on', async () => {
      const cache = new PrincipalCache();
      cache.enable();
      const { service, lookups } = setup({ [hashSecret('t')]: live() }, cache);
      const first = await service.resolve('t');
      await expect(service.resolve('t')).resolves.toBe(first);
      expect(lookups).toHaveLength(1);
    });

    it('reads again after an invalidation (a revocation anywhere)', async () => {
      const cache = new PrincipalCache();
      cache.enable();
      const rows = { [hashSecret('t')]: live() };
      const { service, lookups } = setup(rows, cache);
      await service.resolve('t');
      rows[hashSecret('t')] = live({ revoked: true });
      cache.invalidate();
      await expect(service.resolve('t')).resolves.toBe(INVALID_TOKEN);
      expect(lookups).toHaveLength(2);
    });

    it('keeps no answer of a lookup that an invalidation overtook', async () => {
      const cache = new PrincipalCache();
      cache.enable();
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const lookups: string[] = [];
      const tokens = {
        findPrincipalByHash: async (hash: string) => {
          lookups.push(hash);
          if (lookups.length === 1) await gate;
          return live();
        },
      } as unknown as TokenData;
      const service = new PrincipalService(tokens, false, cache);
      const pending = service.resolve('t');
      cache.invalidate();
      release();
      await pending;
      await service.resolve('t');
      expect(lookups).toHaveLength(2);
    });

    it('never keeps refused or unknown tokens, and keeps nothing until enabled', async () => {
      const cache = new PrincipalCache();
      const { service, lookups } = setup({ [hashSecret('t')]: live(), [hashSecret('bad')]: live({ revoked: true }) }, cache);
      await service.resolve('t');
      await service.resolve('t');
      cache.enable();
      await service.resolve('bad');
      await service.resolve('bad');
      await service.resolve('unknown');
      await service.resolve('unknown');
      expect(lookups).toHaveLength(6);
    });
  });
});
