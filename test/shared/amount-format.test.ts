// The widget and the hosted page show amounts the same way: one formatAmount
// (shared/amount-format.ts), which the widget imports where it shows an amount.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../shared/amount-format';

/** The widget's TypeScript sources, relative to the repository. */
function widgetSources(dir = 'widget'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return widgetSources(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

describe('formatAmount', () => {
  const cases: [number, string, string][] = [
    [1500, 'KES', 'en'],
    [25000, 'XOF', 'fr'],
    [125000000, 'NGN', 'en-NG'],
    [3100, 'XOF', 'fr-SN'],
    [700, 'TZS', 'sw'],
    [990, 'ZAR', 'pt'],
    [12, 'NOPE', 'en'],
    [12, 'KES', 'not a locale!'],
  ];
  it.each(cases)('%d %s in %s: whole units, as Intl formats them', (amount, currency, tag) => {
    const whole = { minimumFractionDigits: 0, maximumFractionDigits: 0 };
    let expected = `${amount} ${currency}`; // when Intl cannot format it
    try {
      expected = new Intl.NumberFormat(tag, { style: 'currency', currency, ...whole }).format(
        amount,
      );
    } catch {}
    expect(formatAmount(amount, currency, tag)).toBe(expected);
  });
  it('falls back to "<amount> <currency>" when the runtime cannot format', () => {
    expect(formatAmount(12, 'NOPE', 'en')).toBe('12 NOPE');
  });
  it('is the only one: the widget keeps no copy of its own, and imports this one', () => {
    const sources = widgetSources().map((file) => [file, readFileSync(file, 'utf8')] as const);
    const copies = sources.filter(([, code]) => /function formatAmount\b/.test(code));
    expect(copies.map(([file]) => file)).toEqual([]);
    const users = sources.filter(([, code]) => /\bformatAmount\(/.test(code));
    expect(users.length).toBeGreaterThan(0);
    for (const [file, code] of users) {
      expect(code, file).toMatch(
        /import \{[^}]*\bformatAmount\b[^}]*\} from '[./]+shared\/amount-format'/,
      );
    }
  });
});
