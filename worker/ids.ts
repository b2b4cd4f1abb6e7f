/**
 * Identifiers: checkout session ids, the attempt references derived from them, refund ids.
 * @module
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** A checkout session id: `cs_` and 26 base32 characters (130 bits). */
export const SESSION_ID = /^cs_[a-z2-7]{26}$/;
/** An attempt's third_party_reference_1: `<session id>.<n>`. */
export const ATTEMPT_ID = /^(cs_[a-z2-7]{26})\.([1-9][0-9]{0,2})$/;

function encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < 26; i++) out += ALPHABET[bytes[i]! % 32];
  return out;
}

/**
 * A new random session id (130 bits from the platform's CSPRNG). No id is ever derived from a
 * secret or from the merchant's input: idempotent creates find their id in the idempotency store
 * (worker/idempotency/).
 *
 * @example
 * newSessionId(); // 'cs_k2x…'
 */
export function newSessionId(): string {
  return `cs_${encode(crypto.getRandomValues(new Uint8Array(26)))}`;
}

/** A refund id: `re_` and 26 base32 characters (130 bits). */
export const REFUND_ID = /^re_[a-z2-7]{26}$/;

/**
 * A new random refund id (130 bits from the platform's CSPRNG; never derived from a secret or
 * the merchant's input: an idempotent request finds its id in the idempotency store). It is
 * also the reference of the payout that pays the refund.
 *
 * @example
 * newRefundId(); // 're_q7m…'
 */
export function newRefundId(): string {
  return `re_${encode(crypto.getRandomValues(new Uint8Array(26)))}`;
}

/** A payout batch id: `pb_` and 26 base32 characters (130 bits). */
export const BATCH_ID = /^pb_[a-z2-7]{26}$/;

/**
 * A new random payout batch id (130 bits; an idempotent create finds its id in the idempotency
 * store).
 *
 * @example
 * newBatchId(); // 'pb_3fz…'
 */
export function newBatchId(): string {
  return `pb_${encode(crypto.getRandomValues(new Uint8Array(26)))}`;
}

/**
 * The session id an attempt reference belongs to, or null if it is not one of ours.
 *
 * @example
 * sessionOfAttempt('cs_aaaaaaaaaaaaaaaaaaaaaaaaaa.2'); // 'cs_aaaaaaaaaaaaaaaaaaaaaaaaaa'
 */
export function sessionOfAttempt(reference: unknown): string | null {
  if (typeof reference !== 'string') return null;
  return ATTEMPT_ID.exec(reference)?.[1] ?? null;
}
