import { createHash } from 'node:crypto';
import { canonicalEmail, canonicalEmailHash, domainWithParents, emailDomain, normalizeDomain, obfuscateDomain } from './email-domain.js';
import { DomainBlockSeverity } from './blocks.type.js';
import { stricterThan } from './blocks.service.js';

describe('canonical e-mail addresses (Mastodon\'s CanonicalEmailBlock.email_to_canonical_email)', () => {
  it.each([
    ['John.Doe+news@Example.COM', 'johndoe@example.com'],
    ['j.o.h.n.d.o.e@example.com', 'johndoe@example.com'],
    ['johndoe+a+b@example.com', 'johndoe@example.com'],
    ['plain@example.com', 'plain@example.com'],
  ])('%s is %s', (email, canonical) => {
    expect(canonicalEmail(email)).toBe(canonical);
    expect(canonicalEmailHash(email)).toBe(createHash('sha256').update(canonical).digest('hex'));
  });
});

describe('domains', () => {
  it('normalises: trimmed, lower-cased, punycode, no trailing dot; refuses what is not a name', () => {
    expect(normalizeDomain(' Mail.Example.COM. ')).toBe('mail.example.com');
    expect(normalizeDomain('bücher.example')).toBe('xn--bcher-kva.example');
    for (const bad of ['', 'not a domain', 'a..b', '-a.example', 'a_b$.example']) expect(normalizeDomain(bad)).toBeNull();
  });

  it('lists a domain with those above it, and reads an address\'s domain', () => {
    expect(domainWithParents('a.mail.example.com')).toEqual(['a.mail.example.com', 'mail.example.com', 'example.com', 'com']);
    expect(emailDomain('x@Sub.Example.com')).toBe('sub.example.com');
    expect(emailDomain('no-at-sign')).toBeNull();
  });

  it('stars out the middle of an obfuscated domain, dots kept (DomainBlock#public_domain)', () => {
    expect(obfuscateDomain('example.com')).toBe('exa****.*om');
    expect(obfuscateDomain('a.bc')).toBe('a.*c');
    expect(obfuscateDomain('evil.example').length).toBe('evil.example'.length);
  });
});

describe('stricterThan (DomainBlock#stricter_than?)', () => {
  const block = (severity: DomainBlockSeverity, rejectMedia = false, rejectReports = false) => ({ severity, rejectMedia, rejectReports });
  it('a suspension is stricter than anything; nothing but one is stricter than a suspension', () => {
    expect(stricterThan(block(DomainBlockSeverity.SUSPEND), block(DomainBlockSeverity.SUSPEND, true, true))).toBe(true);
    expect(stricterThan(block(DomainBlockSeverity.SILENCE, true, true), block(DomainBlockSeverity.SUSPEND))).toBe(false);
  });
  it('a noop is not stricter than a silence; same or higher severity is stricter unless it drops a rejection', () => {
    expect(stricterThan(block(DomainBlockSeverity.NOOP, true, true), block(DomainBlockSeverity.SILENCE))).toBe(false);
    expect(stricterThan(block(DomainBlockSeverity.SILENCE), block(DomainBlockSeverity.SILENCE))).toBe(true);
    expect(stricterThan(block(DomainBlockSeverity.SILENCE), block(DomainBlockSeverity.NOOP, true))).toBe(false);
    expect(stricterThan(block(DomainBlockSeverity.SILENCE, true), block(DomainBlockSeverity.NOOP, true))).toBe(true);
  });
});
