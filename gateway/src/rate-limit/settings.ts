/** A bucket's size: so many points per so many seconds. */
export interface Limit {
  points: number;
  seconds: number;
}

/** Spec part 8's buckets, each configurable (tests use small ones). */
export interface RateLimitSettings {
  enabled: boolean;
  apiPerAccount: Limit;
  apiPerIp: Limit;
  signUp: Limit;
  mediaUploads: Limit;
  deletions: Limit;
}

export const SPEC_LIMITS: Omit<RateLimitSettings, 'enabled'> = {
  apiPerAccount: { points: 300, seconds: 300 },
  apiPerIp: { points: 300, seconds: 300 },
  signUp: { points: 5, seconds: 1800 },
  mediaUploads: { points: 30, seconds: 1800 },
  deletions: { points: 30, seconds: 1800 },
};

/** "300/300" -> 300 points per 300 seconds; null when malformed. */
export function parseLimit(value: string): Limit | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*s?\s*$/.exec(value);
  if (!match) return null;
  const points = Number(match[1]);
  const seconds = Number(match[2]);
  return points > 0 && seconds > 0 ? { points, seconds } : null;
}
