/**
 * The `tasks` table: every timer of the sandbox. One Durable Object alarm is always set to the
 * earliest task; the alarm runs whatever is due, earliest first.
 * @module
 */

/** What a task does when it is due. */
export type TaskKind =
  /** Apply a transaction's scripted outcome. */
  | 'settle'
  /** Fail an OTP transaction whose token expired unconfirmed. */
  | 'expire_otp'
  /** Fail a virtual account that received no full payment in time. */
  | 'expire_account'
  /** Apply a transaction's planned outcome (control `after_ms`, a late-confirmed transfer). */
  | 'force'
  /** Attempt one callback delivery. */
  | 'deliver';

/** One task row. */
export type Task = {
  id: number;
  due_at: number;
  kind: TaskKind;
  ref: string;
  delivery_id: number | null;
};

/**
 * Adds a task due at `dueAt` (real ms).
 *
 * @example
 * addTask(sql, { due_at: clock.after(2 * MINUTE), kind: 'expire_otp', ref });
 */
export function addTask(
  sql: SqlStorage,
  task: Omit<Task, 'id' | 'delivery_id'> & { delivery_id?: number },
): void {
  sql.exec(
    'INSERT INTO tasks (due_at, kind, ref, delivery_id) VALUES (?, ?, ?, ?)',
    task.due_at,
    task.kind,
    task.ref,
    task.delivery_id ?? null,
  );
}

/**
 * Removes and returns the tasks due at `now`, earliest first (at most `limit`).
 *
 * @example
 * for (const task of takeDueTasks(sql, Date.now(), 50)) await run(task);
 */
export function takeDueTasks(sql: SqlStorage, now: number, limit: number): Task[] {
  return sql
    .exec<Task>(
      `DELETE FROM tasks WHERE id IN (
         SELECT id FROM tasks WHERE due_at <= ? ORDER BY due_at, id LIMIT ?
       ) RETURNING id, due_at, kind, ref, delivery_id`,
      now,
      limit,
    )
    .toArray()
    .sort((a, b) => a.due_at - b.due_at || a.id - b.id);
}

/**
 * The due time of the earliest task, or null when there is none.
 *
 * @example
 * const next = nextDueAt(sql); if (next !== null) await storage.setAlarm(next);
 */
export function nextDueAt(sql: SqlStorage): number | null {
  const row = sql.exec<{ due: number | null }>('SELECT MIN(due_at) AS due FROM tasks').one();
  return row.due;
}

/**
 * Drops a transaction's pending tasks of the given kinds (e.g. its expiry once it is settled).
 *
 * @example
 * dropTasks(sql, ref, ['settle', 'expire_otp']);
 */
export function dropTasks(sql: SqlStorage, ref: string, kinds: readonly TaskKind[]): void {
  if (kinds.length === 0) return;
  sql.exec(
    `DELETE FROM tasks WHERE ref = ? AND kind IN (${kinds.map(() => '?').join(', ')})`,
    ref,
    ...kinds,
  );
}
