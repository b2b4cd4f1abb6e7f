/**
 * One alarm fed by a tasks table (Cloudflare's DO pattern): every timer of an object is a row,
 * the alarm is always set to the earliest one, and `ON CONFLICT` makes scheduling idempotent.
 * @module
 */

/** A scheduled piece of work. */
export interface Task<K extends string = string> {
  key: string;
  due_at: number;
  kind: K;
  ref: string | null;
  tries: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tasks (
  key TEXT PRIMARY KEY, due_at INTEGER NOT NULL, kind TEXT NOT NULL, ref TEXT,
  tries INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tasks_due ON tasks (due_at);
`;

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
   * The body of an object's `alarm()`: runs every due task with `run`; a task that throws is
   * retried 30 s later (its error's name is logged, never its data); then re-arms the alarm.
   *
   * @example
   * override async alarm() { await this.tasks.drain((task) => this.runTask(task)); }
   */
  async drain(run: (task: Task<K>) => Promise<void>): Promise<void> {
    for (const task of this.due()) {
      try {
        await run(task);
      } catch (error) {
        console.error(`task ${task.kind} failed: ${(error as Error).name}`);
        this.schedule(task.key, task.kind, Date.now() + 30_000, task.ref, task.tries + 1);
      }
    }
    await this.rearm();
  }

  /** Sets the alarm to the earliest remaining task (call at the end of `alarm()`). */
  async rearm(): Promise<void> {
    const next = this.earliest();
    if (next !== null) await this.storage.setAlarm(next);
  }
}
