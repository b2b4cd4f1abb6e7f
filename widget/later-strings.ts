/**
 * The later steps' strings (shared/strings/later/<code>.ts): one chunk per language holding
 * every later step's, fetched once, for the languages in use only, when the first module that
 * needs them runs (the live transport, which every page following a session loads after its
 * first screen, or a later step's chunk). A language registered afterwards (the `locale`
 * attribute changed) gets its own before it is used: {@link loadTranslation} asks for them.
 * @module
 */
import { LANGUAGES, type Language } from '../shared/strings/languages';
import type { LaterStrings } from '../shared/strings/later';
import type { StepStrings } from '../shared/strings/types';
import { fillMissing, registeredLocales, registry } from './localize';
import type { StepChunk } from './steps/chunk';

/** Each language's later strings, a chunk of its own: one entry per code of LANGUAGES, or this
 * fails to compile. */
const CHUNKS: Readonly<Record<Language, () => Promise<LaterStrings>>> = {
  en: () => import('../shared/strings/later/en'),
  fr: () => import('../shared/strings/later/fr'),
  sw: () => import('../shared/strings/later/sw'),
  pt: () => import('../shared/strings/later/pt'),
  ha: () => import('../shared/strings/later/ha'),
  yo: () => import('../shared/strings/later/yo'),
  ig: () => import('../shared/strings/later/ig'),
  rw: () => import('../shared/strings/later/rw'),
  wo: () => import('../shared/strings/later/wo'),
  zu: () => import('../shared/strings/later/zu'),
  ln: () => import('../shared/strings/later/ln'),
  ar: () => import('../shared/strings/later/ar'),
  am: () => import('../shared/strings/later/am'),
};

const loads = new Map<string, Promise<void>>();

/**
 * Adds later `strings` to the translation `code` where it has none of its own (a translation
 * the page registered keeps its wording), and keeps them for one that registers afterwards.
 *
 * @example
 * fillTranslation('fr', { otpHeading: 'Saisissez votre code' });
 */
export function fillTranslation(code: string, strings: StepStrings): void {
  const fills = (registry().fills ??= new Map());
  const earlier = fills.get(code);
  fills.set(code, { ...earlier, ...strings, errors: { ...earlier?.errors, ...strings.errors } });
  const translation = registry().translations.get(code);
  if (translation) fillMissing(translation, strings);
}

/** Loads the later strings of `code` once (nothing for a language without any, such as a page's
 * own); a failed load is forgotten, so a later call tries again. */
function loadLater(code: string): Promise<void> {
  let pending = loads.get(code);
  if (!pending) {
    if (!LANGUAGES.includes(code as Language)) return Promise.resolve();
    pending = CHUNKS[code as Language]().then(
      (strings) => {
        for (const step of Object.values(strings)) fillTranslation(code, step);
      },
      (error: unknown) => {
        loads.delete(code);
        throw error;
      },
    );
    loads.set(code, pending);
  }
  return pending;
}

/**
 * Settles once every registered language has its later strings; from then on a language that
 * loads gets its own before it registers.
 *
 * @example
 * await laterStrings();
 */
export function laterStrings(): Promise<void> {
  registry().later = loadLater;
  return Promise.all(registeredLocales().map(loadLater)).then(() => undefined);
}

/**
 * A later step's chunk once its strings are there (step-chunks.ts waits for it).
 *
 * @example
 * export const chunk = withLaterStrings({ render: renderOtp, status });
 */
export function withLaterStrings(chunk: StepChunk): Promise<StepChunk> {
  return laterStrings().then(() => chunk);
}
