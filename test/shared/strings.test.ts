// The payer-facing strings as one language's whole translation (its first screens and every
// step joined, as the hosted page and the widget use them), for every language of LANGUAGES: in
// a right-to-left language each function keeps the values it is given left to right (a
// left-to-right isolate around them). Table-by-table completeness against English is
// strings-completeness.test.ts. Then how the hosted page picks its language.
import { describe, expect, it } from 'vitest';
import { COUNTRY_LANGUAGES, LANGUAGES, usualLanguage } from '../../shared/strings/languages';
import type { Translation } from '../../shared/strings/types';
import { widgetStrings } from '../../worker/hosted/widget-strings';
import { pickLocale } from '../../worker/hosted/locale';

const LRI = '\u2066';
const PDI = '\u2069';

/** Arguments a function of the strings gets: formatted values, or a method kind, or a count. */
const ARGUMENTS: Partial<Record<keyof Translation, unknown[]>> = {
  phoneUse: ['+254 712 345 678', 'phone_prompt'],
  phoneHint: ['254', 9],
  phoneInvalid: [9],
  fixFields: [3],
  triesLeft: [3],
};

/** Functions given words of the language itself (a field's label), not a left-to-right value. */
const IN_LANGUAGE = ['copy', 'copied'];

describe.each(LANGUAGES.map((code) => [code]))('%s', (code) => {
  const t = widgetStrings(code);

  it('says what each function is given (left to right in a right-to-left language)', () => {
    for (const [key, fn] of Object.entries(t)) {
      if (typeof fn !== 'function') continue;
      const args = ARGUMENTS[key as keyof Translation] ?? ['«a1»', '«a2»'].slice(0, fn.length);
      const text: unknown = (fn as (...a: unknown[]) => unknown)(...args);
      expect(typeof text, `${code}: ${key}`).toBe('string');
      for (const [i, arg] of args.entries()) {
        // A method kind picks the wording; it is not shown.
        if (key === 'phoneUse' && i === 1) continue;
        expect(text, `${code}: ${key} shows ${String(arg)}`).toContain(String(arg));
        // Right to left: a value sits inside a left-to-right isolate (`\u2066+254\u2069`).
        if (t.$dir === 'rtl' && typeof arg === 'string' && !IN_LANGUAGE.includes(key)) {
          const isolated = (text as string)
            .split(LRI)
            .slice(1)
            .some((island) => island.split(PDI)[0]!.includes(arg));
          expect(isolated, `${code}: ${key} keeps ${arg} left to right`).toBe(true);
        }
      }
    }
  });
});

describe('the language of a hosted page', () => {
  it('is ?locale=, the session’s, Accept-Language, the countries’ usual one, English', () => {
    const senegal = { countries: ['SN'] };
    expect(pickLocale('fr-CI', 'sw', { locale: 'pt', countries: ['KE'] }).tag).toBe('fr-CI');
    expect(pickLocale(undefined, 'sw', { locale: 'pt-MZ', ...senegal }).tag).toBe('pt-MZ');
    expect(pickLocale('xx', 'sw-KE,en;q=0.5', { locale: 'de', ...senegal }).tag).toBe('sw-KE');
    expect(pickLocale(undefined, 'de-DE', { countries: ['SN', 'CI'] })).toEqual({
      language: 'fr',
      tag: 'fr',
    });
    expect(pickLocale(undefined, 'de-DE', { countries: ['SN', 'KE'] }).language).toBe('en');
    expect(pickLocale(undefined, undefined, { countries: ['TZ'] }).language).toBe('sw');
  });

  it('falls back along a country’s languages to one the strings have', () => {
    for (const [country, codes] of Object.entries(COUNTRY_LANGUAGES)) {
      const first = codes.find((c) => (LANGUAGES as readonly string[]).includes(c)) ?? null;
      expect(usualLanguage([country]), country).toBe(first);
    }
    expect(usualLanguage(['zz'])).toBeNull();
  });
});
