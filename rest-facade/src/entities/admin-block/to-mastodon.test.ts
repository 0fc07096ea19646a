import { expectGolden } from '../golden.test-helper.js';
import {
  adminCanonicalEmailBlockToMastodon, adminDomainAllowToMastodon, adminDomainBlockToMastodon, adminEmailDomainBlockToMastodon, adminIpBlockToMastodon,
} from './to-mastodon.js';

describe('admin block mappers', () => {
  it('maps a domain block (golden)', () => {
    expectGolden(__dirname, 'domain-block', adminDomainBlockToMastodon({
      id: '3', domain: 'spam.example', digest: 'a'.repeat(64), severity: 'SUSPEND', rejectMedia: true, rejectReports: false,
      privateComment: 'seen in reports', publicComment: null, obfuscate: true, createdAt: '2026-11-28T10:00:00.000Z',
    }));
  });

  it('maps a domain allow (golden)', () => {
    expectGolden(__dirname, 'domain-allow', adminDomainAllowToMastodon({ id: '4', domain: 'friends.example', createdAt: '2026-11-28T10:00:00.000Z' }));
  });

  it('maps an e-mail domain block, its history days as Unix seconds and counts as strings (golden)', () => {
    expectGolden(__dirname, 'email-domain-block', adminEmailDomainBlockToMastodon({
      id: '5', domain: 'mail.example', createdAt: '2026-11-28T10:00:00.000Z',
      history: [{ day: '2026-11-28T00:00:00.000Z', uses: 3, accounts: 2 }, { day: '2026-11-27T00:00:00.000Z', uses: 0, accounts: 0 }],
    }));
  });

  it('maps an IP block (golden)', () => {
    expectGolden(__dirname, 'ip-block', adminIpBlockToMastodon({
      id: '6', ip: '192.0.2.0/24', severity: 'NO_ACCESS', comment: 'a spam wave', createdAt: '2026-11-28T10:00:00.000Z', expiresAt: '2026-11-29T10:00:00.000Z',
    }));
  });

  it('maps a canonical e-mail block (golden)', () => {
    expectGolden(__dirname, 'canonical-email-block', adminCanonicalEmailBlockToMastodon({ id: '7', canonicalEmailHash: 'b'.repeat(64) }));
  });
});
