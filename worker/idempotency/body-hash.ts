/**
 * The hash an idempotency record keeps of a request body: HMAC-SHA-256 of its canonical JSON
 * (keys sorted at every depth, so the same terms in another key order are the same request),
 * keyed with the `idempotency body` purpose key (worker/keys/purpose-keys.ts). Bodies hold
 * payers' phones and names, a small search space: a plain hash could be turned back into them by
 * trying every number; a keyed one cannot without the key. The key rotates with
 * `SERVICE_SECRET_KEY` (docs/rotation.md): during the overlap a retry is compared under both
 * keys. The hash proves a retry's body is the first one's; it names nothing (the record is named
 * by its route, scope group and Idempotency-Key, worker/idempotency/claim.ts).
 * @module
 */
import { purposeMacs, type PurposeKeySource } from '../keys/purpose-keys';

/** The purpose the body hash's key is derived for. */
export const BODY_HASH_PURPOSE = 'idempotency body';

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
 * The keyed hashes (hex) of `body`, current key first: one per key the purpose has now (two
 * during a rotation's overlap). Store the first; a stored hash equal to any of them is this body.
 *
 * @example
 * const [current] = await bodyHashes(config, { b: 1, a: 2 }); // same as for { a: 2, b: 1 }
 */
export function bodyHashes(source: PurposeKeySource, body: unknown): Promise<string[]> {
  return purposeMacs(source, BODY_HASH_PURPOSE, canonicalJson(body));
}
