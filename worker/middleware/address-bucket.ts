/**
 * The key a client address is rate limited under: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber's network: a /64 holds 2⁶⁴ addresses, so keying on the full address
 * let one client take a fresh limit per request).
 * @module
 */

/**
 * The rate-limit bucket of a client address (`CF-Connecting-IP`): IPv4 unchanged, IPv6 as its
 * first four groups plus `::/64`, an IPv4-mapped IPv6 address as its IPv4 address, anything
 * unreadable as itself.
 *
 * @example
 * addressBucket('2001:db8:1:2:aaaa::1'); // '2001:db8:1:2::/64'
 * addressBucket('2001:DB8:1:2::ffff'); // '2001:db8:1:2::/64'
 * addressBucket('203.0.113.7'); // '203.0.113.7'
 */
export function addressBucket(address: string): string {
  const ip = address.trim().toLowerCase();
  if (!ip.includes(':')) return ip;
  const groups = expandIpv6(ip.split('%')[0]!);
  if (!groups) return ip;
  const words = groups.map((g) => parseInt(g, 16));
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) {
    const [hi, lo] = [words[6]!, words[7]!];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The eight groups of an IPv6 address (an embedded IPv4 tail counts as two), or null. */
function expandIpv6(ip: string): string[] | null {
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const part = (text: string): string[] | null => {
    if (text === '') return [];
    const groups: string[] = [];
    for (const group of text.split(':')) {
      if (/^\d{1,3}(\.\d{1,3}){3}$/.test(group)) {
        const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
        groups.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
      } else if (/^[0-9a-f]{1,4}$/.test(group)) {
        groups.push(group);
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(missing).fill('0'), ...tail];
}
