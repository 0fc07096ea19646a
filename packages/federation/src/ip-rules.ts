import { BlockList, isIP } from 'node:net';

/** An address range as Mastodon's IpBlock keeps it: the network address and its prefix. */
export interface IpRange {
  /** 192.0.2.0 or 2001:db8:: (the network address, host bits cleared). */
  address: string;
  prefix: number;
  family: 4 | 6;
}

/** The range in CIDR notation, as the API answers it: `192.0.2.0/24`, `2001:db8::/32`, `192.0.2.7/32`. */
export function formatRange(range: IpRange): string {
  return `${range.address}/${range.prefix}`;
}

function ipv4ToBytes(address: string): number[] {
  return address.split('.').map(Number);
}

function ipv6ToBytes(address: string): number[] {
  let text = address;
  // An IPv4 tail (::ffff:192.0.2.1) as two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = ipv4ToBytes(v4[1]);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...(tail === null ? [] : Array<string>(missing).fill('0')), ...tailGroups].map((group) => parseInt(group, 16));
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function bytesToIpv6(bytes: number[]): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i] << 8) | bytes[i + 1]);
  // The longest run of zero groups (two or more) becomes ::, as RFC 5952 writes it.
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * Reads `192.0.2.0/24`, `2001:db8::/32` or a bare address (a /32 or /128), as
 * Mastodon's IpBlock reads its `ip` parameter; host bits past the prefix are
 * cleared (`192.0.2.7/24` is `192.0.2.0/24`, as PostgreSQL's inet keeps the
 * network). Null when it is not an address or the prefix is out of range.
 */
export function parseRange(text: string): IpRange | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const address = slash < 0 ? trimmed : trimmed.slice(0, slash);
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  const max = family === 4 ? 32 : 128;
  let prefix = max;
  if (slash >= 0) {
    const prefixText = trimmed.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > max) return null;
  }
  const bytes = family === 4 ? ipv4ToBytes(address) : ipv6ToBytes(address);
  for (let bit = prefix; bit < max; bit += 1) bytes[bit >> 3] &= ~(0x80 >> (bit & 7)) & 0xff;
  return { address: family === 4 ? bytes.join('.') : bytesToIpv6(bytes), prefix, family };
}

/** One rule of a set: a range and what it refuses, until when. */
export interface IpRule<Severity extends string> {
  range: IpRange;
  severity: Severity;
  expiresAt: Date | null;
}

/**
 * The rules in force, matched with node's BlockList (one per severity); rules
 * whose time ran out stop matching, the set rebuilt from the rules it holds
 * when the first of them expires, without a read of the database.
 */
export class IpRuleSet<Severity extends string> {
  private lists = new Map<Severity, BlockList>();
  private rebuildAt = Infinity;

  constructor(
    private rules: ReadonlyArray<IpRule<Severity>>,
    /** Severities from the strongest: a match of an earlier one wins. */
    private readonly order: readonly Severity[],
    private readonly now: () => number = Date.now,
  ) {
    this.build();
  }

  get size(): number {
    return this.rules.length;
  }

  private build(): void {
    const now = this.now();
    this.rules = this.rules.filter((rule) => rule.expiresAt === null || rule.expiresAt.getTime() > now);
    this.lists = new Map();
    this.rebuildAt = Infinity;
    for (const rule of this.rules) {
      let list = this.lists.get(rule.severity);
      if (!list) {
        list = new BlockList();
        this.lists.set(rule.severity, list);
      }
      const type = rule.range.family === 4 ? 'ipv4' : 'ipv6';
      list.addSubnet(rule.range.address, rule.range.prefix, type);
      if (rule.expiresAt) this.rebuildAt = Math.min(this.rebuildAt, rule.expiresAt.getTime());
    }
  }

  /** The strongest severity whose range holds the address, or null; an IPv4-mapped IPv6 address counts as its IPv4 one. */
  match(address: string): Severity | null {
    if (this.rules.length === 0) return null;
    if (this.now() >= this.rebuildAt) this.build();
    let candidate = address;
    if (candidate.startsWith('::ffff:') && isIP(candidate.slice(7)) === 4) candidate = candidate.slice(7);
    const family = isIP(candidate);
    if (family === 0) return null;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    for (const severity of this.order) {
      if (this.lists.get(severity)?.check(candidate, type)) return severity;
    }
    return null;
  }
}

/** What an IP block refuses (docs/api/moderation.md#ip-blocks), strongest first. */
export const IP_BLOCK_SEVERITIES = ['no_access', 'sign_up_block', 'sign_up_requires_approval'] as const;
export type IpBlockSeverityName = (typeof IP_BLOCK_SEVERITIES)[number];

/** An IP block as it travels between processes (identity's internal route to the gateway). */
export interface IpBlockRecord {
  /** CIDR: 192.0.2.0/24. */
  ip: string;
  severity: IpBlockSeverityName;
  /** ISO 8601, or null: never. */
  expiresAt: string | null;
}

/** The rule set of IP block records; a record whose range does not read is left out. */
export function ipRuleSetOf(records: readonly IpBlockRecord[], now: () => number = Date.now): IpRuleSet<IpBlockSeverityName> {
  const rules = records.flatMap((record) => {
    const range = parseRange(record.ip);
    return range ? [{ range, severity: record.severity, expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt) }] : [];
  });
  return new IpRuleSet(rules, IP_BLOCK_SEVERITIES, now);
}
