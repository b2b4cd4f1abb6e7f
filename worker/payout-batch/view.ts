/**
 * What a payout batch looks like outside its object: its summary (`GET /v1/payout-batches/:id`:
 * counts per status, totals sent and settled, progress), its rows page by page, and the
 * results file.
 * @module
 */
import type { CreatedBy } from '../keys/created-by';
import type { BatchStatus, BatchStore, RowRecord } from './store';

/** An amount in one currency. */
export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** A row's status as the merchant reads it: its sending record, then its payout's status. */
export type RowStatus =
  | 'queued'
  | 'sending'
  | 'canceled'
  | 'pending'
  | 'succeeded'
  | 'failed'
  | 'needs_review'
  | 'mismatch';

/** Every row status, in the order the counts list them. */
export const ROW_STATUSES = [
  'queued',
  'sending',
  'pending',
  'succeeded',
  'failed',
  'needs_review',
  'mismatch',
  'canceled',
] as const satisfies readonly RowStatus[];

/** Payout statuses that are final for a batch's counts (`needs_review` is not). */
export const SETTLED: readonly string[] = ['succeeded', 'failed', 'mismatch'];

/** A batch as the merchant sees it. */
export interface BatchView {
  id: string;
  object: 'payout_batch';
  reference: string | null;
  description: string | null;
  status: BatchStatus;
  paused_reason: string | null;
  count: number;
  totals: CurrencyAmount[];
  counts: Record<RowStatus, number>;
  /** What was handed to the upstream (rows past `queued`, not canceled). */
  sent_totals: CurrencyAmount[];
  /** What the upstream settled as paid (`succeeded`). */
  settled_totals: CurrencyAmount[];
  /** What the upstream settled as not paid (`failed`). */
  failed_totals: CurrencyAmount[];
  progress: { total: number; sent: number; settled: number; percent: number };
  created_by: CreatedBy;
  approved_by: CreatedBy | null;
  created_at: string;
  approved_at: string | null;
  completed_at: string | null;
}

/** One row as `GET /v1/payout-batches/:id/rows` and the results file show it. */
export interface RowView {
  line: number;
  reference: string;
  payout_reference: string;
  amount: number;
  currency: string;
  status: RowStatus;
  upstream_reference: string | null;
  failure: string | null;
}

/** A row's status. */
export function rowStatus(row: Pick<RowRecord, 'state' | 'payout_status'>): RowStatus {
  if (row.state === 'sent') return (row.payout_status ?? 'pending') as RowStatus;
  return row.state;
}

/** A row as the merchant reads it. */
export function rowView(row: RowRecord): RowView {
  return {
    line: row.line,
    reference: row.reference,
    payout_reference: row.payout_reference,
    amount: row.amount,
    currency: row.currency,
    status: rowStatus(row),
    upstream_reference: row.upstream_reference,
    failure: row.failure,
  };
}

function add(totals: Map<string, number>, currency: string, amount: number): void {
  totals.set(currency, (totals.get(currency) ?? 0) + amount);
}

function list(totals: Map<string, number>): CurrencyAmount[] {
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount }));
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The batch's summary, or null when this id holds no batch. */
export function batchView(store: BatchStore): BatchView | null {
  const batch = store.batch();
  if (!batch) return null;
  const counts = Object.fromEntries(ROW_STATUSES.map((s) => [s, 0])) as Record<RowStatus, number>;
  const totals = new Map<string, number>();
  const sent = new Map<string, number>();
  const settled = new Map<string, number>();
  const failed = new Map<string, number>();
  let count = 0;
  for (const group of store.tally()) {
    const status = rowStatus(group as Pick<RowRecord, 'state' | 'payout_status'>);
    counts[status] += group.n;
    count += group.n;
    add(totals, group.currency, group.amount);
    if (status !== 'queued' && status !== 'canceled') add(sent, group.currency, group.amount);
    if (status === 'succeeded') add(settled, group.currency, group.amount);
    if (status === 'failed') add(failed, group.currency, group.amount);
  }
  const done = SETTLED.reduce((n, s) => n + counts[s as RowStatus], 0);
  const live = count - counts.canceled;
  return {
    id: batch.batch_id,
    object: 'payout_batch',
    reference: batch.reference,
    description: batch.description,
    status: batch.status,
    paused_reason: batch.paused_reason,
    count,
    totals: list(totals),
    counts,
    sent_totals: list(sent),
    settled_totals: list(settled),
    failed_totals: list(failed),
    progress: {
      total: live,
      sent: live - counts.queued,
      settled: done,
      percent: live === 0 ? 100 : Math.floor((done * 100) / live),
    },
    created_by: batch.created_by,
    approved_by: batch.approved_by,
    created_at: iso(batch.created_at)!,
    approved_at: iso(batch.approved_at),
    completed_at: iso(batch.completed_at),
  };
}
