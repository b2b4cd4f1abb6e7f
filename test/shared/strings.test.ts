// The completeness check of the payer-facing strings (shared/strings/), for every language of
// LANGUAGES: a language added there is checked here without a line more. The compiler already
// refuses a table missing a language or a key; this checks what types cannot: no empty
// sentence, lists as long as English's, each function saying what it is given, the hosted
// page's placeholders kept, and in a right-to-left language the values left to right.
import { describe, expect, it } from 'vitest';
import { COUNTRY_LANGUAGES, LANGUAGES, usualLanguage } from '../../shared/strings/languages';
import { HOSTED_STRINGS } from '../../shared/strings/hosted';
import type { Translation } from '../../shared/strings/types';
import { widgetStrings } from '../../worker/hosted/widget-strings';
import { pickLocale } from '../../worker/hosted/locale';

const LRI = '\u2066';
const PDI = '\u2069';

/** Every leaf of a translation, by its path (`errors.NETWORK`, `approveSteps`). */
function leaves(value: object, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, leaf]) =>
    leaf && typeof leaf === 'object' && !Array.isArray(leaf)
      ? leaves(leaf, `${prefix}${key}.`)
      : [[`${prefix}${key}`, leaf] as [string, unknown]],
  );
}

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

const english = leaves(widgetStrings('en'));

describe.each(LANGUAGES.map((code) => [code]))('%s', (code) => {
  const t = widgetStrings(code);

  it('has every string English has, none empty, named in itself', () => {
    const own = new Map(leaves(t));
    for (const [path, source] of english) {
      const mine = own.get(path);
      if (path === 'approveNoData' || path === 'offline') continue; // optional, but ours have them
      expect(typeof mine, `${code}: ${path}`).toBe(typeof source);
      if (typeof mine === 'string') expect(mine.trim(), `${code}: ${path}`).not.toBe('');
      if (Array.isArray(source)) expect(mine, `${code}: ${path}`).toHaveLength(source.length);
    }
    expect(t.$code).toBe(code);
    expect(t.$name.trim()).not.toBe('');
    expect(['ltr', 'rtl']).toContain(t.$dir);
  });

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

  it("has the hosted page's every sentence, with English's placeholders", () => {
    const mine = HOSTED_STRINGS[code];
    for (const [key, source] of Object.entries(HOSTED_STRINGS.en)) {
      const text = mine[key as keyof typeof mine];
      expect(text.trim(), `${code}: ${key}`).not.toBe('');
      const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(holes(text), `${code}: ${key}`).toEqual(holes(source));
    }
  });
});

describe('the language of a hosted page', () => {
  it('is ?locale=, then Accept-Language, then the countries’ usual language, then English', () => {
    expect(pickLocale('fr-CI', 'sw', ['KE']).tag).toBe('fr-CI');
    expect(pickLocale('xx', 'sw-KE,en;q=0.5', ['SN']).tag).toBe('sw-KE');
    expect(pickLocale(undefined, 'de-DE', ['SN', 'CI'])).toEqual({ language: 'fr', tag: 'fr' });
    expect(pickLocale(undefined, 'de-DE', ['SN', 'KE']).language).toBe('en');
    expect(pickLocale(undefined, undefined, ['TZ']).language).toBe('sw');
  });

  it('falls back along a country’s languages to one the strings have', () => {
    for (const [country, codes] of Object.entries(COUNTRY_LANGUAGES)) {
      const first = codes.find((c) => (LANGUAGES as readonly string[]).includes(c)) ?? null;
      expect(usualLanguage([country]), country).toBe(first);
    }
    expect(usualLanguage(['zz'])).toBeNull();
  });
});
