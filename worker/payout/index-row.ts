/**
 * The payout's query-index row, or its refund's row when the payout pays a session's refund.
 * Apart from view.ts, which refund-view.ts reads, so neither imports the other.
 * @module
 */
import { payoutSummary } from '../index-store/summaries';
import { refundSummary } from './refund-view';
import type { PayoutStore } from './store';

/** Stages the payout's query-index row (a refund's row for a payout that pays a refund), with
 * when its next status query is due (unchanged rows write nothing). */
export function stageIndexRow(store: PayoutStore): void {
  const row = store.row();
  if (!row) return;
  const { tasks, index } = store.open();
  const due = tasks.get('reconcile')?.due_at ?? null;
  const owner = store.owner();
  if (owner) index.stage('refund', refundSummary(row, owner, due));
  else index.stage('payout', payoutSummary(row, due));
}
