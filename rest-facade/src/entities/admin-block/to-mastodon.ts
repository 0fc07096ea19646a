// Mastodon's REST::Admin::DomainBlockSerializer, DomainAllowSerializer, EmailDomainBlockSerializer,
// IpBlockSerializer and CanonicalEmailBlockSerializer (docs/api/moderation.md).
import type {
  AdminCanonicalEmailBlockFieldsFragment, AdminDomainAllowFieldsFragment, AdminDomainBlockFieldsFragment, AdminEmailDomainBlockFieldsFragment,
  AdminIpBlockFieldsFragment,
} from '../../gql/operations.js';
import { timestamp } from '../operation.js';

export function adminDomainBlockToMastodon(block: AdminDomainBlockFieldsFragment): Record<string, unknown> {
  return {
    id: block.id,
    domain: block.domain,
    digest: block.digest,
    created_at: timestamp(block.createdAt),
    severity: block.severity.toLowerCase(),
    reject_media: block.rejectMedia,
    reject_reports: block.rejectReports,
    private_comment: block.privateComment,
    public_comment: block.publicComment,
    obfuscate: block.obfuscate,
  };
}

export function adminDomainAllowToMastodon(allow: AdminDomainAllowFieldsFragment): Record<string, unknown> {
  return { id: allow.id, domain: allow.domain, created_at: timestamp(allow.createdAt) };
}

/** History entries as Mastodon's trend histories write them: the day as Unix seconds, counts as strings. */
export function adminEmailDomainBlockToMastodon(block: AdminEmailDomainBlockFieldsFragment): Record<string, unknown> {
  return {
    id: block.id,
    domain: block.domain,
    created_at: timestamp(block.createdAt),
    history: block.history.map((entry) => ({ day: String(Math.floor(Date.parse(entry.day) / 1000)), accounts: String(entry.accounts), uses: String(entry.uses) })),
  };
}

export function adminIpBlockToMastodon(block: AdminIpBlockFieldsFragment): Record<string, unknown> {
  return {
    id: block.id,
    ip: block.ip,
    severity: block.severity.toLowerCase(),
    comment: block.comment,
    created_at: timestamp(block.createdAt),
    expires_at: block.expiresAt ? timestamp(block.expiresAt) : null,
  };
}

export function adminCanonicalEmailBlockToMastodon(block: AdminCanonicalEmailBlockFieldsFragment): Record<string, unknown> {
  return { id: block.id, canonical_email_hash: block.canonicalEmailHash };
}
