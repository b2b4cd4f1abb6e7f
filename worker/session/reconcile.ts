/**
 * A checkout attempt's side of the status query (worker/payment/reconcile-step.ts holds the
 * rules every payment shares): how to ask, what "not created" may mean for an attempt (its
 * session is released for a new attempt; the attempt stays pending and is still asked about
 * until the horizon, and no `checkout.failed` is sent), and how a record applies. Also the
 * merchant's manual reconcile and the sweep's catch-up.
 * @module
 */
import { ATTEMPT_STATUSES, isUnsettledAttempt } from '../../shared/status';
import { queryOverdue, scheduleNextQuery } from '../durable/reconcile-backoff';
import type { Task } from '../durable/task-queue';
import { firstRef, hasRefs, judge } from '../payment/judge';
import { reconcileStep, type PaymentPort } from '../payment/reconcile-step';
import { knownRefs, learnRefs } from '../payment/ref-store';
import { failureOf, recordReport, recordRefs, type StatusRecord } from '../payment/status-answer';
import { askStatus } from '../payment/status-query';
import { applyDeferredCallbacks, applyJudged, waitsForReference } from './callbacks';
import type { SessionContext, SessionTaskKind } from './context';
import { expectedOf } from './reports';
import { statusAnswered } from './return-hint';
import type { AttemptRow } from './store';
import { setInput, transition } from './transitions';

/** The status-query task of an attempt (a fresh one when none is scheduled). */
function queryTask(cx: SessionContext, id: string, dueAt: number): Task<SessionTaskKind> {
  const key = `reconcile:${id}`;
  return cx.tasks.get(key) ?? { key, kind: 'reconcile', due_at: dueAt, ref: id, tries: 0 };
}

/** True once anything verified shows the upstream has the collection: a callback (deferred
 * ones included), a reference we were given, an accepted create. */
function knownToExist(cx: SessionContext, row: AttemptRow): boolean {
  return (
    row.create_state === 'accepted' ||
    cx.creating.has(row.id) ||
    row.create_ref !== null ||
    row.upstream_ref !== null ||
    hasRefs(knownRefs(cx.store.sql, row.id)) ||
    cx.store.callbackCount(row.id) > 0
  );
}

/** The attempt's {@link PaymentPort}. */
function attemptPort(cx: SessionContext, id: string, task: Task<SessionTaskKind>): PaymentPort {
  const row = () => cx.store.attempt(id)!;
  return {
    createdAt: row().created_at,
    pending: () => row().status === 'pending',
    mayInferNotCreated: () => !knownToExist(cx, row()),
    countNotCreated: () => {
      const count = row().not_found_count + 1;
      cx.store.updateAttempt(id, { not_found_count: count });
      return count;
    },
    notCreated: (count) => {
      // Probably never created, but "not found" can also be a lagging replica: the payer may
      // start again; the attempt is still asked about and settles on the upstream's answer.
      cx.log('not_created_inferred', id, { count });
      setInput(cx, id, 'input_lapsed');
    },
    recordSeen: (record: StatusRecord) => {
      cx.store.updateAttempt(id, { not_found_count: 0 });
      const own = record.data.third_party_reference_1;
      if (own === undefined || own === null || own === id) {
        const refs = recordRefs(record.data);
        learnRefs(cx.store.sql, id, refs, 'status_query');
        const first = firstRef(refs);
        if (first !== null) cx.store.learnUpstreamRef(id, first);
      }
      if (record.outcome === 'unknown') {
        applyDeferredCallbacks(cx, id, true);
        // The upstream has it and it is unsettled: a failure return the payer gave may now
        // release the session (worker/session/return-hint.ts).
        statusAnswered(cx, id);
      }
    },
    applyRecord: (record: StatusRecord) => {
      const report = recordReport(record);
      const judged = judge(report, expectedOf(cx.store, row()));
      cx.log('status_query', id, { answer: record.outcome, amount: report.amount });
      if (!judged.needsAmount) {
        applyJudged(
          cx,
          id,
          { report, judged, failure: failureOf(record.data.failureReason) },
          null,
        );
      }
      applyDeferredCallbacks(cx, id, true);
    },
    unknown: (answer) => {
      if (answer.kind === 'record') {
        cx.log('status_query', id, {
          answer: 'unknown',
          status_code: String(answer.data.status_code ?? ''),
        });
      } else if (answer.kind === 'unknown') {
        cx.log('status_query', id, { answer: answer.reason });
      } else {
        // Counted only while nothing shows the collection exists (see mayInferNotCreated).
        cx.log('status_query', id, { answer: 'not_found', count: row().not_found_count });
      }
    },
    horizonReached: () => transition(cx, id, 'horizon_reached', {}),
    scheduleNext: () => scheduleNextQuery(cx.tasks, task, cx.config, row().created_at),
  };
}

/**
 * Asks the upstream for an attempt's status and applies the answer (see the module comment).
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
  // Past the horizon we stop asking, except when a callback waits for what a status query
  // tells, or the merchant asks (a later answer still settles a needs_review attempt).
  const asked = row?.status === 'needs_review' && (manual || waitsForReference(cx.store, row.id));
  if (!row || (row.status !== 'pending' && !asked)) {
    cx.tasks.cancel(task.key);
    return;
  }
  if (row.status !== 'pending') cx.tasks.cancel(task.key);
  await reconcileStep(
    attemptPort(cx, row.id, task),
    () => askStatus(cx.env, cx.config, row.id, 'payin'),
    cx.config,
    !manual,
  );
  if (cx.store.attempt(row.id)!.status !== 'pending') cx.tasks.cancel(task.key);
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
