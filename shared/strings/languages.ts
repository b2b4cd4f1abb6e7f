/**
 * The languages of the payer-facing strings: the widget, the hosted page and its notices speak
 * each of them, and each has a file of its own beside this one (`<code>.ts`).
 * @module
 */

/**
 * The language codes (BCP 47, lower case), English first: the fallback.
 *
 * @example
 * LANGUAGES.includes('sw'); // true
 */
export const LANGUAGES = [
  'en',
  'fr',
  'sw',
  'pt',
  'ha',
  'yo',
  'ig',
  'rw',
  'wo',
  'zu',
  'ln',
  'ar',
  'am',
] as const;

/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];
