/**
 * The payout's query-index row, or its refund's row when the payout pays a session's refund,
 * built from its own row (so the index can always be rebuilt from the object). Apart from
 * view.ts, which refund-view.ts reads, so neither imports the other.
 * @module
 */
import { indexedCheckBy } from '../durable/reconcile-backoff';
import type { PayoutSummary } from '../index-store/tables';
import { countedJson } from '../payment/money-store';
import { refundSummary } from './refund-view';
import type { PayoutStore } from './store';

/** The columns of a payout row that its summary reads. */
export interface PayoutFacts {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  method: string;
  upstream_ref: string | null;
  /** The merchant's create body as JSON (its optional `country_id` is read). */
  fingerprint: string;
  created_at: number;
  updated_at: number;
}

/**
 * A payout's summary; `nextCheckAt` is when its status query is due (null: none), `counted`
 * what its reports counted as paid out (JSON per currency; null: none).
 *
 * @example
 * index.stage('payout', payoutSummary(row, tasks.get('reconcile')?.due_at ?? null));
 */
export function payoutSummary(
  row: PayoutFacts,
  nextCheckAt: number | null,
  counted: string | null = null,
): PayoutSummary {
  const body = JSON.parse(row.fingerprint) as { country_id?: unknown };
  return {
    id: row.reference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    country_id: typeof body.country_id === 'number' ? body.country_id : null,
    upstream_reference: row.upstream_ref,
    created_at: row.created_at,
    updated_at: row.updated_at,
    settled_at: row.status === 'pending' ? null : row.updated_at,
    next_check_at: row.status === 'pending' ? nextCheckAt : null,
    counted,
  };
}

/** Stages the payout's query-index row (a refund's row for a payout that pays a refund), with
 * the check-by time of its next status query (worker/durable/reconcile-backoff.ts,
 * `indexedCheckBy`; unchanged rows write nothing). `fresh`: the index check just re-asked a
 * lost status query. */
export function stageIndexRow(store: PayoutStore, fresh = false): void {
  const row = store.row();
  if (!row) return;
  const { tasks, index } = store.open();
  const due = tasks.get('reconcile')?.due_at ?? null;
  const owner = store.owner();
  const indexed = index.staged(owner ? 'refund' : 'payout', row.reference)?.next_check_at ?? null;
  const checkBy = row.status === 'pending' ? indexedCheckBy(indexed, due, fresh) : null;
  const counted = countedJson(store.sql, row.reference);
  if (owner) index.stage('refund', refundSummary(row, owner, checkBy, counted));
  else index.stage('payout', payoutSummary(row, checkBy, counted));
}
