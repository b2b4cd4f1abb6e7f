/**
 * The merchant API keys (docs/design.md, "Merchant API auth"): `MERCHANT_API_KEYS`, a JSON list
 * of `{"key": "uc_live_<id>_<secret>", "scope": "full" | "read" | "checkout", "expires_at"?}`,
 * and, for compatibility, `MERCHANT_API_KEY`: one key of scope `full`. Several keys at once is
 * what lets a key rotate with an overlap.
 * @module
 */
import * as z from 'zod/mini';
import { estimateBits, MIN_KEY_BITS } from './entropy';
import type { Report } from '../env-vars';

/** What a key may do: `full` everything; `read` GET requests only; `checkout` create and read
 * checkout sessions only (no payouts, links, balance, reports or admin). */
export type KeyScope = 'full' | 'read' | 'checkout';

/** The scopes, in the order the docs list them. */
export const KEY_SCOPES: readonly KeyScope[] = ['full', 'read', 'checkout'];

/** One merchant API key. */
export interface MerchantKey {
  /** The id from the key's prefix (`uc_live_<id>_…`), or `default` for a plain
   * MERCHANT_API_KEY. */
  id: string;
  scope: KeyScope;
  /** When the key stops working (epoch ms), or null. */
  expiresAt: number | null;
  /** The whole key, as the merchant sends it. */
  key: string;
}

/** `uc_live_<id>_<secret>` (production) or `uc_test_<id>_<secret>` (development): the id is
 * 1 to 24 lowercase letters and digits, the secret at least 16 URL-safe characters. */
export const KEY_FORMAT = /^uc_(live|test)_([a-z0-9]{1,24})_([A-Za-z0-9_-]{16,})$/;

/** The id of a plain `MERCHANT_API_KEY` that is not in the `uc_…` format. */
export const DEFAULT_KEY_ID = 'default';

const entrySchema = z.strictObject({
  key: z.string(),
  scope: z.enum(['full', 'read', 'checkout']),
  expires_at: z.optional(z.string()),
});
const listSchema = z.array(entrySchema);

/** The keys as they parse. */
export interface ParsedKeys {
  keys: MerchantKey[];
  /** The keys no problem names (not weak, of this mode's prefix, with a readable expiry, an id
   * of their own): all of `keys` when nothing was reported. */
  sound: MerchantKey[];
}

/**
 * Reads `MERCHANT_API_KEYS` and `MERCHANT_API_KEY`. Outside development mode each key's secret
 * must carry at least 128 bits ({@link MIN_KEY_BITS}) and keys must be `uc_live_`; in
 * development, `uc_test_`. Each problem is reported (one sentence; no key's secret in any).
 *
 * @example
 * parseMerchantKeys({ MERCHANT_API_KEYS: '[{"key":"uc_live_k1_…","scope":"full"}]' }, false, report);
 */
export function parseMerchantKeys(
  env: { MERCHANT_API_KEYS?: unknown; MERCHANT_API_KEY?: unknown },
  devMode: boolean,
  report: Report,
): ParsedKeys {
  const keys: MerchantKey[] = [];
  let reported = 0;
  const problem = (sentence: string) => {
    reported += 1;
    report(sentence);
  };
  const flawed = new Set<MerchantKey>();
  const weak = (id: string, bits: number) =>
    `merchant API key ${id} carries about ${bits} bits of entropy; at least ${MIN_KEY_BITS} are ` +
    'needed outside development mode (make one with `npm run keys`)';
  const raw = env.MERCHANT_API_KEYS;
  if (typeof raw === 'string' && raw.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const list = z.safeParse(listSchema, parsed);
    if (!list.success) {
      problem(
        'MERCHANT_API_KEYS must be a JSON list of {"key": "uc_live_<id>_<secret>", ' +
          '"scope": "full" | "read" | "checkout", "expires_at"?: ISO date}',
      );
    } else {
      list.data.forEach((entry, i) => {
        const match = KEY_FORMAT.exec(entry.key);
        if (!match) {
          problem(`MERCHANT_API_KEYS entry ${i + 1} is not uc_live_<id>_<secret>`);
          return;
        }
        const [, mode, id, secret] = match as unknown as [string, string, string, string];
        const before = reported;
        if (mode !== (devMode ? 'test' : 'live')) {
          problem(
            `merchant API key ${id} is uc_${mode}_; ${devMode ? 'development' : 'production'} ` +
              `takes uc_${devMode ? 'test' : 'live'}_ keys only`,
          );
        }
        const bits = estimateBits(secret);
        if (!devMode && bits < MIN_KEY_BITS) problem(weak(id, bits));
        let expiresAt: number | null = null;
        if (entry.expires_at !== undefined) {
          expiresAt = Date.parse(entry.expires_at);
          if (!Number.isFinite(expiresAt)) {
            problem(`merchant API key ${id}: expires_at must be an ISO 8601 date`);
          }
        }
        const twin = keys.find((k) => k.id === id);
        if (twin) {
          problem(`merchant API key id ${id} appears twice in MERCHANT_API_KEYS`);
          flawed.add(twin);
        }
        const key: MerchantKey = { id, scope: entry.scope, expiresAt, key: entry.key };
        keys.push(key);
        if (reported > before) flawed.add(key);
      });
    }
  }
  const single = env.MERCHANT_API_KEY;
  if (typeof single === 'string' && single.trim() !== '') {
    const match = KEY_FORMAT.exec(single);
    const id = match?.[2] ?? DEFAULT_KEY_ID;
    const bits = estimateBits(match?.[3] ?? single);
    const before = reported;
    if (match && match[1] !== (devMode ? 'test' : 'live')) {
      problem(
        `merchant API key ${id} (MERCHANT_API_KEY) is uc_${match[1]}_; ` +
          `${devMode ? 'development' : 'production'} takes uc_${devMode ? 'test' : 'live'}_ keys only`,
      );
    }
    if (!devMode && bits < MIN_KEY_BITS) problem(weak(`${id} (MERCHANT_API_KEY)`, bits));
    const twin = keys.find((k) => k.id === id);
    if (twin) {
      problem(`merchant API key id ${id} is in both MERCHANT_API_KEYS and MERCHANT_API_KEY`);
      flawed.add(twin);
    }
    const key: MerchantKey = { id, scope: 'full', expiresAt: null, key: single };
    keys.push(key);
    if (reported > before) flawed.add(key);
  }
  if (keys.length === 0 && reported === 0) {
    problem('MERCHANT_API_KEYS (or MERCHANT_API_KEY) is not set');
  }
  return { keys, sound: keys.filter((key) => !flawed.has(key)) };
}
