/**
 * What a checkout session writes to the query index: its summary and one row per attempt,
 * staged after every change (unchanged rows cost nothing) and written by its `index` task.
 * @module
 */
import type { TaskQueue } from '../durable/task-queue';
import { first, rows, type AttemptRow, type SessionRow } from '../session/store';
import type { IndexOutbox } from './index-outbox';
import { attemptSummary, sessionSummary } from './summaries';

/**
 * Stages the session's rows from its own tables. `updated_at` is the time of its last logged
 * event, so the summary only changes when the session did.
 *
 * @example
 * stageSessionRows(this.sql, this.tables.open().index, this.tasks);
 */
export function stageSessionRows(
  sql: SqlStorage,
  index: IndexOutbox,
  tasks: TaskQueue<string>,
): void {
  const session = first<SessionRow>(sql, 'SELECT * FROM session LIMIT 1');
  if (!session) return;
  const last = first<{ at: number | null }>(sql, 'SELECT MAX(at) AS at FROM events')?.at;
  index.stage('session', sessionSummary(session, Math.max(session.created_at, last ?? 0)));
  for (const attempt of rows<AttemptRow>(sql, 'SELECT * FROM attempts ORDER BY n')) {
    const due = tasks.get(`reconcile:${attempt.id}`)?.due_at ?? null;
    index.stage('attempt', attemptSummary(session, attempt, due));
  }
}
