import type { StatusesContext } from '../context.js';
import { refusal } from '../refusal.test-helper.js';
import type { EndorsementData } from './endorsement.data.js';
import { EndorsementService } from './endorsement.service.js';
import type { RelationshipService } from './relationship.service.js';

/** Viewer 10 follows 20; 30 exists, not followed; 99 does not exist. */
function setup() {
  const pins = new Set<string>();
  const data = {
    follows: async (accountId: bigint, target: bigint) => accountId === 10n && target === 20n,
    endorse: async (accountId: bigint, target: bigint) => pins.add(`${accountId}:${target}`),
    unendorse: async (accountId: bigint, target: bigint) => pins.delete(`${accountId}:${target}`),
  } as unknown as EndorsementData;
  const relationships = {
    existingOf: async (ids: readonly string[]) => [10n, 20n, 30n].filter((id) => ids.includes(id.toString())),
    relationships: async (ids: readonly string[]) => ids.map((id) => ({ id, endorsed: pins.has(`10:${id}`) })),
  } as unknown as RelationshipService;
  const ctx = { principal: { kind: 'user', accountId: '10', scopes: ['write'] } } as unknown as StatusesContext;
  return { service: new EndorsementService(data, relationships), ctx, pins };
}


describe('EndorsementService', () => {
  it('endorses a followed account and answers the relationship', async () => {
    const { service, ctx, pins } = setup();

    expect(await service.endorse('20', ctx)).toMatchObject({ id: '20', endorsed: true });
    expect([...pins]).toEqual(['10:20']);
  });

  it('refuses an account not followed, and oneself, writing nothing', async () => {
    const { service, ctx, pins } = setup();

    expect(await refusal(service.endorse('30', ctx))).toBe('Validation failed: You must be already following the person you want to endorse');
    expect(await refusal(service.endorse('10', ctx))).toBe('Validation failed: You must be already following the person you want to endorse');
    expect(pins.size).toBe(0);
  });

  it('refuses an unknown account as Record not found, for both writes', async () => {
    const { service, ctx } = setup();

    expect(await refusal(service.endorse('99', ctx))).toBe('Record not found');
    expect(await refusal(service.unendorse('abc', ctx))).toBe('Record not found');
  });

  it('unendorses, also an account never endorsed', async () => {
    const { service, ctx, pins } = setup();
    await service.endorse('20', ctx);

    expect(await service.unendorse('20', ctx)).toMatchObject({ endorsed: false });
    expect(await service.unendorse('30', ctx)).toMatchObject({ endorsed: false });
    expect(pins.size).toBe(0);
  });
});
