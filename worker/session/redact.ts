/**
 * Erasure of a checkout session's personal data (docs/data-retention.md): when its retention
 * runs out (`RETENTION_DAYS` after it settled, the `retention` task) or when the merchant asks
 * (`POST /v1/sessions/:id/redact`). Only a settled session is erased: its status is final and
 * no attempt is `pending` or `needs_review` (a later upstream answer could still move those,
 * and the merchant needs the record to resolve them). What the settlement report and disputes
 * need stays: amounts, references, statuses, times, masked phones, what the upstream reported.
 * @module
 */
import { isSettledAttempt, isUnsettledAttempt, type SessionStatus } from '../../shared/status';
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
import type { SessionContext } from './context';
import type { SessionStore } from './store';
import { payoutStub } from '../stubs';
import { eraseRefundDestinations, refundRows, refundsSettled } from './refund-store';

/** The key of a session's erasure in its `redactions` table. */
const KEY = 'session';

// `requires_action` counts once no attempt may move any more (only `mismatch` holds it): the
// dispute keeps amounts, references and the masked phone; the payer's details go like the rest.
const FINAL: readonly SessionStatus[] = ['succeeded', 'failed', 'expired', 'requires_action'];

/** When and why the session was erased, if it was. */
export function sessionRedaction(cx: SessionContext): Redaction | undefined {
  return cx.tables.exists ? redactionOf(cx.store.sql, KEY) : undefined;
}

/** Whether the session is settled: a final status, no attempt the upstream may still move, and
 * every refund's payout recorded and settled. */
export function sessionSettled(store: SessionStore): boolean {
  const session = store.session();
  if (!session || !FINAL.includes(session.status)) return false;
  // A refund's payout not yet recorded still needs the number it pays; one not settled is still
  // the merchant's to resolve (and its erasure goes with the session's).
  return !store.attemptStatuses().some(isUnsettledAttempt) && refundsSettled(store.sql);
}

/**
 * Schedules the erasure of a settled session `RETENTION_DAYS` from the first time it is seen
 * settled (a settled session never becomes unsettled again). Called after every change, and by
 * `reindex()` and `sweep()` (which also move it after `RETENTION_DAYS` changed).
 */
export function scheduleSessionRetention(cx: SessionContext): void {
  if (!cx.tables.exists || sessionRedaction(cx) || !sessionSettled(cx.store)) return;
  scheduleRetention(cx.tasks, cx.config.retentionMs);
}

/** The `retention` task: erases the session once its retention is over (else moves the task:
 * `RETENTION_DAYS` grew since it was set). */
export function runSessionRetention(cx: SessionContext, task: Task<string>): void {
  if (!retentionOver(task, cx.config.retentionMs)) {
    scheduleRetention(cx.tasks, cx.config.retentionMs);
    return;
  }
  cx.tasks.cancel(RETENTION_TASK);
  redactSession(cx, 'retention');
}

/**
 * Erases the session's personal data: the customer prefill and metadata, each callback's body,
 * the payment tokens and next actions of its attempts, the payer numbers its refunds default to
 * and the numbers and reasons of its refunds, and personal fields of its history and
 * webhook bodies (here and in the query index's events feed); its terms without them stay as
 * its idempotency fingerprint. Its refunds' payouts are erased too, by the `refund_erase` task
 * (another object each: {@link runRefundErase}). Logs `redacted` in its history and one log
 * line (no data).
 * Answers NOT_SETTLED for a session that is not settled; a second erasure changes nothing.
 */
export function redactSession(cx: SessionContext, reason: RedactionReason): Outcome<null> {
  const session = cx.store.session();
  if (!session) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
  if (sessionRedaction(cx)) return { ok: true, value: null };
  if (!sessionSettled(cx.store)) {
    return fail(
      'NOT_SETTLED',
      'This session is not settled yet (an attempt or a refund is pending or needs review); it can be erased once its outcome is final.',
    );
  }
  const { sql } = cx.store;
  cx.store.scrubRows(scrubJsonText);
  eraseRefundDestinations(sql);
  blankCallbackBodies(sql, 'callbacks');
  scrubOutbox(sql, cx.tables.open().index);
  const now = Date.now();
  markRedacted(sql, KEY, reason, now);
  cx.tasks.cancel(RETENTION_TASK);
  if (refundRows(sql).length > 0) scheduleRefundErase(cx, reason, now);
  cx.log('redacted', null, { reason });
  logLine('info', 'personal_data_erased', { record: 'session', reason });
  cx.bump();
  return { ok: true, value: null };
}

/** The task key (and kind) that erases an erased session's refunds' payouts. */
const REFUND_ERASE_TASK = 'refund_erase';

function scheduleRefundErase(cx: SessionContext, reason: RedactionReason, now = Date.now()) {
  cx.tasks.schedule(REFUND_ERASE_TASK, 'refund_erase', now, reason);
}

/**
 * A refund of the session settled: when the session is erased (the refund was asked after its
 * erasure), its payout is erased now, for the session's reason, by the `refund_erase` task: an
 * erased session's refunds keep no personal data beyond the time their money needs it.
 */
export function eraseSettledRefundsLater(cx: SessionContext): void {
  const redaction = sessionRedaction(cx);
  if (redaction) scheduleRefundErase(cx, redaction.reason);
}

/**
 * The `refund_erase` task: erases the payout of each settled refund of the erased session (its
 * callbacks, its last answer, the refund's reason and its webhook bodies; its terms never held
 * the number), for the session's reason. A refund still moving is erased when it settles (the
 * session schedules the task again). A payout that cannot be reached or is not erased yet
 * throws: the task queue retries with backoff.
 */
export async function runRefundErase(cx: SessionContext, task: Task<string>): Promise<void> {
  const reason = task.ref === 'retention' ? 'retention' : 'request';
  const settled = refundRows(cx.store.sql).filter((r) => isSettledAttempt(r.status));
  for (const refund of settled) {
    const done = (await payoutStub(cx.env, refund.id).redact(reason)) as Outcome<unknown>;
    if (!done.ok && done.body.error.code !== 'NOT_FOUND') throw new Error('refund not erased');
  }
  cx.tasks.cancel(task.key);
}

/**
 * A callback that comes after the erasure (an upstream retry, a late report) is stored like any
 * other and changes only what the money rules allow; its body is blanked at once, so an erased
 * session never holds personal data again.
 */
export function eraseLateArrivals(cx: SessionContext): void {
  if (sessionRedaction(cx)) blankCallbackBodies(cx.store.sql, 'callbacks');
}
