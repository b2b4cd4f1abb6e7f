/**
 * The payout's query-index row, or its refund's row when the payout pays a session's refund.
 * Apart from view.ts, which refund-view.ts reads, so neither imports the other.
 * @module
 */
import { indexedCheckBy } from '../durable/reconcile-backoff';
import { payoutSummary } from '../index-store/summaries';
import { refundSummary } from './refund-view';
import type { PayoutStore } from './store';

/** Stages the payout's query-index row (a refund's row for a payout that pays a refund), with
 * the check-by time of its next status query (worker/durable/reconcile-backoff.ts,
 * `indexedCheckBy`; unchanged rows write nothing). `fresh`: the sweep just re-asked a lost
 * status query. */
export function stageIndexRow(store: PayoutStore, fresh = false): void {
  const row = store.row();
  if (!row) return;
  const { tasks, index } = store.open();
  const due = tasks.get('reconcile')?.due_at ?? null;
  const owner = store.owner();
  const indexed = index.staged(owner ? 'refund' : 'payout', row.reference)?.next_check_at ?? null;
  const checkBy = row.status === 'pending' ? indexedCheckBy(indexed, due, fresh) : null;
  if (owner) index.stage('refund', refundSummary(row, owner, checkBy));
  else index.stage('payout', payoutSummary(row, checkBy));
}
