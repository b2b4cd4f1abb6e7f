/**
 * What a checkout session writes to the query index: its summary and one row per attempt,
 * staged after every change (unchanged rows cost nothing) and written by its `index` task.
 * @module
 */
import { indexedCheckBy } from '../durable/reconcile-backoff';
import type { TaskQueue } from '../durable/task-queue';
import { first, rows, type AttemptRow, type SessionRow } from '../session/store';
import type { IndexOutbox } from './index-outbox';
import { attemptSummary, sessionSummary } from './summaries';

/**
 * Events that record a question asked, not a change: a status query's answer that changes
 * something logs its own event too (a transition). They do not move the session's `updated_at`,
 * so a status query of a pending attempt that changed nothing writes nothing to D1.
 */
const NOT_CHANGES = ['status_query'];

/**
 * Stages the session's rows from its own tables. `updated_at` is the time of its last logged
 * change ({@link NOT_CHANGES} aside), and an attempt's `next_check_at` a check-by time
 * ({@link indexedCheckBy}), so the rows only change when the session did. `fresh`: the sweep
 * just re-asked an attempt whose query was lost; its check-by time moves.
 *
 * @example
 * stageSessionRows(this.sql, this.tables.open().index, this.tasks);
 */
export function stageSessionRows(
  sql: SqlStorage,
  index: IndexOutbox,
  tasks: TaskQueue<string>,
  fresh = false,
): void {
  const session = first<SessionRow>(sql, 'SELECT * FROM session LIMIT 1');
  if (!session) return;
  const last = first<{ at: number | null }>(
    sql,
    `SELECT MAX(at) AS at FROM events WHERE type NOT IN (${NOT_CHANGES.map(() => '?').join(', ')})`,
    ...NOT_CHANGES,
  )?.at;
  index.stage('session', sessionSummary(session, Math.max(session.created_at, last ?? 0)));
  for (const attempt of rows<AttemptRow>(sql, 'SELECT * FROM attempts ORDER BY n')) {
    const due = tasks.get(`reconcile:${attempt.id}`)?.due_at ?? null;
    const indexed = index.staged('attempt', attempt.id)?.next_check_at ?? null;
    const checkBy = attempt.status === 'pending' ? indexedCheckBy(indexed, due, fresh) : null;
    index.stage('attempt', attemptSummary(session, attempt, checkBy));
  }
}
