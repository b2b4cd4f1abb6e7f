/**
 * The refund budget of a payment-link payment: the one budget every payment shares
 * (worker/session/refund-budget.ts), read for a link payment. Every use of that budget by link
 * payments is here, so the budget's inputs can change in one place. A link payment counts what
 * its reports counted (worker/payment/money-count.ts): every verified report of money, per
 * currency, whatever its status (reported paid twice, or more later: all of it; in another
 * currency: refundable only in that one). A payment settled before records were kept counts
 * what its settling report said, in the currency it said (one whose reports never named a
 * currency, on a link created elsewhere, is not refundable here).
 * @module
 */
import { fail, type Outcome } from '../durable/outcome';
import type { MoneyRecord } from '../payment/money-count';
import { amountOf } from '../payment/judge';
import { countedByCurrency } from '../payment/money-count';
import { budgetRefund, decideRefund, type BudgetPayment } from '../session/refund-budget';
import type { RefundRow } from '../session/refund-store';
import type { LinkPaymentRow } from './store';

/** What a link refund asks of the budget. */
export interface LinkRefundAsk {
  amount?: number | undefined;
  /** By default, the link's currency (else the one the payment was recorded in). */
  currency?: string | undefined;
}

/** A link payment as the budget reads it: one payment, paid what its records counted (before
 * records were kept: what its settling report said, while it is `succeeded` or `mismatch`). */
function budgetPayment(payment: LinkPaymentRow, records: readonly MoneyRecord[] | undefined) {
  const counted = records
    ? countedByCurrency(records)
    : (payment.status === 'succeeded' || payment.status === 'mismatch') &&
        payment.currency !== null &&
        amountOf(payment.amount) !== null
      ? { [payment.currency]: amountOf(payment.amount)! }
      : {};
  const out: BudgetPayment = { id: payment.key, n: 1, counted };
  return out;
}

/**
 * Decides a new refund of a link payment (`amount`: by default, what is left; `currency`: by
 * default `ownCurrency`, the link's): NOT_PAID when no money was counted on it;
 * CURRENCY_MISMATCH when it was counted only in another currency (details: that amount and
 * currency); REFUND_EXCEEDS_PAID when it would pass what is left. `money`: the shard's
 * records, by payment and by refund id (worker/payment/money-store.ts).
 *
 * @example
 * decideLinkRefund({}, { key: 'SBX-1', status: 'succeeded', … }, 'KES', records, []);
 * // { ok: true, value: { amount: 1500, currency: 'KES' } }
 */
export function decideLinkRefund(
  ask: LinkRefundAsk,
  payment: LinkPaymentRow,
  ownCurrency: string | null,
  money: ReadonlyMap<string, MoneyRecord[]>,
  refunds: readonly RefundRow[],
): Outcome<{ amount: number; currency: string }> {
  const notPaid = fail<{ amount: number; currency: string }>(
    'NOT_PAID',
    'This payment-link payment has no money counted to refund.',
    { status: payment.status },
  );
  const paid = budgetPayment(payment, money.get(payment.key));
  const currency = ask.currency ?? ownCurrency ?? Object.keys(paid.counted)[0];
  // A link created elsewhere whose reports never named a currency: what was paid is not known
  // well enough to pay it back (never in a currency nobody reported).
  if (currency === undefined) {
    if (amountOf(payment.amount) === null) return notPaid;
    return fail('NOT_PAID', 'No report of this payment named the currency it was paid in.', {
      status: payment.status,
      amount: amountOf(payment.amount),
      currency: null,
    });
  }
  const decided = decideRefund(
    { amount: ask.amount, payment: payment.key, currency },
    [paid],
    refunds
      .filter((r) => r.attempt_id === payment.key)
      .map((r) => budgetRefund(r, money.get(r.id))),
    currency,
  );
  if (!decided.ok) return decided.body.error.code === 'NOT_PAID' ? notPaid : decided;
  return { ok: true, value: { amount: decided.value.amount, currency: decided.value.currency } };
}
