/**
 * The hash an idempotency record keeps of a request body: HMAC-SHA-256 of its canonical JSON
 * (keys sorted at every depth, so the same terms in another key order are the same request),
 * keyed with the upstream secret. Bodies hold payers' phones and names, a small search space: a
 * plain hash could be turned back into them by trying every number; a keyed one cannot without
 * the key. The key rotates with `SERVICE_SECRET_KEY` (docs/rotation.md): during the overlap a
 * retry is compared under both secrets.
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

const encoder = new TextEncoder();

/**
 * HMAC-SHA-256 (hex) of the canonical JSON of `body` under `secret`, with a purpose prefix (the
 * same secret signs upstream requests: no stored hash can be one of their signatures).
 *
 * @example
 * await bodyHash({ b: 1, a: 2 }, secret) === (await bodyHash({ a: 2, b: 1 }, secret)); // true
 */
export async function bodyHash(body: unknown, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    encoder.encode(`idempotency-body:${canonicalJson(body)}`),
  );
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
