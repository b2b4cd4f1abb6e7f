/**
 * Where each payment's counted money is kept (worker/payment/money-count.ts): one table beside
 * each object's own, for every kind of payment (sessions: one payment per attempt id; payouts:
 * the payout reference; payment-link payments: the payment's key). Additive: objects written
 * before it gain it on their next construction.
 * @module
 */
import type { AttemptEvent } from '../../shared/status';
import {
  countHeard,
  countedByCurrency,
  type Counted,
  type HeardMoney,
  type MoneyRecord,
} from './money-count';

/** The table, created with the object's schema. */
export const MONEY_SCHEMA = `
CREATE TABLE IF NOT EXISTS money_counted (
  payment_id TEXT NOT NULL, seq INTEGER NOT NULL, currency TEXT NOT NULL, amount NUMERIC NOT NULL,
  refs TEXT NOT NULL, source TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (payment_id, seq)
);
`;

interface MoneyRow {
  payment_id: string;
  seq: number;
  currency: string;
  amount: number;
  refs: string;
}

function recordOf(row: MoneyRow): MoneyRecord {
  return {
    seq: row.seq,
    currency: row.currency,
    amount: Number(row.amount),
    refs: JSON.parse(row.refs) as string[],
  };
}

/** Every payment's records, by payment id (one read for a whole object). */
export function moneyRecords(sql: SqlStorage): Map<string, MoneyRecord[]> {
  const out = new Map<string, MoneyRecord[]>();
  const rows = sql
    .exec<{
      payment_id: string;
      seq: number;
      currency: string;
      amount: number;
      refs: string;
    }>('SELECT payment_id, seq, currency, amount, refs FROM money_counted ORDER BY payment_id, seq')
    .toArray();
  for (const row of rows) {
    const list = out.get(row.payment_id) ?? [];
    list.push(recordOf(row));
    out.set(row.payment_id, list);
  }
  return out;
}

/**
 * Counts one verified report of money on a payment (`source`: callback, status_query) and
 * answers what it added.
 *
 * @example
 * countMoney(sql, 'cs_….1', { amount: 1000, currency: 'KES', refs: ['R1'] }, 'callback').added;
 */
export function countMoney(
  sql: SqlStorage,
  paymentId: string,
  heard: HeardMoney,
  source: string,
): Counted {
  const counted = countHeard(moneyRecords(sql).get(paymentId) ?? [], heard);
  const { record } = counted;
  sql.exec(
    `INSERT INTO money_counted (payment_id, seq, currency, amount, refs, source, at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (payment_id, seq) DO UPDATE SET amount = excluded.amount, refs = excluded.refs,
       source = excluded.source, at = excluded.at`,
    paymentId,
    record.seq,
    record.currency,
    record.amount,
    JSON.stringify(record.refs),
    source,
    Date.now(),
  );
  return counted;
}

/** What a judged report says the upstream kept, with every reference it names
 * (worker/payment/judge.ts `kept`). */
export interface KeptMoney {
  amount: number;
  /** Null: the report named none (the payment's own currency counts). */
  currency: string | null;
  refs: readonly string[];
}

/**
 * The one rule of every kind of payment (attempt, payout or refund, payment-link payment): a
 * verified report that money moved (judged `confirmed_success` or `confirmed_mismatch`,
 * whatever the payment's status) is counted on it, in the currency it named, else
 * `ownCurrency`. Answers what it added, or null when it says no money moved (or names no
 * currency for a payment that has none: a link created elsewhere, until a report says one).
 *
 * @example
 * countReported(sql, 're_…', 'confirmed_mismatch', { amount: 500, currency: 'UGX', refs: ['T1'] }, 'KES', 'callback');
 */
export function countReported(
  sql: SqlStorage,
  paymentId: string,
  event: AttemptEvent,
  kept: KeptMoney | null,
  ownCurrency: string | null,
  source: string,
): Counted | null {
  if (!kept || (event !== 'confirmed_success' && event !== 'confirmed_mismatch')) return null;
  const currency = kept.currency ?? ownCurrency;
  if (currency === null) return null;
  return countMoney(sql, paymentId, { ...kept, currency }, source);
}

/**
 * Writes another object's records of a payment as they are now (a refund's keeper mirrors
 * what its payout's reports counted as paid out, under the refund's id); answers whether they
 * changed.
 */
export function mirrorMoney(
  sql: SqlStorage,
  paymentId: string,
  records: readonly MoneyRecord[],
): boolean {
  const before = JSON.stringify(moneyRecords(sql).get(paymentId) ?? []);
  if (before === JSON.stringify(records)) return false;
  sql.exec('DELETE FROM money_counted WHERE payment_id = ?', paymentId);
  for (const r of records) {
    sql.exec(
      `INSERT INTO money_counted (payment_id, seq, currency, amount, refs, source, at)
       VALUES (?, ?, ?, ?, ?, 'mirror', ?)`,
      paymentId,
      r.seq,
      r.currency,
      r.amount,
      JSON.stringify(r.refs),
      Date.now(),
    );
  }
  return true;
}

/** What a payment's records counted, per currency, as its index row keeps it (JSON; null:
 * none). */
export function countedJson(sql: SqlStorage, paymentId: string): string | null {
  const records = moneyRecords(sql).get(paymentId);
  return records ? JSON.stringify(countedByCurrency(records)) : null;
}
