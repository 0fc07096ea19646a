import proxyAddr from 'proxy-addr';

/** A bucket's size: so many points per so many seconds. */
export interface Limit {
  points: number;
  seconds: number;
}

/** The buckets of docs/api/rate-limits.md#buckets, each configurable (tests use small ones). */
export interface RateLimitSettings {
  enabled: boolean;
  apiPerAccount: Limit;
  apiPerIp: Limit;
  signUp: Limit;
  mediaUploads: Limit;
  deletions: Limit;
  /** Password attempts (password grant, the authorize page's sign-in form) per client IP. */
  signInPerIp: Limit;
  /** Password attempts per e-mail address tried, whichever address they come from. */
  signInPerAccount: Limit;
  /**
   * Client networks left out of the per-IP buckets (addresses, CIDRs, or
   * loopback, linklocal, uniquelocal): an operator's own hosts or a trusted
   * network sharing one address. The per-account buckets still apply to them.
   */
  trustedNetworks?: readonly string[];
}

export type BucketName = Exclude<keyof RateLimitSettings, 'enabled' | 'trustedNetworks'>;

export const SPEC_LIMITS: Record<BucketName, Limit> = {
  apiPerAccount: { points: 300, seconds: 300 },
  apiPerIp: { points: 300, seconds: 300 },
  signUp: { points: 5, seconds: 1800 },
  mediaUploads: { points: 30, seconds: 1800 },
  deletions: { points: 30, seconds: 1800 },
  // Mastodon's sign-in throttles (25 per 5 minutes per IP, 25 per hour per e-mail).
  signInPerIp: { points: 25, seconds: 300 },
  signInPerAccount: { points: 25, seconds: 3600 },
};

/** "300/300" -> 300 points per 300 seconds; null when malformed. */
export function parseLimit(value: string): Limit | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*s?\s*$/.exec(value);
  if (!match) return null;
  const points = Number(match[1]);
  const seconds = Number(match[2]);
  return points > 0 && seconds > 0 ? { points, seconds } : null;
}

/**
 * Whether a client address is in one of the trusted networks. proxy-addr's
 * matcher (express's own for TRUSTED_PROXIES) takes the same notation and
 * matches IPv4-mapped IPv6 addresses against IPv4 ranges. Throws a TypeError
 * naming the first entry that is not an address, a CIDR or a known name.
 */
export function trustedNetworkMatcher(networks: readonly string[]): (ip: string) => boolean {
  if (networks.length === 0) return () => false;
  const trusts = proxyAddr.compile([...networks]);
  return (ip) => trusts(ip, 0);
}

/** "10.0.0.0/8, 192.168.1.0/24" as a list; an error message when an entry is malformed. */
export function parseTrustedNetworks(value: string): { networks: string[] } | { error: string } {
  const networks = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    trustedNetworkMatcher(networks);
    return { networks };
  } catch (error) {
    return { error: `${(error as Error).message} (expected addresses, CIDRs, loopback, linklocal or uniquelocal, comma-separated)` };
  }
}
