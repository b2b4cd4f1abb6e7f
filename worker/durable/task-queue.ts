/**
 * One alarm fed by a tasks table (Cloudflare's DO pattern): every timer of an object is a row,
 * the alarm is always set to the earliest one, and `ON CONFLICT` makes scheduling idempotent.
 * A task that throws is retried with exponential backoff up to a cap, never before its
 * deadline (a reconcile's horizon) when one is given, and counted apart from its own `tries`;
 * after {@link TASK_FAILURE_ALERT} failures in a row the object is told once (`failing`).
 * @module
 */

/** A scheduled piece of work. */
export interface Task<K extends string = string> {
  key: string;
  due_at: number;
  kind: K;
  ref: string | null;
  /** The task's own count (a status query's backoff step), set by whoever schedules it. */
  tries: number;
  /** Times in a row the task threw (0 after a run that did not). */
  failures?: number;
  /** The name of the last error it threw (never its message or data). */
  last_error?: string | null;
  /** When the current run of failures began. */
  first_failed_at?: number | null;
}

/** Failures in a row after which a task is reported (once) as failing. */
export const TASK_FAILURE_ALERT = 5;
/** Wait before the first retry of a task that threw; doubled at each failure. */
export const TASK_RETRY_BASE_MS = 30_000;
/** Longest wait between two retries of a task that keeps throwing. */
export const TASK_RETRY_CAP_MS = 30 * 60_000;

/** A task that keeps throwing, as reported to the object and to `GET /v1/diagnostics`. */
export interface TaskFailure {
  key: string;
  kind: string;
  ref: string | null;
  failures: number;
  error: string;
  first_failed_at: number;
  last_failed_at: number;
  next_retry_at: number;
}

/** What an object adds to {@link TaskQueue.drain}. */
export interface DrainHooks<K extends string> {
  /** The latest time a throwing task may be retried at (e.g. a status query's horizon, so a
   * failing task never holds a reconcile back from it), or null. */
  deadline?(task: Task<K>): number | null;
  /** Called once when a task reaches {@link TASK_FAILURE_ALERT} failures in a row. */
  failing?(failure: TaskFailure): void | Promise<void>;
  /** Called when a task that had been reported failing runs without throwing. */
  recovered?(task: Task<K>): void | Promise<void>;
}

/**
 * The wait before retrying a task after its `failures`-th failure in a row: 30 s, doubling,
 * capped at 30 min.
 *
 * @example
 * retryDelay(1); // 30_000
 * retryDelay(20); // 1_800_000
 */
