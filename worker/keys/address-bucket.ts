/**
 * The bucket a client address is rate limited in: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber's prefix holds 2^64 addresses, so a per-address key would be no limit).
 * @module
 */

/** Expands an IPv6 address to its 8 groups (lowercase, no leading zeros), or null. */
function ipv6Groups(ip: string): string[] | null {
  const [head = '', tail, ...rest] = ip.toLowerCase().split('::');
  if (rest.length > 0) return null;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const last = right.length > 0 ? right : left;
  if (last.length > 0 && last[last.length - 1]!.includes('.')) last.splice(-1, 1, '0', '0');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}

/**
 * `ip:<IPv4>` or `ip6:<first four groups>::/64`; `ip:unknown` without an address.
 *
 * @example
 * addressBucket('2001:db8:1:2:aaaa::1'); // 'ip6:2001:db8:1:2::/64'
 * addressBucket('203.0.113.7'); // 'ip:203.0.113.7'
 */
export function addressBucket(ip: string | undefined): string {
  const address = (ip ?? '').trim();
  if (address === '') return 'ip:unknown';
  if (!address.includes(':')) return `ip:${address}`;
  const groups = ipv6Groups(address);
  return groups ? `ip6:${groups.slice(0, 4).join(':')}::/64` : `ip:${address.toLowerCase()}`;
}
