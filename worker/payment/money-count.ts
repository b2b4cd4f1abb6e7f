/**
 * Money heard is money counted (docs/money-rules.md, "Money counted"), pure: every verified
 * report that money moved (a success, overpaid, a mismatch, a second success, a success after a
 * failure) is counted on its payment as an amount in a currency, for every kind of payment
 * (checkout attempt, payout, payment-link payment). The refund budget and the settlement report
 * read these records, never the payment's own terms.
 *
 * One record is one movement of money the upstream reported: reports naming a reference in
 * common, in one currency, are the same movement reported again (the largest amount counts:
 * a later report of more money on the same transaction grows it); a report whose references
 * are all new is another movement (a second payment). A report naming no reference adds to the
 * movement already counted in its currency.
 * @module
 */

/** One movement of money counted on a payment. */
export interface MoneyRecord {
  /** Its order among the payment's records, from 1. */
  seq: number;
  /** The currency the upstream reported (upper case). */
  currency: string;
  /** What the upstream kept, in whole units of `currency`: the largest amount reported. */
  amount: number;
  /** Every upstream reference the reports of this movement named. */
  refs: string[];
}

/** What one verified report says the upstream kept. */
export interface HeardMoney {
  amount: number;
  currency: string;
  /** Every upstream reference the report names (any role). */
  refs: readonly string[];
}

/** A report, counted. */
export interface Counted {
  /** The record after the report (new, or grown, or as it was). */
  record: MoneyRecord;
  /** What the report added to what was counted (0: a repeat of money already counted). */
  added: number;
  /** True when the report is another report of a movement already counted (not a new one). */
  repeat: boolean;
}

/** The record `heard` belongs to, if it is already counted. */
function sameMovement(records: readonly MoneyRecord[], heard: HeardMoney): MoneyRecord | undefined {
  const inCurrency = records.filter((r) => r.currency === heard.currency);
  if (heard.refs.length === 0) return inCurrency[0];
  return inCurrency.find((r) => r.refs.length === 0 || r.refs.some((x) => heard.refs.includes(x)));
}

/**
 * Counts one report against a payment's records: answers the record it lands in and what it
 * added.
 *
 * @example
 * countHeard([], { amount: 1000, currency: 'KES', refs: ['R1'] });
 * // { record: { seq: 1, currency: 'KES', amount: 1000, refs: ['R1'] }, added: 1000, repeat: false }
 * countHeard([that.record], { amount: 1200, currency: 'KES', refs: ['R1'] }).added; // 200
 */
export function countHeard(records: readonly MoneyRecord[], heard: HeardMoney): Counted {
  const currency = heard.currency.toUpperCase();
  const amount = Math.max(0, heard.amount);
  const found = sameMovement(records, { ...heard, currency });
  if (!found) {
    const seq = records.reduce((max, r) => Math.max(max, r.seq), 0) + 1;
    return {
      record: { seq, currency, amount, refs: [...new Set(heard.refs)] },
      added: amount,
      repeat: false,
    };
  }
  const record = {
    ...found,
    amount: Math.max(found.amount, amount),
    refs: [...new Set([...found.refs, ...heard.refs])],
  };
  return { record, added: record.amount - found.amount, repeat: true };
}

/** What a payment's records counted, per currency. */
export type CountedByCurrency = Readonly<Record<string, number>>;

/**
 * Sums records per currency.
 *
 * @example
 * countedByCurrency([{ seq: 1, currency: 'KES', amount: 1000, refs: [] }]); // { KES: 1000 }
 */
export function countedByCurrency(records: readonly Pick<MoneyRecord, 'currency' | 'amount'>[]) {
  const out: Record<string, number> = {};
  for (const r of records) out[r.currency] = (out[r.currency] ?? 0) + r.amount;
  return out as CountedByCurrency;
}
