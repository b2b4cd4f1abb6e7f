/**
 * Payment-link payments are spread over a fixed number of `Ledger` objects by a hash of their
 * key (the upstream reference), so their callbacks no longer queue behind one object; the
 * `ledger` object keeps callbacks with no owner.
 * @module
 */
import { isReference } from '../../shared/references';

/** How many ledger shards hold payment-link payments. Never lowered once deployed (a payment's
 * later callbacks must find its shard); raising it needs a migration. */
export const LEDGER_SHARDS = 16;

/** The name of the ledger that holds unowned callbacks. */
export const MAIN_LEDGER = 'ledger';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of a payment-link payment: its upstream reference when it is a plain token, else a
 * hash of it (the callback's digest stands in when there is none).
 *
 * @example
 * await linkPaymentKey('SBX-123', digest); // 'SBX-123'
 */
export async function linkPaymentKey(upstreamReference: string | null, digest: string) {
  const source = upstreamReference ?? `digest:${digest}`;
  // A reference is safe in an event id as it is; any other key is hashed.
  return isReference(source) ? source : `h${(await sha256Hex(source)).slice(0, 32)}`;
}

/** FNV-1a of a key, for its shard number. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The name of the shard that holds a payment-link payment.
 *
 * @example
 * linkShardName('SBX-123'); // 'links:7'
 */
export function linkShardName(key: string): string {
  return `links:${fnv1a(key) % LEDGER_SHARDS}`;
}

/** Every ledger object's name: the main one first, then the shards. */
export function ledgerNames(): string[] {
  return [MAIN_LEDGER, ...Array.from({ length: LEDGER_SHARDS }, (_, i) => `links:${i}`)];
}
