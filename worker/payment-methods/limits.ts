/**
 * Per-method amount limits (`METHOD_LIMITS`; docs/payment-methods.md, "Limits"): the smallest
 * and largest amount each method takes, in whole units of its country's currency. Session
 * creation refuses an amount no offered method takes; the view carries each method's range so
 * the widget greys out a method that cannot take the amount.
 * @module
 */
import { COUNTRIES } from '../../shared/countries';
import { setting } from '../env-vars';

/** A method's amount range; a missing bound is no limit. */
export interface AmountRange {
  readonly min?: number;
  readonly max?: number;
}

/** Ranges by catalogue slot id (shared/countries.ts). */
export type MethodLimits = Readonly<Record<string, AmountRange>>;

/**
 * The defaults: only ranges a public source documents.
 * - `ke-send-money` (M-PESA, Kenya): KES 1 to 250,000 per transaction. Source: Safaricom,
 *   "M-PESA Tariffs" (transaction limits; the maximum rose from 150,000 to 250,000 in
 *   January 2023 with the Central Bank of Kenya's approval).
 */
export const DEFAULT_METHOD_LIMITS: MethodLimits = {
  'ke-send-money': { min: 1, max: 250_000 },
};

const SLOTS = new Set(COUNTRIES.flatMap((country) => country.methods.map((m) => m.slot)));

const bound = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The limits in force: the defaults with `METHOD_LIMITS` (JSON, `{"<slot>": {"min"?, "max"?}}`;
 * `null` drops a default) over them. Each malformed entry is one problem.
 *
 * @example
 * methodLimitsSetting.parse('{"ug-operator-1": {"max": 5000000}}')['ug-operator-1']; // { max: 5000000 }
 */
export const methodLimitsSetting = setting((raw, report): MethodLimits => {
  const limits: Record<string, AmountRange> = { ...DEFAULT_METHOD_LIMITS };
  if (raw === undefined || raw === '') return limits;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    report('METHOD_LIMITS must be JSON: {"<slot>": {"min": n, "max": n}}');
    return limits;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    report('METHOD_LIMITS must be a JSON object of ranges by slot id');
    return limits;
  }
  for (const [slot, range] of Object.entries(parsed)) {
    if (!SLOTS.has(slot)) {
      report(`METHOD_LIMITS names an unknown slot "${slot}"`);
    } else if (range === null) {
      delete limits[slot];
    } else if (
      typeof range !== 'object' ||
      Object.keys(range).some((key) => key !== 'min' && key !== 'max') ||
      ('min' in range && !bound(range.min)) ||
      ('max' in range && !bound(range.max)) ||
      (bound((range as AmountRange).min) &&
        bound((range as AmountRange).max) &&
        (range as AmountRange).min! > (range as AmountRange).max!)
    ) {
      report(
        `METHOD_LIMITS.${slot} must be {"min"?, "max"?} with whole amounts above 0, min ≤ max`,
      );
    } else {
      limits[slot] = range as AmountRange;
    }
  }
  return limits;
});

/**
 * True when `amount` is within `range` (no range: any amount).
 *
 * @example
 * inRange({ max: 250000 }, 300000); // false
 */
export function inRange(range: AmountRange | undefined, amount: number): boolean {
  return !range || ((range.min ?? 0) <= amount && amount <= (range.max ?? Infinity));
}

/**
 * A range as people read it, with its currency.
 *
 * @example
 * rangeText({ min: 1, max: 250000 }, 'KES'); // '1 to 250,000 KES'
 */
export function rangeText(range: AmountRange, currency: string): string {
  const n = (value: number) => value.toLocaleString('en-US');
  if (range.min !== undefined && range.max !== undefined) {
    return `${n(range.min)} to ${n(range.max)} ${currency}`;
  }
  if (range.max !== undefined) return `up to ${n(range.max)} ${currency}`;
  return `from ${n(range.min ?? 0)} ${currency}`;
}
