/**
 * The only writes of a refund's `status` (docs/refunds.md): its payout tells each change, and a
 * later report never moves it back. A session (worker/session/refunds.ts) and a payment-link
 * shard (worker/ledger/link-refunds.ts) keep refunds alike, so both apply changes here.
 * @module
 */
import type { AttemptStatus } from '../../shared/status';
import { mirrorMoney } from '../payment/money-store';
import { refundRow, type RefundRow } from '../session/refund-store';
import type { RefundChange } from './send-refund';

/** How far a payout's status has come: a later report never moves a refund back. */
const STAGE: Readonly<Record<AttemptStatus, number>> = {
  pending: 0,
  needs_review: 1,
  succeeded: 2,
  failed: 2,
  mismatch: 2,
};

/**
 * Records a change the refund's payout told, and what it counted as paid out (the budget
 * follows); answers the refund as it was before, or null when nothing changed (told twice, or
 * out of order: its status never moves back).
 */
export function applyRefundChange(
  sql: SqlStorage,
  id: string,
  change: RefundChange,
): RefundRow | null {
  const row = refundRow(sql, id);
  if (!row) return null;
  // Kept under the refund's id beside the keeper's own payments' records: the budget reads it.
  const paidOut = change.paid_out ? mirrorMoney(sql, id, change.paid_out) : false;
  if (row.status === change.status && row.settled_amount === change.settled_amount) {
    return paidOut ? row : null;
  }
  if (STAGE[change.status] < STAGE[row.status]) return paidOut ? row : null;
  sql.exec(
    'UPDATE refunds SET status = ?, settled_amount = ?, updated_at = ? WHERE id = ?',
    change.status,
    change.settled_amount,
    Date.now(),
    id,
  );
  return row;
}
