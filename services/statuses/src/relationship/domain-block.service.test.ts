import type { StatusesContext } from '../context.js';
import { refusal } from '../refusal.test-helper.js';
import type { DomainBlockData } from './domain-block.data.js';
import { DomainBlockService } from './domain-block.service.js';

function setup() {
  const blocked = new Set<string>();
  const data = {
    block: async (_accountId: bigint, domain: string) => blocked.add(domain),
    unblock: async (_accountId: bigint, domain: string) => blocked.delete(domain),
  } as unknown as DomainBlockData;
  const ctx = { principal: { kind: 'user', accountId: '10', scopes: ['write'] } } as unknown as StatusesContext;
  return { service: new DomainBlockService(data, 'social.example'), ctx, blocked };
}

describe('DomainBlockService', () => {
  it('stores the domain trimmed, lowercased and in IDNA ASCII', async () => {
    const { service, ctx, blocked } = setup();

    expect(await service.block(' Mail.Example.COM ', ctx)).toBe('mail.example.com');
    expect(await service.block('Bücher.example', ctx)).toBe('xn--bcher-kva.example');
    expect(await service.block('under_score.example', ctx)).toBe('under_score.example');
    expect([...blocked]).toEqual(['mail.example.com', 'xn--bcher-kva.example', 'under_score.example']);
  });

  it('refuses blank, malformed, overlong and own domains, storing nothing', async () => {
    const { service, ctx, blocked } = setup();

    expect(await refusal(service.block(null, ctx))).toBe("Validation failed: Domain can't be blank");
    expect(await refusal(service.block(' \t', ctx))).toBe("Validation failed: Domain can't be blank");
    for (const bad of ['a b.example', '-x.example', 'x-.example', 'a..example', `${'a'.repeat(64)}.example`, `${'a.'.repeat(127)}a`, 'http://x.example/']) {
      expect(await refusal(service.block(bad, ctx))).toBe('Validation failed: Domain is not a valid domain name');
    }
    expect(await refusal(service.block('SOCIAL.example', ctx))).toBe("Validation failed: Domain cannot be this server's own domain");
    expect(blocked.size).toBe(0);
  });

  it('unblocks the normalised domain', async () => {
    const { service, ctx, blocked } = setup();
    await service.block('x.example', ctx);

    expect(await service.unblock('X.EXAMPLE ', ctx)).toBe('x.example');
    expect(blocked.size).toBe(0);
  });
});
