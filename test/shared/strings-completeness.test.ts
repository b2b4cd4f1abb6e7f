// Every language of shared/strings/ against English, table by table (a key one step table lacks
// cannot hide behind another's, as in the joined translation test/shared/strings.test.ts
// checks): no empty, padded or untranslated sentence, every argument and placeholder kept,
// Arabic alone right to left, and the payer's USSD help in every language.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../shared/strings/languages';
import type { FirstStrings } from '../../shared/strings/first';
import { HOSTED_STRINGS } from '../../shared/strings/hosted';
import { GENERIC_STEPS, USSD_STEPS } from '../../shared/payer-instructions';
import approve from '../../shared/strings/steps/approve';
import attempt from '../../shared/strings/steps/attempt';
import offline from '../../shared/strings/steps/offline';
import otp from '../../shared/strings/steps/otp';
import outcome from '../../shared/strings/steps/outcome';
import redirect from '../../shared/strings/steps/redirect';
import transfer from '../../shared/strings/steps/transfer';
import wait from '../../shared/strings/steps/wait';

/** Each language's own file, as the widget loads it. */
const FIRST = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (code) => {
      const file = (await import(`../../shared/strings/${code}.ts`)) as { default: FirstStrings };
      return [code, file.default] as const;
    }),
  ),
) as Record<Language, FirstStrings>;

const TABLES: Record<string, Readonly<Record<Language, object>>> = {
  first: FIRST,
  approve,
  attempt,
  offline,
  otp,
  outcome,
  redirect,
  transfer,
  wait,
  hosted: HOSTED_STRINGS,
};

/** Each function's arguments: marked text, numbers from 3 up (a plural may spell 1 and 2). */
const ARGS: Record<string, unknown[][]> = {
  phoneUse: [
    ['⟦mobile⟧', 'phone_prompt'],
    ['⟦mobile⟧', 'otp_operator'],
    ['⟦mobile⟧', 'redirect_wallet'],
  ],
  phoneHint: [['⟦dial⟧', 97]],
  phoneInvalid: [[97]],
  fixFields: [[3], [11], [97]],
  triesLeft: [[3], [11], [97]],
  approveSent: [['⟦amount⟧', '⟦mobile⟧']],
};
const DEFAULT_ARGS = [['⟦value⟧']];

/** The strings a value stands for: itself, an array's items, a function's results. */
function flatten(value: unknown, key: string, path: string): [string, string, unknown[]][] {
  if (typeof value === 'string') return [[path, value, []]];
  if (typeof value === 'function') {
    return (ARGS[key] ?? DEFAULT_ARGS).map((args) => [
      `${path}(${args.join(', ')})`,
      (value as (...a: unknown[]) => string)(...args),
      args,
    ]);
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => flatten(item, key, `${path}.${i}`));
  return Object.entries(value as object).flatMap(([k, v]) => flatten(v, k, `${path}.${k}`));
}

const others = LANGUAGES.filter((code) => code !== 'en');

describe('every language against English', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: the same strings, none empty, placeholders kept`, () => {
      const english = new Map(
        flatten(table.en, '', name)
          .filter(([path]) => !/\.\$/.test(path))
          .map(([path, text, args]) => [path, { text, args }]),
      );
      for (const code of others) {
        const theirs = flatten(table[code], '', name).filter(([path]) => !/\.\$/.test(path));
        expect(theirs.map(([path]) => path).sort(), code).toEqual([...english.keys()].sort());
        for (const [path, text, args] of theirs) {
          const where = `${code} ${path}`;
          expect(text.trim(), where).not.toBe('');
          expect(text, where).toBe(text.trim());
          // Every argument shows (a copy's label may be lower-cased, a number written out).
          for (const arg of args) {
            if (typeof arg === 'number' || String(arg).startsWith('⟦')) {
              expect(text.toLowerCase(), where).toContain(String(arg).toLowerCase());
            }
          }
          // The hosted page's {brand}, {seconds} and {amount}, where English has them.
          for (const slot of english.get(path)!.text.match(/\{\w+\}/g) ?? []) {
            expect(text, where).toContain(slot);
          }
          // A sentence of three words or more left in English is untranslated.
          const source = english.get(path)!.text;
          if (source.split(' ').length >= 3) expect(text, where).not.toBe(source);
        }
      }
    });
  }

  it("each file's $code is its own, Arabic alone right to left, a name of its own", () => {
    for (const code of LANGUAGES) {
      expect(FIRST[code].$code).toBe(code);
      expect(FIRST[code].$dir, code).toBe(code === 'ar' ? 'rtl' : 'ltr');
      if (code !== 'en') expect(FIRST[code].$name, code).not.toBe(FIRST.en.$name);
    }
    expect(FIRST.ar.$name).toBe('العربية');
    expect(FIRST.am.$name).toBe('አማርኛ');
  });

  it("the payer's USSD help is in every language, with its dial code", () => {
    for (const code of others) {
      expect(GENERIC_STEPS[code], code).not.toBe(GENERIC_STEPS.en);
      for (const [operator, texts] of Object.entries(USSD_STEPS)) {
        const dial = /\*[\d*]+#/.exec(texts.en)![0];
        expect(texts[code], `${code} ${operator}`).toContain(dial);
        expect(texts[code], `${code} ${operator}`).not.toBe(texts.en);
      }
    }
  });
});
