/**
 * Field schemas the other schemas are built from. Messages follow the convention of
 * `shared/validation.ts`: the end of a sentence that starts with the field's path.
 * @module
 */
import * as z from 'zod/mini';

/** Longest URL accepted anywhere. */
export const MAX_URL_LENGTH = 2048;

/**
 * A whole number (a safe integer). Unlike `z.int()`, a decimal is a plain issue that does
 * not stop the object-level rules from running, so every problem is reported at once.
 */
export function integer(message = 'must be a whole number (no decimals)') {
  return z.number().check(z.refine((n) => Number.isSafeInteger(n), message));
}

/** A whole number greater than 0. */
export function positiveInteger(message?: string) {
  return integer(message).check(z.gt(0));
}

/**
 * An amount in whole major units greater than 0: what every money request (session,
 * collection, payment link) asks for, since the upstream's amounts have no minor units.
 */
export function wholeUnitAmount() {
  return positiveInteger('must be a whole number in major units (no decimals)');
}

/** A non-empty string of at most `max` characters (not trimmed: upstream data is kept as sent). */
export function text(max: number) {
  return z.string().check(z.minLength(1), z.maxLength(max));
}

/** A string trimmed of surrounding whitespace, then non-empty and at most `max` characters. */
export function trimmedText(max: number) {
  return z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
}

/** An absolute `http:` or `https:` URL of at most {@link MAX_URL_LENGTH} characters. */
export function httpUrl() {
  return z.url({ protocol: /^https?$/ }).check(z.maxLength(MAX_URL_LENGTH));
}

/** A three-letter uppercase ISO 4217 code. */
export function currencyCode() {
  return z.string().check(z.regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO 4217 currency code'));
}

/**
 * An upstream response field the upstream may leave out or send as `null` ("unused fields
 * are returned as null").
 */
export function maybe<T extends z.core.SomeType>(schema: T) {
  return z.optional(z.nullable(schema));
}

/** The upstream's `success` when it succeeded: `true`, or the text `"true"` (token, balance). */
export const successFlag = z.literal([true, 'true']);

/** The upstream's `success` when it failed: `false`, or the text `"false"`. */
export const failureFlag = z.literal([false, 'false']);

/** The upstream's date-time text, `YYYY-MM-DD HH:MM:SS`, with real month, day, hour, minute, second ranges. */
export const upstreamDateTime = z
  .string()
  .check(
    z.regex(
      /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
      'must be a date and time written YYYY-MM-DD HH:MM:SS',
    ),
  );
