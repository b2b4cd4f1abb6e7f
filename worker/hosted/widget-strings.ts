/**
 * The widget's own words for the hosted page's no-JS steps (worker/hosted/steps.ts): each
 * language's strings from shared/strings/, its first screens and every later step's joined,
 * so a step reads the same with or without JavaScript.
 * @module
 */
import en from '../../shared/strings/en';
import fr from '../../shared/strings/fr';
import pt from '../../shared/strings/pt';
import sw from '../../shared/strings/sw';
import ha from '../../shared/strings/ha';
import yo from '../../shared/strings/yo';
import ig from '../../shared/strings/ig';
import rw from '../../shared/strings/rw';
import wo from '../../shared/strings/wo';
import zu from '../../shared/strings/zu';
import ln from '../../shared/strings/ln';
import ar from '../../shared/strings/ar';
import am from '../../shared/strings/am';
import type { FirstStrings } from '../../shared/strings/first';
import type { Language } from '../../shared/strings/languages';
import { LATER } from '../../shared/strings/later';
import type { StepStrings, Translation } from '../../shared/strings/types';
import type { HostedLanguage } from './locale';

const FIRST: Readonly<Record<Language, FirstStrings>> = {
  en,
  fr,
  pt,
  sw,
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

/** A language's first screens with every later step's strings (its own error messages too). */
function complete(language: Language): Translation {
  // Every later step of the language (a module namespace: its steps in one fixed order).
  const steps: StepStrings[] = Object.values(LATER[language]);
  return Object.assign({}, ...steps, FIRST[language], {
    errors: Object.assign({}, ...steps.map((s) => s.errors), FIRST[language].errors),
  }) as Translation;
}

const BY_LANGUAGE = new Map<Language, Translation>();

/**
 * The widget's translation of a hosted page language, complete.
 *
 * @example
 * widgetStrings('fr').otpSubmit; // 'Valider'
 */
export function widgetStrings(language: HostedLanguage): Translation {
  let found = BY_LANGUAGE.get(language);
  if (!found) BY_LANGUAGE.set(language, (found = complete(language)));
  return found;
}
