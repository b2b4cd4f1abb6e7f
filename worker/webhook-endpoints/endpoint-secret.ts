/**
 * Signing secrets and ids of webhook endpoints: random from the platform's CSPRNG, never
 * derived from another secret or from the merchant's input.
 * @module
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks).
 *
 * @example
 * newEndpointSecret(); // 'whsec_…'
 */
export function newEndpointSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `whsec_${btoa(binary)}`;
}

/** A random id with `prefix` and 24 base32 characters (120 bits). */
export function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `${prefix}_${out}`;
}

/** An endpoint id: `we_` and 24 base32 characters. */
export const ENDPOINT_ID = /^we_[a-z2-7]{24}$/;
