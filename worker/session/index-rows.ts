/**
 * What a checkout session writes to the query index: its summary and one row per attempt,
 * built from its own tables (so the index can always be rebuilt from the object), staged after
 * every change (unchanged rows cost nothing) and written by its `index` task.
 * @module
 */
import { indexedCheckBy } from '../durable/reconcile-backoff';
import type { TaskQueue } from '../durable/task-queue';
import type { IndexOutbox } from '../index-store/index-outbox';
import type { AttemptSummary, SessionSummary } from '../index-store/tables';
import { countedByCurrency, type CountedByCurrency } from '../payment/money-count';
import { moneyRecords } from '../payment/money-store';
import type { SessionRow, SessionStore, AttemptRow } from './store';

/**
 * Events that record a question asked, not a change: a status query's answer that changes
 * something logs its own event too (a transition). They do not move the session's `updated_at`,
 * so a status query of a pending attempt that changed nothing writes nothing to D1.
 */
const NOT_CHANGES = ['status_query'];

/**
 * A session's summary.
 *
 * @example
 * index.stage('session', sessionSummary(session, Date.now()));
 */
export function sessionSummary(session: SessionRow, updatedAt: number): SessionSummary {
  return {
    id: session.id,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    reference: session.reference,
    country_id: session.country_id,
    sub_merchant_id: session.sub_merchant_id ?? null,
    attempt_count: session.attempt_count,
    created_at: session.created_at,
    updated_at: updatedAt,
    expires_at: session.expires_at,
    metadata: session.metadata,
  };
}

/**
 * An attempt's summary; `nextCheckAt` is when its status query is due (null: none), `counted`
 * what its reports counted per currency (null: none).
 *
 * @example
 * index.stage('attempt', attemptSummary(session, attempt, tasks.get(`reconcile:${id}`)?.due_at ?? null));
 */
export function attemptSummary(
  session: SessionRow,
  attempt: AttemptRow,
  nextCheckAt: number | null,
  counted: CountedByCurrency | null = null,
): AttemptSummary {
  return {
    id: attempt.id,
    session_id: session.id,
    n: attempt.n,
    status: attempt.status,
    country_id: attempt.country_id,
    method: attempt.method,
    amount: session.amount,
    currency: session.currency,
    reference: session.reference,
    sub_merchant_id: session.sub_merchant_id ?? null,
    upstream_reference: attempt.create_ref ?? attempt.upstream_ref,
    created_at: attempt.created_at,
    updated_at: attempt.updated_at,
    settled_at: attempt.status === 'pending' ? null : attempt.updated_at,
    next_check_at: attempt.status === 'pending' ? nextCheckAt : null,
    counted: counted ? JSON.stringify(counted) : null,
    mobile_masked: attempt.mobile_masked,
  };
}

/**
 * Stages the session's rows from its own tables. `updated_at` is the time of its last logged
 * change ({@link NOT_CHANGES} aside), and an attempt's `next_check_at` a check-by time
 * ({@link indexedCheckBy}), so the rows only change when the session did. `fresh`: the index
 * check just re-asked an attempt whose query was lost; its check-by time moves.
 *
 * @example
 * stageSessionRows(this.store, this.tables.open().index, this.tasks);
 */
export function stageSessionRows(
  store: SessionStore,
  index: IndexOutbox,
  tasks: TaskQueue<string>,
  fresh = false,
): void {
  const session = store.session();
  if (!session) return;
  const last = store.lastEventAt(NOT_CHANGES);
  index.stage('session', sessionSummary(session, Math.max(session.created_at, last ?? 0)));
  const money = moneyRecords(store.sql);
  for (const attempt of store.attempts()) {
    const due = tasks.get(`reconcile:${attempt.id}`)?.due_at ?? null;
    const indexed = index.staged('attempt', attempt.id)?.next_check_at ?? null;
    const checkBy = attempt.status === 'pending' ? indexedCheckBy(indexed, due, fresh) : null;
    const records = money.get(attempt.id);
    const counted = records ? countedByCurrency(records) : null;
    index.stage('attempt', attemptSummary(session, attempt, checkBy, counted));
  }
}
