/**
 * Status queries of a session's attempts (docs/design.md, "Money rules", rules 3 and 8): a final
 * answer applies as a callback would, anything else waits with backoff
 * (worker/durable/reconcile-backoff.ts) until the horizon, when the attempt becomes
 * `needs_review`. Also the merchant's manual reconcile and the sweep's catch-up.
 * @module
 */
import { ATTEMPT_STATUSES, isUnsettledAttempt } from '../../shared/status';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import {
  NOT_CREATED_LIMIT,
  pastHorizon,
  queryOverdue,
  scheduleNextQuery,
} from '../durable/reconcile-backoff';
import type { Task } from '../durable/task-queue';
import { callUpstream } from '../upstream';
import { applyDeferredCallbacks, applyJudged, expectedMoney, waitsForReference } from './callbacks';
import type { SessionContext, SessionTaskKind } from './context';
import { judgeStatusRecord, text } from './reports';
import { statusAnswered } from './return-hint';
import { transition } from './transitions';

/** The status-query task of an attempt (a fresh one when none is scheduled). */
function queryTask(cx: SessionContext, id: string, dueAt: number): Task<SessionTaskKind> {
  const key = `reconcile:${id}`;
  return cx.tasks.get(key) ?? { key, kind: 'reconcile', due_at: dueAt, ref: id, tries: 0 };
}

/**
 * Asks the upstream for an attempt's status. A final answer applies as a callback would
 * (matched against our records); pending, `000006` or no answer waits with backoff until the
 * horizon, then the attempt becomes `needs_review`. "Not created" counts only while the
 * create's fate is unknown.
 *
 * @example
 * case 'reconcile': return reconcile(cx, task);
 */
export async function reconcile(
  cx: SessionContext,
  task: Task<SessionTaskKind>,
  manual = false,
): Promise<void> {
  const row = task.ref ? cx.store.attempt(task.ref) : undefined;
  // Past the horizon we stop asking, except when a success waits for the reference a status
  // query tells, or the merchant asks (a later answer still settles a needs_review attempt).
  const asked = manual && row?.status === 'needs_review';
  if (!row || (row.status !== 'pending' && !asked && !waitsForReference(cx, row))) {
    cx.tasks.cancel(task.key);
    return;
  }
  const result = await callUpstream(cx.env, cx.config, UPSTREAM_PATHS.status, {
    params: { id: row.id, type: 'payin' },
  });
  const fresh = cx.store.attempt(row.id)!;
  if (fresh.status !== row.status) {
    cx.tasks.cancel(task.key);
    return;
  }
  if (result.kind === 'ok') {
    const data = (result.body.data ?? {}) as Record<string, unknown>;
    const judged = judgeStatusRecord(data, expectedMoney(cx, fresh));
    cx.log('status_query', row.id, { answer: judged.outcome, status_code: text(data.status_code) });
    if (judged.event !== 'still_unknown') {
      cx.tasks.cancel(task.key);
      applyJudged(cx, row.id, judged, null);
      applyDeferredCallbacks(cx, row.id);
      return;
    }
    // The record exists: remember its reference, so that a success naming another one is
    // a mismatch even when the create's answer was lost.
    cx.store.updateAttempt(row.id, { not_found_count: 0 });
    cx.store.learnUpstreamRef(row.id, judged.reported.upstreamRef ?? null);
    applyDeferredCallbacks(cx, row.id);
    statusAnswered(cx, row.id);
    if (cx.store.attempt(row.id)!.status !== 'pending') {
      cx.tasks.cancel(task.key);
      return;
    }
  } else if (
    result.kind === 'rejected' &&
    result.status === 400 &&
    fresh.create_state !== 'accepted' &&
    !cx.creating.has(row.id)
  ) {
    const count = fresh.not_found_count + 1;
    cx.store.updateAttempt(row.id, { not_found_count: count });
    cx.log('status_query', row.id, { answer: 'not_found', count });
    if (count >= NOT_CREATED_LIMIT) {
      cx.tasks.cancel(task.key);
      transition(cx, row.id, 'confirmed_failed', {
        failure: { code: null, message: 'The payment service has no record of this payment.' },
      });
      return;
    }
  } else {
    cx.log('status_query', row.id, { answer: result.kind });
  }
  if (fresh.status !== 'pending') {
    cx.tasks.cancel(task.key);
    return;
  }
  if (pastHorizon(cx.config, fresh.created_at)) {
    cx.tasks.cancel(task.key);
    transition(cx, row.id, 'horizon_reached', {});
    return;
  }
  scheduleNextQuery(cx.tasks, task, cx.config, fresh.created_at);
}

/**
 * Asks the upstream now about every unsettled attempt (the merchant's manual reconcile), even
 * past the horizon: a `needs_review` attempt is settled by a final answer, otherwise it stays.
 * A pending attempt keeps its place in the backoff; only the question is asked early.
 */
export async function reconcileUnsettled(cx: SessionContext): Promise<void> {
  for (const id of cx.store.attemptIds(ATTEMPT_STATUSES.filter(isUnsettledAttempt))) {
    cx.log('manual_reconcile', id, null);
    await reconcile(cx, { ...queryTask(cx, id, 0), due_at: Date.now() }, true);
  }
}

/**
 * Asks the upstream about every pending attempt whose status query is missing or overdue (an
 * alarm that did not run); answers how many.
 */
export async function reconcileOverdue(cx: SessionContext): Promise<number> {
  const now = Date.now();
  let reconciled = 0;
  for (const id of cx.store.attemptIds(['pending'])) {
    const task = cx.tasks.get(`reconcile:${id}`);
    if (!queryOverdue(task, now)) continue;
    reconciled += 1;
    await reconcile(cx, task ?? queryTask(cx, id, now));
  }
  return reconciled;
}
