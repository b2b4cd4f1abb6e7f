/**
 * How a phone's prompts are found without keeping its number (docs/design.md, "Prompt limits"):
 * the `PhoneLimiter` object is one of {@link PHONE_SHARDS} shards, named by a few bits of a plain
 * hash of the number (not derived from any secret, so a rotation never renames it, and thousands
 * of numbers of each country share every shard, so the name does not tell the number); inside
 * it, the phone's rows are found by an HMAC of the number under the `phone limiter` purpose key
 * (worker/keys/purpose-keys.ts), which rotates with `SERVICE_SECRET_KEY` with its overlap.
 * @module
 */
import { purposeMacs, type PurposeKeySource } from '../keys/purpose-keys';

/** The purpose the phone MAC's key is derived for. */
export const PHONE_PURPOSE = 'phone limiter';

/** How many limiter objects the phones are spread over (12 bits of a plain hash). */
export const PHONE_SHARDS = 4096;

/**
 * A payer's number in E.164 (`+` and digits) from the upstream's international form.
 *
 * @example
 * e164('23276123456'); // '+23276123456'
 */
export function e164(international: string): string {
  return `+${international.replace(/\D/g, '')}`;
}

/**
 * The name of the limiter object that counts `phone` (E.164): `phone-limiter:` and its shard,
 * three hex digits of SHA-256 of the number. No secret goes into it.
 *
 * @example
 * await phoneShard('+23276123456'); // 'phone-limiter:3f1'
 */
export async function phoneShard(phone: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(phone)),
  );
  const shard = ((digest[0]! << 8) | digest[1]!) % PHONE_SHARDS;
  return `phone-limiter:${shard.toString(16).padStart(3, '0')}`;
}

/**
 * The MACs (hex) that find `phone`'s rows in its shard, current key first: one per key the
 * purpose has now (two during a `SERVICE_SECRET_KEY` overlap, so rows written under the previous
 * key are still found, and moved to the current one).
 *
 * @example
 * const [current, ...previous] = await phoneMacs(config, '+23276123456');
 */
export function phoneMacs(source: PurposeKeySource, phone: string): Promise<string[]> {
  return purposeMacs(source, PHONE_PURPOSE, phone);
}
