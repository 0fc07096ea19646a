import { createHash } from 'node:crypto';
import type { Principal } from '@social/federation';
import type { BucketName } from './settings.js';

export type { BucketName } from './settings.js';

/**
 * Root fields with a bucket of their own, besides the API buckets
 * (docs/api/rate-limits.md#buckets: sign-up, media uploads, deletions — delete and unreblog).
 */
const FIELD_BUCKETS: Record<string, BucketName> = {
  registerAccount: 'signUp',
  uploadMedia: 'mediaUploads',
  deleteStatus: 'deletions',
  unreblogStatus: 'deletions',
};

/**
 * The OAuth endpoints (token, revoke, the authorize page's prompt, sign-in
 * and decision) are outside /api/* and so outside the API buckets; password
 * attempts have the sign-in buckets.
 */
const OUTSIDE_API = new Set(['createToken', 'revokeToken', 'authorizationPrompt', 'signIn', 'decideAuthorization']);

/** Buckets keyed by the client's address, which trusted networks skip. */
const PER_IP = new Set<BucketName>(['apiPerIp', 'signUp', 'signInPerIp']);

export interface BucketUse {
  bucket: BucketName;
  key: string;
  /** How many points the operation takes (a password attempt each, one for anything else). */
  points: number;
}

/** What an operation draws on: its root fields, and the logins its password attempts try. */
export interface OperationUse {
  rootFields: readonly string[];
  /** One entry per password attempt (an operation may hold several, under aliases). */
  signIns?: readonly string[];
}

/** Mastodon masks IPv6 addresses to their /64: one host usually owns the whole prefix. */
export function ipKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const groups = ip.split('::');
  const head = (groups[0] ?? '').split(':').filter(Boolean);
  const tail = groups.length > 1 ? (groups[1] ?? '').split(':').filter(Boolean) : [];
  const full = [...head, ...new Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  return `${full.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The per-account sign-in key of a login as typed: the address is looked up
 * trimmed and lower-cased, so "Alice@x" and "alice@x " share a bucket. Hashed,
 * so Redis holds no e-mail addresses and a long one makes no long key.
 */
export function signInKey(login: string): string {
  return createHash('sha256').update(login.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/** Which buckets an operation draws on, under which key and for how many points. */
export function bucketsFor(operation: OperationUse, principal: Principal, clientIp: string, isTrusted: (ip: string) => boolean = () => false): BucketUse[] {
  const { rootFields, signIns = [] } = operation;
  const uses = new Map<string, BucketUse>();
  const add = (bucket: BucketName, key: string) => {
    const id = `${bucket}:${key}`;
    const use = uses.get(id);
    if (use) use.points += 1;
    else uses.set(id, { bucket, key, points: 1 });
  };
  const ip = ipKey(clientIp);
  if (rootFields.some((field) => !OUTSIDE_API.has(field))) {
    add('apiPerIp', ip);
    if (principal.kind === 'user' && principal.accountId) add('apiPerAccount', principal.accountId);
  }
  for (const field of new Set(rootFields)) {
    const bucket = FIELD_BUCKETS[field];
    if (!bucket) continue;
    const key = bucket === 'signUp' ? ip : principal.accountId;
    if (key) add(bucket, key);
  }
  for (const login of signIns) {
    add('signInPerIp', ip);
    add('signInPerAccount', signInKey(login));
  }
  const trusted = isTrusted(clientIp);
  return [...uses.values()].filter((use) => !(trusted && PER_IP.has(use.bucket)));
}
