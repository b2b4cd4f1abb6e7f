/**
 * The caller-IP whitelist of signed calls (`SANDBOX_IP_WHITELIST`).
 * @module
 */

/** The IP of a caller that came without `CF-Connecting-IP` (e.g. through a service binding). */
export const UNKNOWN_IP = 'unknown';

/**
 * The caller's IP: the `CF-Connecting-IP` header, or {@link UNKNOWN_IP} when absent.
 *
 * @example
 * callerIp(new Headers({ 'CF-Connecting-IP': '203.0.113.7' })); // '203.0.113.7'
 */
export function callerIp(headers: Headers): string {
  return headers.get('CF-Connecting-IP')?.trim() || UNKNOWN_IP;
}

/**
 * True when `ip` is on the comma-separated `whitelist`; `*` allows any caller.
 *
 * @example
 * isWhitelisted('127.0.0.1, unknown', 'unknown'); // true
 * isWhitelisted('*', '198.51.100.4'); // true
 */
export function isWhitelisted(whitelist: string, ip: string): boolean {
  const entries = whitelist
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.includes('*') || entries.includes(ip);
}
