/**
 * Retention of the callbacks a ledger keeps (docs/data-retention.md): payment-link payers'
 * numbers and names, and callbacks no session or payout owns. Each callback's body is blanked
 * `RETENTION_DAYS` after it was received; its digest, kind, reference, status and time stay, and
 * so does every payment-link payment's settled record (amount, currency, references, status),
 * which holds no personal data. A ledger has no unsettled record a stored body could still
 * decide: each callback is judged when it arrives and never read again for money.
 * @module
 */
import { RETENTION_TASK, blankCallbackBodies } from '../durable/redaction';
import type { TaskQueue } from '../durable/task-queue';
import { logLine } from '../middleware/request-log';

/** When the oldest callback still holding its body was received, or null. */
function oldestKept(sql: SqlStorage): number | null {
  return sql
    .exec<{ at: number | null }>("SELECT MIN(received_at) AS at FROM callbacks WHERE body != '{}'")
    .one().at;
}

/**
 * Makes sure the `retention` task is due when the oldest kept body's retention runs out (after
 * every stored callback; an earlier due time is kept).
 */
export function scheduleLedgerRetention(
  sql: SqlStorage,
  tasks: TaskQueue<string>,
  retentionMs: number,
): void {
  const oldest = oldestKept(sql);
  if (oldest === null) return;
  const due = oldest + retentionMs;
  const task = tasks.get(RETENTION_TASK);
  if (task && task.due_at <= due) return;
  tasks.schedule(RETENTION_TASK, RETENTION_TASK, due, null);
}

/** The `retention` task: blanks the bodies received `retentionMs` ago or earlier, then
 * schedules itself for the next one. */
export function runLedgerRetention(
  sql: SqlStorage,
  tasks: TaskQueue<string>,
  retentionMs: number,
  now = Date.now(),
): void {
  tasks.cancel(RETENTION_TASK);
  const erased = blankCallbackBodies(sql, 'callbacks', `received_at <= ${now - retentionMs}`);
  if (erased > 0) logLine('info', 'personal_data_erased', { record: 'ledger_callbacks', erased });
  scheduleLedgerRetention(sql, tasks, retentionMs);
}
