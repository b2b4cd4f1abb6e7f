/**
 * An estimate of a key's entropy from its length and its alphabet, for refusing weak merchant
 * API keys at start (worker/keys/merchant-keys.ts). It cannot prove randomness; it catches
 * short keys, words and repeated characters.
 * @module
 */

/** The fewest bits a merchant API key's secret must carry outside development. */
export const MIN_KEY_BITS = 128;

/** The smallest usual alphabet that holds every character of `text`, by size. */
function alphabetSize(text: string): number {
  if (/^[0-9]+$/.test(text)) return 10;
  if (/^[0-9a-f]+$/.test(text) || /^[0-9A-F]+$/.test(text)) return 16;
  if (/^[a-z2-7]+$/.test(text) || /^[A-Z2-7]+$/.test(text)) return 32;
  if (/^[a-z0-9]+$/.test(text) || /^[A-Z0-9]+$/.test(text)) return 36;
  if (/^[A-Za-z0-9]+$/.test(text)) return 62;
  if (/^[A-Za-z0-9_+/=-]+$/.test(text)) return 64;
  return 95;
}

/**
 * The estimated entropy of `secret` in bits: its length times log2 of its alphabet, and 0 when
 * it repeats a handful of characters (fewer than 8 distinct ones, e.g. `aaaa…` or `1212…`).
 *
 * @example
 * estimateBits('0123456789abcdef0123456789abcdef'); // 128 (openssl rand -hex 16)
 * estimateBits('dev-merchant-key'); // 96
 */
export function estimateBits(secret: string): number {
  if (new Set(secret).size < 8) return 0;
  const padded = secret.replace(/=+$/, '');
  return Math.floor(padded.length * Math.log2(alphabetSize(padded)));
}
