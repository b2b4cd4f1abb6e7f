/**
 * IP literals in a URL's host, as the URL parser leaves them: every IPv4 spelling (`0x7f.1`,
 * `2130706433`, `127.1`) is already dotted-quad, and an IPv6 host is bracketed and compressed.
 * Link-local addresses (169.254.0.0/16, fe80::/10) are where cloud metadata services live.
 * @module
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Whether a parsed URL's `hostname` is an IP address rather than a DNS name. */
export function isIpLiteral(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith('[');
}

/** The eight 16-bit groups of a bracketed IPv6 hostname, or null when it is not one. */
function ipv6Groups(hostname: string): number[] | null {
  if (!hostname.startsWith('[') || !hostname.endsWith(']')) return null;
  let text = hostname.slice(1, -1).toLowerCase();
  // A trailing dotted IPv4 (`::ffff:1.2.3.4`) is two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, or
 * NAT64 `64:ff9b::a.b.c.d`), as its first two octets, or null. */
function embeddedIpv4(groups: number[]): [number, number] | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const mapped = zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
  return mapped || nat64 ? [groups[6]! >> 8, groups[6]! & 0xff] : null;
}

/**
 * Whether a parsed URL's `hostname` is a link-local address, in any spelling the parser
 * leaves: 169.254.0.0/16, fe80::/10, or an IPv6 address carrying a 169.254 one.
 *
 * @example
 * isLinkLocal(new URL('https://0xa9fea9fe/').hostname); // true (169.254.169.254)
 */
export function isLinkLocal(hostname: string): boolean {
  const v4 = IPV4.exec(hostname);
  if (v4) return v4[1] === '169' && v4[2] === '254';
  const groups = ipv6Groups(hostname);
  if (!groups) return false;
  if ((groups[0]! & 0xffc0) === 0xfe80) return true;
  const inner = embeddedIpv4(groups);
  return inner !== null && inner[0] === 169 && inner[1] === 254;
}
