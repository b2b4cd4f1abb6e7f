/**
 * The shape of the identifiers merchants give and read back: references of sessions and payouts
 * (and the upstream references we match callbacks by), and one-time codes. One home, used by the
 * schemas, the routes and the widget.
 * @module
 */

/** Longest merchant reference (the upstream's `third_party_reference_1` takes 64 characters). */
export const MAX_REFERENCE_LENGTH = 64;

/** What a reference may hold: letters, digits, `.`, `_`, `:` and `-`. */
export const REFERENCE_CHARACTERS = /^[A-Za-z0-9._:-]+$/;

/** The message a refused reference gets. */
export const REFERENCE_RULE = `must be 1 to ${MAX_REFERENCE_LENGTH} letters, digits or . _ : -`;

/**
 * True for a well-formed reference (1 to {@link MAX_REFERENCE_LENGTH} allowed characters).
 *
 * @example
 * isReference('order-1042'); // true
 * isReference('order 1042'); // false
 */
export function isReference(value: string, max: number = MAX_REFERENCE_LENGTH): boolean {
  return value.length >= 1 && value.length <= max && REFERENCE_CHARACTERS.test(value);
}

/** Digits of a one-time code payers type (the proxy and the widget accept the same). */
export const OTP_DIGITS = { min: 4, max: 8 } as const;

/** A one-time code: {@link OTP_DIGITS} digits. */
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_DIGITS.min},${OTP_DIGITS.max}}$`);
