import type { Principal } from '@social/federation';
import type { RateLimitSettings } from './settings.js';

export type BucketName = Exclude<keyof RateLimitSettings, 'enabled'>;

/**
 * Root fields with a bucket of their own, besides the API buckets (spec part
 * 8: sign-up, media uploads, deletions — delete and unreblog).
 */
const FIELD_BUCKETS: Record<string, BucketName> = {
  registerAccount: 'signUp',
  uploadMedia: 'mediaUploads',
  deleteStatus: 'deletions',
  unreblogStatus: 'deletions',
};

/** The OAuth endpoints are outside /api/* and so outside the API buckets. */
const OUTSIDE_API = new Set(['createToken', 'revokeToken', 'authorizeApplication']);

export interface BucketUse {
  bucket: BucketName;
  key: string;
}

/** Mastodon masks IPv6 addresses to their /64: one host usually owns the whole prefix. */
export function ipKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const groups = ip.split('::');
  const head = (groups[0] ?? '').split(':').filter(Boolean);
  const tail = groups.length > 1 ? (groups[1] ?? '').split(':').filter(Boolean) : [];
  const full = [...head, ...Array(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  return `${full.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Which buckets an operation draws on, and under which key. */
export function bucketsFor(rootFields: readonly string[], principal: Principal, clientIp: string): BucketUse[] {
  const uses: BucketUse[] = [];
  const ip = ipKey(clientIp);
  if (rootFields.some((field) => !OUTSIDE_API.has(field))) {
    uses.push({ bucket: 'apiPerIp', key: ip });
    if (principal.kind === 'user' && principal.accountId) uses.push({ bucket: 'apiPerAccount', key: principal.accountId });
  }
  for (const field of new Set(rootFields)) {
    const bucket = FIELD_BUCKETS[field];
    if (!bucket) continue;
    const key = bucket === 'signUp' ? ip : principal.accountId;
    if (key) uses.push({ bucket, key });
  }
  return uses;
}
