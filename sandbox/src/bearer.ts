/**
 * The bearer token of a request (balance and payment-link list). The upstream does not document
 * the scheme prefix (docs/upstream-api.md, "Bearer token"), so both `Authorization: Bearer
 * <token>` and a bare `Authorization: <token>` are accepted.
 * @module
 */

/**
 * The token in an Authorization header, or null.
 *
 * @example
 * bearerToken('Bearer abc'); // 'abc'
 * bearerToken('abc'); // 'abc'
 */
export function bearerToken(header: string | undefined | null): string | null {
  const value = header?.trim();
  if (!value) return null;
  const match = /^bearer\s+(.+)$/i.exec(value);
  return (match ? match[1]!.trim() : value) || null;
}
