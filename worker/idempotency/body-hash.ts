/**
 * The hash an idempotency record keeps of a request body: SHA-256 of its canonical JSON (keys
 * sorted at every depth), so the same terms in another key order are the same request.
 * @module
 */

/** JSON text of `value` with object keys sorted at every depth. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * SHA-256 (hex) of the canonical JSON of `body`.
 *
 * @example
 * await bodyHash({ b: 1, a: 2 }) === (await bodyHash({ a: 2, b: 1 })); // true
 */
export async function bodyHash(body: unknown): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(canonicalJson(body)),
  );
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
