/**
 * The refund budget of a payment-link payment: the one budget every payment shares
 * (worker/session/refund-budget.ts), read for a link payment. Every use of that budget by link
 * payments is here, so the budget's inputs can change in one place. A link payment counts what
 * its settling report said was paid, in the currency it said (worker/ledger/transitions.ts):
 * `succeeded` and `mismatch` payments are refundable up to that amount, in that currency (one
 * whose reports never named a currency, on a link created elsewhere, is not refundable here).
 * @module
 */
import { fail, type Outcome } from '../durable/outcome';
import { amountOf } from '../payment/judge';
import { decideRefund, type BudgetPayment, type BudgetRefund } from '../session/refund-budget';
import type { RefundRow } from '../session/refund-store';
import type { LinkPaymentRow } from './store';

/** A link payment as the budget reads it: one payment, paid what its report counted, in the
 * currency it named (nothing while it is not `succeeded` or `mismatch`). */
function budgetPayment(payment: LinkPaymentRow, currency: string, counted: number): BudgetPayment {
  const paid = payment.status === 'succeeded' || payment.status === 'mismatch';
  return { id: payment.key, n: 1, counted: paid ? { [currency]: counted } : {} };
}

function budgetRefund(row: RefundRow): BudgetRefund {
  return {
    payment_id: row.attempt_id,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    settled_amount: row.settled_amount,
  };
}

/**
 * Decides a new refund of a link payment (`amount`: by default, what is left): NOT_PAID when
 * no money was counted on it; REFUND_EXCEEDS_PAID when it would pass what is left. Answers the
 * amount and the currency the money was counted in.
 *
 * @example
 * decideLinkRefund(undefined, { key: 'SBX-1', status: 'succeeded', amount: '1500', currency: 'KES', … }, []);
 * // { ok: true, value: { amount: 1500, currency: 'KES' } }
 */
export function decideLinkRefund(
  amount: number | undefined,
  payment: LinkPaymentRow,
  refunds: readonly RefundRow[],
): Outcome<{ amount: number; currency: string }> {
  const counted = amountOf(payment.amount);
  const notPaid = fail<{ amount: number; currency: string }>(
    'NOT_PAID',
    'This payment-link payment has no money counted to refund.',
    { status: payment.status },
  );
  if (counted === null) return notPaid;
  // A link created elsewhere whose reports never named a currency: what was paid is not known
  // well enough to pay it back (never in a currency nobody reported).
  if (payment.currency === null) {
    return fail('NOT_PAID', 'No report of this payment named the currency it was paid in.', {
      status: payment.status,
      amount: counted,
      currency: null,
    });
  }
  const decided = decideRefund(
    { amount, payment: payment.key },
    [budgetPayment(payment, payment.currency, counted)],
    refunds.filter((r) => r.attempt_id === payment.key).map(budgetRefund),
    payment.currency,
  );
  if (!decided.ok) return decided.body.error.code === 'NOT_PAID' ? notPaid : decided;
  return { ok: true, value: { amount: decided.value.amount, currency: payment.currency } };
}
