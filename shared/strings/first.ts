/**
 * What a language's own file (`<code>.ts`) holds: every string but those that come with a
 * later step's chunk (steps/).
 * @module
 */
import type { Translation } from './types';
import type { en as approve } from './steps/approve';
import type { en as attempt } from './steps/attempt';
import type { en as offline } from './steps/offline';
import type { en as otp } from './steps/otp';
import type { en as outcome } from './steps/outcome';
import type { en as redirect } from './steps/redirect';
import type { en as transfer } from './steps/transfer';
import type { en as wait } from './steps/wait';

/**
 * The keys that arrive with a later step's chunk (steps/), in every language. (Error messages
 * are in both: those any request may meet in the first screens' file, a step's own with it.)
 */
export type LaterKey = Exclude<
  | keyof typeof approve
  | keyof typeof attempt
  | keyof typeof offline
  | keyof typeof otp
  | keyof typeof outcome
  | keyof typeof redirect
  | keyof typeof transfer
  | keyof typeof wait,
  'errors'
>;

/** The first screens' strings of one language: a `<code>.ts` file's default export. */
export type FirstStrings = Omit<Translation, LaterKey>;
