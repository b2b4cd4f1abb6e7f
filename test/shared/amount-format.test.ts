// The widget and the hosted page show amounts the same way: widget/format.ts keeps its own
// copy of shared/amount-format.ts (a re-export cost the widget's first load a Lit chunk).
import { describe, expect, it } from 'vitest';
import { formatAmount as shared } from '../../shared/amount-format';
import { formatAmount as widget } from '../../widget/format';

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
  it.each(cases)('%d %s in %s: the widget and the hosted page agree', (amount, currency, tag) => {
    expect(widget(amount, currency, tag)).toBe(shared(amount, currency, tag));
  });
  it('falls back to "<amount> <currency>" when the runtime cannot format', () => {
    expect(shared(12, 'NOPE', 'en')).toBe('12 NOPE');
  });
});
