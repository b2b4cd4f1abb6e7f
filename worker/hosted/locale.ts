/**
 * The hosted page's language: `?locale=` when it names one the widget speaks (the page's
 * language menu sets it), else the session's `locale` (the merchant's), else the first such
 * language of `Accept-Language` (by its q-values), else the usual language of the session's
 * countries (shared/strings/languages.ts), else English.
 * @module
 */
import { LANGUAGES, usualLanguage, type Language } from '../../shared/strings/languages';

/** The languages of the widget and of the hosted page (shared/strings/languages.ts). */
export const HOSTED_LANGUAGES = LANGUAGES;

/** One of {@link HOSTED_LANGUAGES}. */
export type HostedLanguage = Language;

/** The chosen language and the tag handed to the widget (a region is kept for number formats). */
export interface HostedLocale {
  language: HostedLanguage;
  /** e.g. `fr-CI`; only letters, digits and `-`, so it is safe anywhere in the page. */
  tag: string;
}

const TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/** The locale a tag names, or null when its language is not one of ours. */
function fromTag(tag: string): HostedLocale | null {
  const trimmed = tag.trim();
  if (!TAG.test(trimmed)) return null;
  const language = trimmed.split('-')[0]!.toLowerCase();
  return (HOSTED_LANGUAGES as readonly string[]).includes(language)
    ? { language: language as HostedLanguage, tag: trimmed }
    : null;
}

/**
 * Picks the page's locale.
 *
 * @example
 * pickLocale(undefined, 'sw-KE,sw;q=0.9,en;q=0.8'); // { language: 'sw', tag: 'sw-KE' }
 * pickLocale('pt', 'fr'); // { language: 'pt', tag: 'pt' }
 * pickLocale('de', 'de-DE'); // { language: 'en', tag: 'en' }
 * pickLocale(undefined, 'de-DE', { countries: ['SN'] }); // { language: 'fr', tag: 'fr' }
 * pickLocale(undefined, 'en', { locale: 'sw-TZ' }); // { language: 'sw', tag: 'sw-TZ' }
 */
export function pickLocale(
  query: string | undefined,
  acceptLanguage: string | undefined,
  session: { locale?: string | null; countries?: readonly string[] } = {},
): HostedLocale {
  const asked =
    (query ? fromTag(query) : null) ?? (session.locale ? fromTag(session.locale) : null);
  if (asked) return asked;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([01](\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const found = fromTag(tag);
    if (found) return found;
  }
  const usual = usualLanguage(session.countries ?? []) ?? 'en';
  return { language: usual, tag: usual };
}
