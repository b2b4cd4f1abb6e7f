/**
 * The refund budget (docs/refunds.md, "The budget"), pure and the same for every kind of
 * payment: what each payment's records counted per currency (worker/payment/money-count.ts),
 * what its refunds hold per currency, and whether a new refund fits. Its owner (a checkout
 * session) decides with these in one synchronous step, so concurrent requests can never pass
 * what was paid (worker/session/refunds.ts).
 * @module
 */
import type { MethodKind } from '../../shared/method-kinds';
import type { AttemptStatus } from '../../shared/status';
import { fail, type Outcome } from '../durable/outcome';
import {
  countedByCurrency,
  type CountedByCurrency,
  type MoneyRecord,
} from '../payment/money-count';

/**
 * Method kinds whose payer can be paid back by a payout to the phone that paid (the operator's
 * payout method). The others (bank EFT, bank-ID, virtual account, redirect wallets) have no
 * payout destination we know: their refunds need `destination`.
 */
export const PAYOUT_DESTINATION_KINDS: readonly MethodKind[] = [
  'phone_prompt',
  'operator_prompt',
  'otp_operator',
];

/** A payment as the budget reads it: what its records counted, per currency
 * (worker/payment/money-count.ts). */
export interface BudgetPayment {
  id: string;
  /** Its order among the owner's payments (later ones are refunded first by default). */
  n: number;
  counted: CountedByCurrency;
}

/** A refund as the budget reads it. */
export interface BudgetRefund {
  payment_id: string;
  currency: string;
  amount: number;
  status: AttemptStatus;
  /** What a settled report said was paid out (a mismatch may say more than asked). */
  settled_amount: number | null;
  /** What its payout's reports counted as paid out, per currency (worker/payment/money-count.ts);
   * absent or null: none told yet (`settled_amount` stands for it). */
  paid_out?: CountedByCurrency | null;
}

/**
 * What a refund holds of its payment's budget in `currency` (by default, its own): what its
 * reports counted as paid out in it (paid out twice: both; in another currency: there);
 * in its own currency, at least its amount while it has not failed (its money may leave).
 *
 * @example
 * heldBy({ payment_id: 'p1', currency: 'KES', amount: 500, status: 'succeeded', settled_amount: 500, paid_out: { KES: 1000 } }); // 1000
 */
export function heldBy(refund: BudgetRefund, currency = refund.currency): number {
  const counted = refund.paid_out ?? null;
  const paid = counted?.[currency] ?? 0;
  if (currency !== refund.currency) return paid;
  if (refund.status === 'failed') return paid;
  // Before its payout told what it counted, what a settled report said stands for it.
  const settled = counted === null ? (refund.settled_amount ?? 0) : 0;
  return Math.max(refund.amount, settled, paid);
}

/** The columns of a keeper's refund row (worker/session/refund-store.ts) the budget reads
 * (structural: this module stays free of the Workers runtime, so its unit tests run in Node). */
interface KeptRefund {
  attempt_id: string;
  currency: string;
  amount: number;
  status: AttemptStatus;
  settled_amount: number | null;
}

/** A keeper's refund row as the budget reads it, with what its payout counted as paid out
 * (the keeper's records under the refund's id). */
export function budgetRefund(row: KeptRefund, paidOut: readonly MoneyRecord[] | undefined) {
  const refund: BudgetRefund = {
    payment_id: row.attempt_id,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    settled_amount: row.settled_amount,
    paid_out: paidOut ? countedByCurrency(paidOut) : null,
  };
  return refund;
}

/** One payment's budget in one currency: what was counted and what is left to refund. */
export interface Refundable {
  payment: BudgetPayment;
  currency: string;
  paid: number;
  left: number;
}

/**
 * Every payment that counted money in `currency`, first one first, with what is left to
 * refund of it in that currency (counted minus held).
 *
 * @example
 * refundables([{ id: 'p1', n: 1, counted: { KES: 1200 } }], [], 'KES')[0].left; // 1200
 */
