import type { Principal } from '@social/federation';
import { PrincipalCache } from './principal-cache.js';

const principal = (accountId: string): Principal => Object.freeze({ kind: 'user', tokenId: accountId, applicationId: '1', accountId, scopes: ['read'] });

describe('PrincipalCache', () => {
  it('keeps a principal for 10 seconds', () => {
    let now = 1_000;
    const cache = new PrincipalCache({ now: () => now });
    cache.enable();
    cache.set('hash', principal('1'), cache.begin());

    now += 9_999;
    expect(cache.get('hash')).toEqual(principal('1'));
    now += 2;
    expect(cache.get('hash')).toBeUndefined();
  });

  it('keeps at most 10,000, forgetting the token used least recently rather than the one stored first', () => {
    const cache = new PrincipalCache();
    cache.enable();
    cache.set('busy', principal('busy'), cache.begin());
    for (let i = 0; i < 10_000; i += 1) {
      // The busy token signs a request now and then while new tokens arrive.
      if (i % 1_000 === 0) expect(cache.get('busy')).toBeDefined();
      cache.set(`new-${i}`, principal(String(i)), cache.begin());
    }

    expect(cache.get('busy')).toEqual(principal('busy'));
    expect([cache.get('new-0'), cache.get('new-9999')]).toEqual([undefined, principal('9999')]);
  });

  it('forgets everything on an invalidation, and stores no lookup begun before it', () => {
    const cache = new PrincipalCache();
    cache.enable();
    cache.set('a', principal('1'), cache.begin());
    const before = cache.begin();
    cache.invalidate();
    cache.set('b', principal('2'), before);

    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
  });

  it("forgets one account's principals when its posting defaults change, and stores no lookup begun before", () => {
    const cache = new PrincipalCache();
    cache.enable();
    cache.set('mine-1', principal('1'), cache.begin());
    cache.set('mine-2', Object.freeze({ ...principal('1'), tokenId: '11' }), cache.begin());
    cache.set('theirs', principal('2'), cache.begin());
    const before = cache.begin();
    cache.invalidateAccount('1');
    cache.set('late', principal('3'), before);

    expect([cache.get('mine-1'), cache.get('mine-2'), cache.get('theirs'), cache.get('late')]).toEqual([undefined, undefined, principal('2'), undefined]);
  });
});
