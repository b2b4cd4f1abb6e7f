/**
 * A payout's side of the status query (worker/payment/reconcile-step.ts holds the rules every
 * payment shares; docs/upstream-api.md, "POST /api/v3/get-unified-transaction-status"): how to
 * ask, and what each answer means for a payout. "Not created" answers never fail a payout (a
 * lagging replica says it about payouts it made, and a payout reported failed is sent again):
 * it stays unknown until a final report or the horizon (`needs_review`, one `payout.anomaly`;
 * a later answer still settles it).
 * @module
 */
import type { Config } from '../config';
import type { PayoutContext } from './context';
import type { PayoutBody } from '../../shared/schemas';
import { firstQueryDelay, scheduleNextQuery } from '../durable/reconcile-backoff';
import type { Task } from '../durable/task-queue';
import { emptyReport, firstRef } from '../payment/judge';
import { reconcileStep, type PaymentPort } from '../payment/reconcile-step';
import { learnRefs } from '../payment/ref-store';
import { recordRefs, type StatusAnswer } from '../payment/status-answer';
import { askStatus } from '../payment/status-query';
import { applyDeferredCallbacks } from './callbacks';
import { sendPayout } from './create';
import { statusReport, type Reported } from './report';
import type { PayoutStore, TaskKind } from './store';
import { applyEvent, applyReport } from './transitions';

/** An answer that said nothing final, in a few words (kept as `last_answer`). */
function unknownAnswer(answer: StatusAnswer): Reported {
  switch (answer.kind) {
    case 'record':
      return {
        source: 'status_query',
        answer: 'record',
        status: answer.data.status ?? null,
        status_code: answer.data.status_code ?? null,
      };
    case 'not_created':
      return {
        source: 'status_query',
        answer: 'not_created',
        http_status: 400,
        message: answer.message,
      };
    default:
      return {
        source: 'status_query',
        answer: answer.reason === 'timeout' ? 'timeout' : 'unavailable',
        reason: answer.reason,
        http_status: answer.httpStatus,
      };
  }
}

/** The payout's {@link PaymentPort}. */
function payoutPort(store: PayoutStore, config: Config, task: Task<TaskKind> | null): PaymentPort {
  const row = () => store.row()!;
  return {
    createdAt: row().created_at,
    pending: () => row().status === 'pending',
    // Counted for the record only: "not created" never settles a payout.
    mayInferNotCreated: () => store.reconcile().heard !== 1,
    countNotCreated: () => store.countNotCreated(),
    notCreated: (count) => {
      store.setLastAnswer({
        source: 'status_query',
        answer: 'not_created',
        http_status: 400,
        count,
      });
      console.warn(`payout_not_created_answers ${count}`);
    },
    recordSeen: (record) => {
      store.markHeard();
      const own = record.data.third_party_reference_1;
      if (own === undefined || own === null || own === row().reference) {
        const refs = recordRefs(record.data);
        learnRefs(store.sql, row().reference, refs, 'status_query');
        const first = firstRef(refs);
        if (first !== null) store.learnUpstreamRef(first);
      }
      if (record.outcome === 'unknown') applyDeferredCallbacks(store);
    },
    applyRecord: (record) => {
      if (applyReport(store, statusReport(record)) !== 'applied') {
        store.setLastAnswer(unknownAnswer(record));
      }
      applyDeferredCallbacks(store);
    },
    unknown: (answer) => store.setLastAnswer(unknownAnswer(answer)),
    horizonReached: () =>
      applyEvent(store, 'horizon_reached', {
        outcome: 'unknown',
        read: emptyReport('unknown'),
        failure: null,
        reported: {},
      }),
    scheduleNext: () => {
      if (task) scheduleNextQuery(store.open().tasks, task, config, row().created_at);
    },
  };
}

/**
 * One status query, applied. With `task` (the alarm's), the horizon is checked and the next
 * query scheduled; without (the merchant's manual reconcile), only the answer applies.
 */
export async function queryStatus(cx: PayoutContext, task: Task<TaskKind> | null): Promise<void> {
  const { store, env, config } = cx;
  const reference = store.row()!.reference;
  await reconcileStep(
    payoutPort(store, config, task),
    () => askStatus(env, config, reference, 'payout'),
    config,
    task !== null,
  );
}

/**
 * The `reconcile` task: one status query while the payout is pending, then the next one
 * scheduled with backoff while the outcome stays unknown.
 */
export async function runReconcileTask(cx: PayoutContext, task: Task<TaskKind>): Promise<void> {
  const { store, config } = cx;
  const { tasks } = store.open();
  const row = store.row();
  // A needs_review payout is still asked once when a callback waits for what a query tells,
  // and so is a failed one whose success waits (it would reopen it).
  const waiting =
    (row?.status === 'needs_review' || row?.status === 'failed') && store.deferred().length > 0;
  if (!row || (row.status !== 'pending' && !waiting)) {
    tasks.cancel(task.key);
    return;
  }
  if (waiting) tasks.cancel(task.key);
  if (row.status === 'pending' && row.create_state === 'unsent') {
    // Recorded, provably never sent (the object was evicted before the call left): the task
    // sends it (at most once, worker/payout/create.ts); the status queries follow. A refund's
    // payout keeps its terms without the number, so its keeper's `refund_send` task sends it
    // with the whole terms instead (worker/refunds/send-refund.ts).
    tasks.schedule(task.key, 'reconcile', Date.now() + firstQueryDelay(config), row.reference);
    if (!store.owner()) await sendPayout(cx, JSON.parse(row.fingerprint) as PayoutBody);
    return;
  }
  await queryStatus(cx, task);
  if (store.row()?.status !== 'pending') tasks.cancel(task.key);
}
