/**
 * Random identifiers of the sandbox: references, tokens, account numbers.
 * @module
 */

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * `length` random characters from `alphabet` (rejection sampling: no modulo bias).
 *
 * @example
 * randomString(4, '0123456789'); // '0193'
 */
export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  let out = '';
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/**
 * A new reference with a prefix.
 *
 * @example
 * newRef('SBX'); // 'SBX-7K2QH9ZP4M3X'
 */
export function newRef(prefix: string): string {
  return `${prefix}-${randomString(12)}`;
}

/**
 * A new opaque token (64 hex characters).
 *
 * @example
 * newToken(); // '3f9a…'
 */
export function newToken(): string {
  let hex = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/**
 * A new 10-digit (NUBAN-length) virtual account number; never starts with 0.
 *
 * @example
 * newAccountNumber(); // '9204417753'
 */
export function newAccountNumber(): string {
  return `9${randomString(9, '0123456789')}`;
}
