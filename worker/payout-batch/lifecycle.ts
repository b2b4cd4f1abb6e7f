/**
 * A payout batch's changes of state and the webhooks they queue (docs/payout-batches.md):
 * approved → sending, sending ⇄ paused (the wallet refused a row), completed once every row is
 * settled or canceled, canceled before anything was sent. Each webhook is queued in the same
 * step as the change that causes it: `payout_batch.approved`, one `payout_batch.paused` per
 * pause, one `payout_batch.completed`.
 * @module
 */
import type { CreatedBy } from '../keys/created-by';
import type { BatchStore } from './store';
import { batchView, type BatchView } from './view';

/** A webhook's data: the batch's summary without who made it. */
function eventData(view: BatchView, extra: Record<string, unknown> = {}) {
  return {
    batch_id: view.id,
    reference: view.reference,
    status: view.status,
    count: view.count,
    counts: view.counts,
    totals: view.totals,
    sent_totals: view.sent_totals,
    settled_totals: view.settled_totals,
    failed_totals: view.failed_totals,
    ...extra,
  };
}

/** Approved: sending starts at once (the caller schedules the first `send`). */
export function approve(store: BatchStore, by: CreatedBy, partial: boolean): void {
  const now = Date.now();
  store.update({
    status: 'sending',
    approved_by: JSON.stringify(by),
    approved_at: now,
    partial: partial ? 1 : 0,
  });
  const view = batchView(store)!;
  store.open().outbox.enqueue(`evt_${view.id}_approved`, 'payout_batch.approved', {
    ...eventData(view),
    approved_by: by,
    partial,
  });
}

/** Pauses a sending batch (once per pause, however many rows the wallet refused). */
export function pause(store: BatchStore, reason: string): void {
  const batch = store.batch();
  if (batch?.status !== 'sending') return;
  const pauses = batch.pauses + 1;
  store.update({ status: 'paused', paused_reason: reason, pauses });
  const view = batchView(store)!;
  store
    .open()
    .outbox.enqueue(
      `evt_${view.id}_paused_${pauses}`,
      'payout_batch.paused',
      eventData(view, { reason }),
    );
}

/** Resumes a paused batch (the caller schedules the next `send`). */
export function resume(store: BatchStore): void {
  store.update({ status: 'sending', paused_reason: null });
}

/**
 * Completes a batch whose every row settled or was canceled (one `payout_batch.completed`
 * with the counts and totals); a batch canceled before anything was sent is `canceled`.
 */
export function completeIfDone(store: BatchStore): void {
  const batch = store.batch();
  if (batch?.status !== 'sending' && batch?.status !== 'paused') return;
  const view = batchView(store)!;
  const { counts } = view;
  const open = counts.queued + counts.sending + counts.pending + counts.needs_review;
  if (open > 0) return;
  if (view.progress.total === 0) {
    store.update({ status: 'canceled', completed_at: Date.now() });
    return;
  }
  store.update({ status: 'completed', completed_at: Date.now(), paused_reason: null });
  const done = batchView(store)!;
  store
    .open()
    .outbox.enqueue(`evt_${done.id}_completed`, 'payout_batch.completed', eventData(done));
}
