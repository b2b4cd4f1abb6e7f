/**
 * The refund budget of a checkout session (docs/refunds.md, "The budget"), pure: what each paid
 * attempt paid, what its refunds hold, and whether a new refund fits. The session object decides
 * with these, in one synchronous step, so concurrent requests can never pass what was paid
 * (worker/session/refunds.ts).
 * @module
 */
import type { MethodKind } from '../../shared/method-kinds';
import type { AttemptStatus } from '../../shared/status';
import { fail, type Outcome } from '../durable/outcome';

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

/** An attempt as the budget reads it. */
export interface BudgetAttempt {
  id: string;
  n: number;
  status: AttemptStatus;
  /** The amount its deciding report said was paid, when it said one. */
  reportedAmount: number | null;
}

/** A refund as the budget reads it. */
export interface BudgetRefund {
  attempt_id: string;
  amount: number;
  status: AttemptStatus;
  /** What a settled report said was paid out (a mismatch may say more than asked). */
  settled_amount: number | null;
}

/**
 * What an attempt paid, or null when it paid nothing we know of: a success paid what its report
 * said (more than the session's amount when overpaid), else the session's amount; a `mismatch`
 * was paid with what its report said (the money is there, its terms disagree).
 *
 * @example
 * paidBy({ id: 'cs_….1', n: 1, status: 'succeeded', reportedAmount: 1200 }, 1000); // 1200
 */
export function paidBy(attempt: BudgetAttempt, sessionAmount: number): number | null {
  if (attempt.status === 'succeeded') return attempt.reportedAmount ?? sessionAmount;
  if (attempt.status === 'mismatch') return attempt.reportedAmount;
  return null;
}

/**
 * What a refund holds of the budget: nothing once it failed (its money never left); else its
 * amount, or what a report said was paid out when that is more.
 */
export function heldBy(refund: BudgetRefund): number {
  if (refund.status === 'failed') return 0;
  return Math.max(refund.amount, refund.settled_amount ?? 0);
}

/** One paid attempt and what is left to refund of it. */
export interface Refundable {
  attempt: BudgetAttempt;
  paid: number;
  left: number;
}

/** Every paid attempt, first one first, with what is left to refund of it. */
export function refundables(
  attempts: readonly BudgetAttempt[],
  refunds: readonly BudgetRefund[],
  sessionAmount: number,
): Refundable[] {
  const out: Refundable[] = [];
  for (const attempt of [...attempts].sort((a, b) => a.n - b.n)) {
    const paid = paidBy(attempt, sessionAmount);
    if (paid === null || paid <= 0) continue;
    const held = refunds
      .filter((r) => r.attempt_id === attempt.id)
      .reduce((sum, r) => sum + heldBy(r), 0);
    out.push({ attempt, paid, left: paid - held });
  }
  return out;
}

/** What a refund request asks of the budget. */
export interface BudgetAsk {
  amount?: number | undefined;
  attempt?: string | undefined;
}

/**
 * Decides a new refund: NOT_PAID without a paid attempt (or when the named attempt paid
 * nothing); REFUND_EXCEEDS_PAID when the amount (by default, what is left) is more than what is
 * left of the attempt. Without `attempt`, the latest paid attempt with enough left (else with
 * anything left) is refunded.
 *
 * @example
 * decideRefund({}, [{ id: 'cs_….1', n: 1, status: 'succeeded', reportedAmount: null }], [], 1000);
 * // { ok: true, value: { attempt: …, amount: 1000 } }
 */
export function decideRefund(
  ask: BudgetAsk,
  attempts: readonly BudgetAttempt[],
  refunds: readonly BudgetRefund[],
  sessionAmount: number,
): Outcome<{ attempt: BudgetAttempt; amount: number }> {
  const paid = refundables(attempts, refunds, sessionAmount);
  if (paid.length === 0) return fail('NOT_PAID', 'This session has no successful payment.');
  let chosen: Refundable | undefined;
  if (ask.attempt !== undefined) {
    chosen = paid.find((p) => p.attempt.id === ask.attempt);
    if (!chosen) return fail('NOT_PAID', `Attempt ${ask.attempt} has no successful payment.`);
  } else {
    const latestFirst = [...paid].reverse();
    chosen =
      latestFirst.find((p) => ask.amount !== undefined && p.left >= ask.amount) ??
      latestFirst.find((p) => p.left > 0) ??
      latestFirst[0]!;
  }
  const amount = ask.amount ?? chosen.left;
  if (chosen.left <= 0 || amount > chosen.left) {
    return fail(
      'REFUND_EXCEEDS_PAID',
      `The refunds of this payment would pass what was paid: ${chosen.left} of ${chosen.paid} is left to refund.`,
      { attempt: chosen.attempt.id, paid: chosen.paid, refundable: Math.max(0, chosen.left) },
    );
  }
  return { ok: true, value: { attempt: chosen.attempt, amount } };
}
