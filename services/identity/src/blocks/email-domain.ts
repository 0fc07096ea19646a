import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';

/**
 * A domain as the blocks keep it: trimmed, lower-cased, punycode, without a
 * trailing dot; null when it is not a domain name (Mastodon's DomainValidator:
 * labels of letters, digits and hyphens, at most 63 characters each).
 */
export function normalizeDomain(text: string): string | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (trimmed === '' || trimmed.length > 253) return null;
  const ascii = domainToASCII(trimmed.toLowerCase());
  if (!ascii) return null;
  const labels = ascii.split('.');
  if (!labels.every((label) => /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/.test(label))) return null;
  return ascii;
}

/** The domain and each domain above it: `mail.example.com`, `example.com`, `com` (Mastodon's domains_with_variants). */
export function domainWithParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/** The domain part of an e-mail address, normalised, or null. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at < 0 ? null : normalizeDomain(email.slice(at + 1));
}

/**
 * Mastodon's canonical address (CanonicalEmailBlock.email_to_canonical_email):
 * lower-cased, then the local part loses its dots and everything from the first `+`.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.indexOf('@');
  const local = at < 0 ? lower : lower.slice(0, at);
  const domain = at < 0 ? '' : lower.slice(at + 1);
  const user = local.replaceAll('.', '').split('+')[0];
  return `${user}@${domain}`;
}

/** SHA-256 (hex) of the canonical address: what a canonical e-mail block keeps. */
export function canonicalEmailHash(email: string): string {
  return createHash('sha256').update(canonicalEmail(email)).digest('hex');
}

/** SHA-256 (hex) of a domain: the digest the public domain-block list shows beside an obfuscated name. */
export function domainDigest(domain: string): string {
  return createHash('sha256').update(domain).digest('hex');
}

/** The domain with its middle starred out (dots kept), as Mastodon's public list shows an obfuscated block (DomainBlock#public_domain). */
export function obfuscateDomain(domain: string): string {
  const length = domain.length;
  const visible = Math.floor(length / 4);
  return [...domain]
    .map((character, index) => {
      if (index > visible && index < length - visible && character !== '.') return '*';
      return character;
    })
    .join('');
}