export function refundables(
  payments: readonly BudgetPayment[],
  refunds: readonly BudgetRefund[],
  currency: string,
): Refundable[] {
  const out: Refundable[] = [];
  for (const payment of [...payments].sort((a, b) => a.n - b.n)) {
    const paid = payment.counted[currency] ?? 0;
    if (paid <= 0) continue;
    const held = refunds
      .filter((r) => r.payment_id === payment.id)
      .reduce((sum, r) => sum + heldBy(r, currency), 0);
    out.push({ payment, currency, paid, left: paid - held });
  }
  return out;
}

/** What a refund request asks of the budget. */
export interface BudgetAsk {
  amount?: number | undefined;
  /** The payment to refund (by default, the latest one with enough left). */
  payment?: string | undefined;
  /** The currency to refund in (by default, the owner's). */
  currency?: string | undefined;
}

/** What a decided refund takes: its payment, currency and amount. */
export interface BudgetDecision {
  payment: BudgetPayment;
  currency: string;
  amount: number;
}

/**
 * The refusal of a refund asked in a currency its payments did not count: CURRENCY_MISMATCH
 * naming what was counted in another one (a payment reported in another currency is refundable
 * only in that currency), else NOT_PAID.
 */
function notInCurrency(
  payments: readonly BudgetPayment[],
  currency: string,
  named: string | undefined,
): Outcome<BudgetDecision> {
  const other = [...payments]
    .sort((a, b) => b.n - a.n)
    .flatMap((p) =>
      Object.entries(p.counted)
        .filter(([c, amount]) => c !== currency && amount > 0)
        .map(([c, amount]) => ({ payment: p.id, currency: c, amount })),
    )[0];
  const what = named === undefined ? 'This session' : `Payment ${named}`;
  if (!other) return fail('NOT_PAID', `${what} has no successful payment.`);
  return fail(
    'CURRENCY_MISMATCH',
    `${what} was paid ${other.amount} ${other.currency}, not ${currency}: name currency "${other.currency}" to refund it.`,
    { attempt: other.payment, amount: other.amount, currency: other.currency },
  );
}

/**
 * Decides a new refund in one currency (the one asked, else `ownCurrency`): NOT_PAID without a
 * payment that counted money (or when the named payment counted none); CURRENCY_MISMATCH when
 * money was counted only in another currency (details: its amount and currency);
 * REFUND_EXCEEDS_PAID when the amount (by default, what is left) is more than what is left of
 * the payment in that currency. Without `payment`, the latest payment with enough left (else
 * with anything left) is refunded.
 *
 * @example
 * decideRefund({}, [{ id: 'cs_….1', n: 1, counted: { KES: 1000 } }], [], 'KES');
 * // { ok: true, value: { payment: …, currency: 'KES', amount: 1000 } }
 */
export function decideRefund(
  ask: BudgetAsk,
  payments: readonly BudgetPayment[],
  refunds: readonly BudgetRefund[],
  ownCurrency: string,
): Outcome<BudgetDecision> {
  const currency = (ask.currency ?? ownCurrency).toUpperCase();
  const named = ask.payment === undefined ? payments : payments.filter((p) => p.id === ask.payment);
  const paid = refundables(named, refunds, currency);
  if (paid.length === 0) return notInCurrency(named, currency, ask.payment);
  const latestFirst = [...paid].reverse();
  const chosen =
    latestFirst.find((p) => ask.amount !== undefined && p.left >= ask.amount) ??
    latestFirst.find((p) => p.left > 0) ??
    latestFirst[0]!;
  const amount = ask.amount ?? chosen.left;
  if (chosen.left <= 0 || amount > chosen.left) {
    return fail(
      'REFUND_EXCEEDS_PAID',
      `The refunds of this payment would pass what was paid: ${chosen.left} of ${chosen.paid} ${currency} is left to refund.`,
      {
        attempt: chosen.payment.id,
        currency,
        paid: chosen.paid,
        refundable: Math.max(0, chosen.left),
      },
    );
  }
  return { ok: true, value: { payment: chosen.payment, currency, amount } };
}
