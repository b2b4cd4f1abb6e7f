/**
 * Which of the widget's languages a page wants. Shared by the element and the classic loader
 * (widget.js), which starts fetching that language's chunk beside the module.
 * @module
 */
import { LANGUAGES } from '../shared/strings/languages';

/**
 * The languages the widget speaks (shared/strings/languages.ts); each ships as a chunk of its
 * own (shared/strings/<code>.ts), loaded when a page needs it.
 *
 * @example
 * SUPPORTED_LOCALES.includes('sw'); // true
 */
export const SUPPORTED_LOCALES: readonly string[] = LANGUAGES;

/**
 * The first of the `supported` languages among the requested tag and the browser's, or `en`.
 * (The element passes its loaders' codes, widget/localize.ts, rather than this module's list:
 * one list of the languages in its first load instead of two.)
 *
 * @example
 * wantedLanguage('', ['pt-BR', 'en'], SUPPORTED_LOCALES); // 'pt'
 */
export function wantedLanguage(
  requested: string,
  browser: readonly string[],
  supported: readonly string[],
): string {
  for (const tag of [requested, ...browser]) {
    const language = tag.toLowerCase().split('-')[0] ?? '';
    if (supported.includes(language)) return language;
  }
  return 'en';
}

/**
 * What the widget says when it cannot load its code or any language (it has no translation
 * then): the classic loader's message, and the element's when no language chunk arrives.
 */
export const UNLOADABLE =
  'The checkout could not be loaded. Check your connection and reload the page.';
