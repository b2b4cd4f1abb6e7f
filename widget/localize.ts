/**
 * The widget's translations, Shoelace/Web Awesome style: a registry of {@link Translation}
 * objects by language code. The strings themselves are plain data in shared/strings/ (its
 * types.ts says how they are laid out): each language's first screens are a chunk of their own,
 * loaded here ({@link loadTranslation}) and registered; the later steps' strings, one chunk
 * per language too, join the languages in use once a later step needs them (later-strings.ts). The
 * registry lives on `globalThis` so a translation loaded by a separate `<script>` reaches every
 * copy of the widget on the page.
 * @module
 */
import { LANGUAGES, type Language } from '../shared/strings/languages';
import type { FirstStrings } from '../shared/strings/first';
import type { StepStrings, Translation } from '../shared/strings/types';

export type {
  ExplainedError,
  PromptLimitError,
  SameStrings,
  StepStrings,
  Translation,
} from '../shared/strings/types';

interface Registry {
  translations: Map<string, Translation>;
  loading: Map<string, Promise<void>>;
  /** The later steps' strings by language code, for translations registered after them. */
  fills?: Map<string, StepStrings>;
  /** Loads a language's later strings, once a module that needs them has run (later-strings.ts). */
  later?: (code: string) => Promise<void>;
}

const registryKey = Symbol.for('unified-checkout.translations');

/** The registry shared by every copy of the widget on the page. */
export function registry(): Registry {
  const scope = globalThis as typeof globalThis & { [registryKey]?: Registry };
  return (scope[registryKey] ??= { translations: new Map(), loading: new Map() });
}

/**
 * Registers translations (a later one for the same code replaces the earlier): a copy of each,
 * which the later steps' strings already loaded (later-strings.ts) complete where it lacks a
 * key. The object passed in is left as it is.
 *
 * @example
 * registerTranslation({ ...myStrings, $code: 'fr' });
 */
export function registerTranslation(...translations: Translation[]): void {
  for (const t of translations) {
    const code = t.$code.toLowerCase();
    const own: Translation = { ...t, errors: { ...t.errors } };
    registry().translations.set(code, own);
    fillMissing(own, registry().fills?.get(code) ?? {});
  }
}

/** Copies into `translation` the `strings` (and error messages) whose keys it lacks. */
export function fillMissing(translation: Translation, strings: StepStrings): void {
  for (const [key, value] of Object.entries(strings)) {
    if (!(key in translation)) Object.assign(translation, { [key]: value });
  }
  translation.errors = { ...strings.errors, ...translation.errors };
}

/**
 * The codes of the registered translations.
 *
 * @example
 * registeredLocales(); // e.g. ['fr', 'en']: the languages loaded so far
 */
export function registeredLocales(): string[] {
  return [...registry().translations.keys()];
}

/**
 * Each language's first screens, a chunk beside the module (the classic loader starts the
 * page's): one entry per code of shared/strings/languages.ts, or this fails to compile.
 */
const CHUNKS: Readonly<Record<Language, () => Promise<{ default: FirstStrings }>>> = {
  en: () => import('../shared/strings/en'),
  fr: () => import('../shared/strings/fr'),
  sw: () => import('../shared/strings/sw'),
  pt: () => import('../shared/strings/pt'),
  ha: () => import('../shared/strings/ha'),
  yo: () => import('../shared/strings/yo'),
  ig: () => import('../shared/strings/ig'),
  rw: () => import('../shared/strings/rw'),
  wo: () => import('../shared/strings/wo'),
  zu: () => import('../shared/strings/zu'),
  ln: () => import('../shared/strings/ln'),
  ar: () => import('../shared/strings/ar'),
  am: () => import('../shared/strings/am'),
};

/**
 * The codes of the languages that have a chunk (every code of shared/strings/languages.ts).
 *
 * @example
 * loadableLanguages().includes('ar'); // true
 */
export function loadableLanguages(): readonly string[] {
  return LANGUAGES;
}

/** Set by the widget build (vite.config.ts): the hash in every language chunk's name. */
declare const __UC_LANGUAGES_HASH__: string | undefined;

/** A language's chunk: built, named from its code (one list of languages in the entry rather
 * than one loader each); from source (tests, a bundler of the package), its module. */
function languageChunk(code: Language): Promise<{ default: FirstStrings }> {
  return typeof __UC_LANGUAGES_HASH__ == 'string'
    ? import(/* @vite-ignore */ `./widget/${code}-${__UC_LANGUAGES_HASH__}.js`)
    : CHUNKS[code]();
}

/**
 * Loads the translation chunk of `code` once and registers it (with its later steps' strings
 * once a later step is in use: later-strings.ts), with `import()` beside the
 * module that asks, so from the origin that served the widget: a strict CSP allowing that
 * origin in `script-src` is enough. Resolves at once when the translation is already
 * registered; rejects (once, without retrying) when there is no such chunk or it cannot be
 * loaded (the element then asks for English).
 *
 * @example
 * await loadTranslation('fr');
 */
export function loadTranslation(code: string): Promise<void> {
  const { translations, loading } = registry();
  if (translations.has(code)) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    pending = LANGUAGES.includes(code as Language)
      ? // Once a later step is in use, registered with its later strings, or it would lack them.
        Promise.all([languageChunk(code as Language), registry().later?.(code)]).then(([m]) =>
          registerTranslation(m.default as Translation),
        )
      : Promise.reject(new Error(`unified-checkout: no ${code} translation`));
    loading.set(code, pending);
  }
  return pending;
}

/** A resolved locale: the translation to use and the full tag for number formatting. */
export interface ResolvedLocale {
  translation: Translation;
  /** The requested tag when its language matched (e.g. `fr-CI`), else the translation's code. */
  tag: string;
}

/**
 * Picks the registered translation for an explicit `locale` attribute, else for the first
 * browser language that has one, else English; `null` while none of them has loaded.
 *
 * @example
 * resolveLocale('fr-CI', ['en-US'])?.translation.$code; // 'fr' once fr has loaded
 * resolveLocale('', ['sw-KE', 'en'])?.tag; // 'sw-KE' once sw has loaded
 */
export function resolveLocale(
  requested: string,
  browser: readonly string[],
): ResolvedLocale | null {
  const { translations } = registry();
  for (const tag of [requested, ...browser]) {
    if (!tag) continue;
    const lower = tag.toLowerCase();
    const found = translations.get(lower) ?? translations.get(lower.split('-')[0] ?? '');
    if (found) return { translation: found, tag };
  }
  const en = translations.get('en');
  return en ? { translation: en, tag: 'en' } : null;
}
