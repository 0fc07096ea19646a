import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server-side fetch must never reach unless allowed: this host,
 * private networks, link-local, shared and reserved ranges (IANA special
 * purpose registries). Whatever a URL names, it is the resolved address that
 * is checked, so a public name pointing inside is refused too.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
/** Global unicast: everything else in IPv6 (unassigned space included) is refused. */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

const MAPPED_V4 = /^(?:0{0,4}:){0,4}(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const NAT64 = /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether a fetch may connect to this IP address (v4 or v6 literal). Anything unreadable is not public. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !NON_PUBLIC.check(bare, 'ipv4');
  if (family !== 6) return false;
  // IPv4 carried in IPv6 (mapped, or NAT64) is judged as the IPv4 address it carries.
  const embedded = MAPPED_V4.exec(bare) ?? NAT64.exec(bare);
  if (embedded) return isPublicAddress(embedded[1]);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(bare)) return isPublicAddress(hexPairToV4(bare));
  if (/^64:ff9b::[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(bare)) return isPublicAddress(hexPairToV4(bare));
  return GLOBAL_UNICAST.check(bare, 'ipv6') && !NON_PUBLIC.check(bare, 'ipv6');
}

function hexPairToV4(address: string): string {
  const [high, low] = address.split(':').slice(-2).map((part) => Number.parseInt(part, 16)) as [number, number];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
