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

/**
 * The language a payer in a country most likely reads a checkout in, then the next likely
 * (ISO 3166-1 alpha-2 → codes): the first of them the strings have is used when neither the
 * page, the session nor the browser names one of ours. The official language used in writing,
 * on receipts and by the operators' own menus comes first, rather than the most spoken at
 * home, because a payer reads it without fail: French in Senegal (then Wolof) and the DRC (then
 * Lingala), English in Nigeria (Hausa, Yoruba and Igbo are each one region's) and South Africa
 * (isiZulu is one of eleven), Kinyarwanda in Rwanda (spoken by nearly everyone, and in MoMo's
 * menus), Swahili in Tanzania, English in Kenya (Swahili next).
 */
export const COUNTRY_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  BF: ['fr'],
  BJ: ['fr'],
  CD: ['fr', 'ln'],
  CI: ['fr'],
  CM: ['fr', 'en'],
  EG: ['ar', 'en'],
  ET: ['am', 'en'],
  GH: ['en'],
  KE: ['en', 'sw'],
  ML: ['fr'],
  MW: ['en'],
  MZ: ['pt'],
  NG: ['en', 'ha', 'yo', 'ig'],
  RW: ['rw', 'en', 'fr'],
  SL: ['en'],
  SN: ['fr', 'wo'],
  TG: ['fr'],
  TZ: ['sw', 'en'],
  UG: ['en', 'sw'],
  ZA: ['en', 'zu'],
  ZM: ['en'],
};

/**
 * The usual language of the countries a checkout offers, when they share one; `null` when they
 * differ, none is known, or the strings have none of its languages.
 *
 * @example
 * usualLanguage(['SN']); // 'fr'
 * usualLanguage(['SN', 'KE']); // null
 */
export function usualLanguage(countries: readonly string[]): Language | null {
  const found = new Set(
    countries.map((iso2) =>
      (COUNTRY_LANGUAGES[iso2.toUpperCase()] ?? []).find((code): code is Language =>
        (LANGUAGES as readonly string[]).includes(code),
      ),
    ),
  );
  const [only] = found;
  return found.size === 1 && only ? only : null;
}
