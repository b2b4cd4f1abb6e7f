/**
 * Erasure of a payout's personal data (docs/data-retention.md): when its retention runs out
 * (`RETENTION_DAYS` after it settled, the `retention` task) or when the merchant asks
 * (`POST /v1/payouts/:ref/redact`). Only a settled payout is erased (`succeeded`, `failed` or
 * `mismatch`; not `pending` nor `needs_review`, which a later upstream answer still moves). Its
 * amount, references, status, times and masked phone stay.
 * @module
 */
import { isSettledAttempt } from '../../shared/status';
import { fail, type Outcome } from '../durable/outcome';
import type { Task } from '../durable/task-queue';
import {
  RETENTION_TASK,
  blankCallbackBodies,
  markRedacted,
  redactionOf,
  retentionOver,
  scheduleRetention,
  scrubJsonText,
  scrubOutbox,
  type Redaction,
  type RedactionReason,
} from '../durable/redaction';
import { logLine } from '../middleware/request-log';
import type { PayoutContext } from './context';
import type { PayoutStore } from './store';
import { stageIndexRow } from './index-row';

/** The key of a payout's erasure in its `redactions` table. */
const KEY = 'payout';

/** When and why the payout was erased, if it was. */
export function payoutRedaction(store: PayoutStore): Redaction | undefined {
  return store.exists ? redactionOf(store.sql, KEY) : undefined;
}

/**
 * Schedules the erasure of a settled payout `RETENTION_DAYS` from the first time it is seen
 * settled (a settled payout never becomes unsettled again). Called after every change.
 */
export function schedulePayoutRetention({ store, config }: PayoutContext): void {
  const row = store.row();
  if (!row || !isSettledAttempt(row.status) || payoutRedaction(store)) return;
  scheduleRetention(store.open().tasks, config.retentionMs);
}

/** The `retention` task: erases the payout once its retention is over (else moves the task:
 * `RETENTION_DAYS` grew since it was set). */
export function runPayoutRetention({ store, config }: PayoutContext, task: Task<string>): void {
  const { tasks } = store.open();
  if (!retentionOver(task, config.retentionMs)) {
    scheduleRetention(tasks, config.retentionMs);
    return;
  }
  tasks.cancel(RETENTION_TASK);
  redactPayout(store, 'retention');
}

/**
 * Erases the payout's personal data: the recipient's full number, name and narration in its
 * stored terms (and a refund's reason, which is its narration) (kept scrubbed, so a repeated create still compares the rest), each callback's
 * body, and personal fields of its last status answer and its webhook bodies (here and in the
 * query index's events feed). Records the erasure (its view's `redacted_at`) and logs one line
 * without data. NOT_SETTLED while the payout may still move; a second erasure changes nothing.
 */
export function redactPayout(store: PayoutStore, reason: RedactionReason): Outcome<null> {
  const row = store.row();
  if (!row) return fail('NOT_FOUND', 'No payout has that reference.');
  if (payoutRedaction(store)) return { ok: true, value: null };
  if (!isSettledAttempt(row.status)) {
    return fail(
      'NOT_SETTLED',
      'This payout is not settled yet (pending or needs review); it can be erased once its outcome is final.',
    );
  }
  const { sql } = store;
  const { tasks, index } = store.open();
  // A refund's reason is its payout's narration: the merchant's free text, personal data.
  const lastAnswer = store.reconcile().last_answer;
  store.scrubRows(
    scrubJsonText(row.fingerprint),
    lastAnswer === null ? null : scrubJsonText(lastAnswer),
  );
  blankCallbackBodies(sql, 'payout_callbacks');
  scrubOutbox(sql, index);
  markRedacted(sql, KEY, reason, Date.now());
  tasks.cancel(RETENTION_TASK);
  logLine('info', 'personal_data_erased', { record: 'payout', reason });
  stageIndexRow(store);
  return { ok: true, value: null };
}

/** A callback that comes after the erasure is applied as any other; its body is blanked at
 * once, so an erased payout never holds personal data again. */
export function eraseLateArrivals(store: PayoutStore): void {
  if (payoutRedaction(store)) blankCallbackBodies(store.sql, 'payout_callbacks');
}
