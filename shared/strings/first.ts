/**
 * What a language's own file (`<code>.ts`) holds: every string but those that come with a
 * later step (later/<code>.ts).
 * @module
 */
import type { Translation } from './types';
import type * as later from './later/en';

/**
 * The keys that arrive with the later steps' strings (later/<code>.ts), the payer's language
 * only. (Error messages are in both: those any request may meet in the first screens' file, a
 * step's own with it.)
 */
export type LaterKey = Exclude<
  { [S in keyof typeof later]: keyof (typeof later)[S] }[keyof typeof later],
  'errors'
>;

/** The first screens' strings of one language: a `<code>.ts` file's default export. */
export type FirstStrings = Omit<Translation, LaterKey>;