export function retryDelay(failures: number): number {
  return Math.min(TASK_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), TASK_RETRY_CAP_MS);
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tasks (
  key TEXT PRIMARY KEY, due_at INTEGER NOT NULL, kind TEXT NOT NULL, ref TEXT,
  tries INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0, last_error TEXT,
  first_failed_at INTEGER
);
CREATE INDEX IF NOT EXISTS tasks_due ON tasks (due_at);
`;

/** Columns added after the table first shipped: added to older objects' tables. */
const ADDED_COLUMNS: readonly (readonly [string, string])[] = [
  ['failures', 'INTEGER NOT NULL DEFAULT 0'],
  ['last_error', 'TEXT'],
  ['first_failed_at', 'INTEGER'],
];

/**
 * The tasks of one Durable Object.
 *
 * @example
 * const tasks = new TaskQueue<'reconcile'>(ctx.storage);
 * tasks.schedule('reconcile:a1', 'reconcile', Date.now() + 30_000, 'a1');
 * // in alarm(): for (const task of tasks.due()) … ; await tasks.rearm();
 */
export class TaskQueue<K extends string> {
  private readonly sql: SqlStorage;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    this.sql.exec(SCHEMA);
    const present = new Set(
      this.sql
        .exec<{ name: string }>("SELECT name FROM pragma_table_info('tasks')")
        .toArray()
        .map((row) => row.name),
    );
    for (const [column, definition] of ADDED_COLUMNS) {
      if (!present.has(column))
        this.sql.exec(`ALTER TABLE tasks ADD COLUMN ${column} ${definition}`);
    }
  }

  /** Adds or moves a task (same key = same task) and makes sure the alarm fires in time. */
  schedule(key: string, kind: K, dueAt: number, ref: string | null, tries = 0): void {
    this.sql.exec(
      `INSERT INTO tasks (key, due_at, kind, ref, tries) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET due_at = excluded.due_at, tries = excluded.tries`,
      key,
      dueAt,
      kind,
      ref,
      tries,
    );
    this.arm();
  }

  /** Points the alarm at the earliest task (writes are ordered and covered by the output gate). */
  private arm(): void {
    const next = this.earliest();
    if (next !== null) void this.storage.setAlarm(next);
  }

  /** When the earliest task is due (ms since the epoch), or null when none is scheduled. */
  nextDue(): number | null {
    return this.earliest();
  }

  private earliest(): number | null {
    return (this.sql.exec('SELECT MIN(due_at) AS due FROM tasks').one() as { due: number | null })
      .due;
  }

  /** The task under `key`, if scheduled. */
  get(key: string): Task<K> | undefined {
    return this.sql.exec('SELECT * FROM tasks WHERE key = ?', key).toArray()[0] as
      Task<K> | undefined;
  }

  /** Removes a task (no-op when absent). */
  cancel(key: string): void {
    this.sql.exec('DELETE FROM tasks WHERE key = ?', key);
  }

  /** Tasks due now, earliest first. */
  due(now: number = Date.now(), limit = 25): Task<K>[] {
    return this.sql
      .exec('SELECT * FROM tasks WHERE due_at <= ? ORDER BY due_at LIMIT ?', now, limit)
      .toArray() as unknown as Task<K>[];
  }

  /**
   * The body of an object's `alarm()`: runs every due task with `run`, then re-arms the alarm.
   * A task that throws is retried after {@link retryDelay} of its failures in a row (not
   * after its deadline, if `hooks.deadline` gives one still ahead), its `tries` untouched; its
   * error's name is logged, never its data; at {@link TASK_FAILURE_ALERT} failures
   * `hooks.failing` is called once. A run that does not throw clears the count. `now`: the
   * tasks due by then run (a test's drain runs those due within a moment too).
   *
   * @example
   * override async alarm() { await this.tasks.drain((task) => this.runTask(task), hooks); }
   */
  async drain(
    run: (task: Task<K>) => Promise<void>,
    hooks: DrainHooks<K> = {},
    now: number = Date.now(),
  ): Promise<void> {
    for (const task of this.due(now)) {
      try {
        await run(task);
      } catch (error) {
        await this.failed(task, error, hooks);
        continue;
      }
      if ((task.failures ?? 0) > 0) await this.cleared(task, hooks);
    }
    await this.rearm();
  }

  /** Every task failing now (at least one failure in a row), most failures first. */
  failingTasks(): Task<K>[] {
    return this.sql
      .exec('SELECT * FROM tasks WHERE failures > 0 ORDER BY failures DESC, key')
      .toArray() as unknown as Task<K>[];
  }

  /** Records one failure of a task and schedules its retry. */
  private async failed(task: Task<K>, error: unknown, hooks: DrainHooks<K>): Promise<void> {
    const now = Date.now();
    const failures = (task.failures ?? 0) + 1;
    const name = error instanceof Error ? error.name : 'unknown error';
    console.error(`task ${task.kind} failed (${failures} in a row): ${name}`);
    let dueAt = now + retryDelay(failures);
    const deadline = hooks.deadline?.(task) ?? null;
    if (deadline !== null && deadline > now) dueAt = Math.min(dueAt, deadline);
    const firstFailedAt = task.first_failed_at ?? now;
    // The row as it was (re-created if the run removed it before throwing), tries untouched.
    this.sql.exec(
      `INSERT INTO tasks (key, due_at, kind, ref, tries, failures, last_error, first_failed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET due_at = excluded.due_at, failures = excluded.failures,
         last_error = excluded.last_error, first_failed_at = excluded.first_failed_at`,
      task.key,
      dueAt,
      task.kind,
      task.ref,
      task.tries,
      failures,
      name,
      firstFailedAt,
    );
    if (failures === TASK_FAILURE_ALERT && hooks.failing) {
      try {
        await hooks.failing({
          key: task.key,
          kind: task.kind,
          ref: task.ref,
          failures,
          error: name,
          first_failed_at: firstFailedAt,
          last_failed_at: now,
          next_retry_at: dueAt,
        });
      } catch (report) {
        console.error(
          `task ${task.kind}: its failure could not be reported: ${(report as Error).name}`,
        );
      }
    }
  }

  /** A task that had failed ran without throwing: its count is cleared. */
  private async cleared(task: Task<K>, hooks: DrainHooks<K>): Promise<void> {
    this.sql.exec(
      'UPDATE tasks SET failures = 0, last_error = NULL, first_failed_at = NULL WHERE key = ?',
      task.key,
    );
    if ((task.failures ?? 0) >= TASK_FAILURE_ALERT && hooks.recovered) {
      try {
        await hooks.recovered(task);
      } catch (report) {
        console.error(
          `task ${task.kind}: its recovery could not be reported: ${(report as Error).name}`,
        );
      }
    }
  }

  /** Sets the alarm to the earliest remaining task (call at the end of `alarm()`). */
  async rearm(): Promise<void> {
    const next = this.earliest();
    if (next !== null) await this.storage.setAlarm(next);
  }
}
