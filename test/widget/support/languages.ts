/**
 * Languages loaded before a test mounts the element: the strings are plain data
 * (shared/strings/), which the widget's registry loads and registers (widget/localize.ts).
 */
import { loadTranslation, resolveLocale, type Translation } from '../../../widget/localize';

/**
 * Loads and registers the languages `codes`; their registered translations, in that order
 * (the objects the element will use, completed as step chunks load).
 *
 * @example
 * const [fr, sw] = await registered('fr', 'sw');
 */
export async function registered(...codes: string[]): Promise<Translation[]> {
  await Promise.all(codes.map((code) => loadTranslation(code)));
  return codes.map((code) => resolveLocale(code, [])!.translation);
}
