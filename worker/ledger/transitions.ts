/**
 * Every write of a payment-link payment's `status`. Its first final report settles it through
 * `nextAttemptStatus` of shared/status.ts (docs/design.md, "Money rules"); a settled payment is
 * never moved again: later reports only raise anomalies (worker/ledger/link-payments.ts).
 * @module
 */
import { nextAttemptStatus, type AttemptStatus } from '../../shared/status';
import type { LinkPaymentRow } from './store';

/** What a payment-link callback reported, final only. */
export type LinkOutcome = 'succeeded' | 'failed';

/**
 * Records a payment's first final report: a pending payment moved by `confirmed_success` or
 * `confirmed_failed`. Answers the status written.
 */
export function settleLinkPayment(
  sql: SqlStorage,
  payment: Omit<LinkPaymentRow, 'status' | 'created_at' | 'updated_at'>,
  outcome: LinkOutcome,
  now = Date.now(),
): AttemptStatus {
  const { status } = nextAttemptStatus(
    'pending',
    outcome === 'succeeded' ? 'confirmed_success' : 'confirmed_failed',
  );
  sql.exec(
    `INSERT INTO link_payments (key, status, amount, currency, reference, upstream_reference,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    payment.key,
    status,
    payment.amount,
    payment.currency,
    payment.reference,
    payment.upstream_reference,
    now,
    now,
  );
  return status;
}
