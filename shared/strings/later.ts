/**
 * Every language's later strings (later/<code>.ts, each a chunk of its own in the widget), and
 * each later step's table of them (steps/<step>.ts), for the hosted page's server render and
 * the completeness checks.
 * @module
 */
import type { Language } from './languages';
import * as am from './later/am';
import * as ar from './later/ar';
import * as en from './later/en';
import * as fr from './later/fr';
import * as ha from './later/ha';
import * as ig from './later/ig';
import * as ln from './later/ln';
import * as pt from './later/pt';
import * as rw from './later/rw';
import * as sw from './later/sw';
import * as wo from './later/wo';
import * as yo from './later/yo';
import * as zu from './later/zu';
import type { SameStrings, StepTable } from './types';

/** A later step: one export of each later/<code>.ts. */
export type LaterStep = keyof typeof en;

/** A language's strings of every later step, with English's keys (later/<code>.ts). */
export type LaterStrings = { readonly [S in LaterStep]: SameStrings<(typeof en)[S]> };

/**
 * Every language's later strings: one entry per code of LANGUAGES (languages.ts), each with
 * every step, or this fails to compile.
 */
export const LATER: Readonly<Record<Language, LaterStrings>> = {
  en,
  fr,
  sw,
  pt,
  ha,
  yo,
  ig,
  rw,
  wo,
  zu,
  ln,
  ar,
  am,
};

/**
 * One later step's strings in every language.
 *
 * @example
 * stepTable('otp').fr.otpHeading; // 'Saisissez votre code'
 */
export function stepTable<S extends LaterStep>(step: S): StepTable<(typeof en)[S]> {
  return Object.fromEntries(
    Object.entries(LATER).map(([code, strings]) => [code, strings[step]]),
  ) as unknown as StepTable<(typeof en)[S]>;
}
