/**
 * The tables of a Durable Object that holds one record (a session, a payout), created on the
 * first write only: a request for an id or name that was never used reads, writes nothing and
 * leaves no stored object behind, so probing ids cannot fill storage.
 * @module
 */
import { IndexOutbox } from '../index-store/index-outbox';
import { eventSummary } from '../index-store/event-summary';
import { TaskQueue } from './task-queue';
import { WebhookOutbox } from './webhook-outbox';

/** What an opened object works with. */
export interface OpenTables<K extends string> {
  tasks: TaskQueue<K>;
  outbox: WebhookOutbox;
  /** Its writes to the query index (summary rows, and every event the outbox queues). */
  index: IndexOutbox;
}

/**
 * Whether the object's database has this table (a read: it creates nothing).
 *
 * @example
 * hasTable(ctx.storage.sql, 'session'); // false for an object never written
 */
export function hasTable(sql: SqlStorage, name: string): boolean {
  return (
    sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray()
      .length > 0
  );
}

/**
 * An object's own schema plus its task queue and webhook outbox, opened lazily.
 *
 * @example
 * // in the constructor:
 * this.tables = new ObjectTables<TaskKind>(ctx.storage, SCHEMA, 'session');
 * // reads: if (!this.tables.exists) return notFound;
 * // the first write: this.tables.open(); then this.tables.open().tasks.schedule(…)
 */
export class ObjectTables<K extends string> {
  private opened: OpenTables<K> | null = null;

  /**
   * @param storage the object's storage
   * @param schema its own `CREATE TABLE IF NOT EXISTS …` statements
   * @param marker a table of `schema` whose presence means the object was written
   */
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly schema: string,
    marker: string,
  ) {
    if (hasTable(storage.sql, marker)) this.open();
  }

  /** Whether the object holds a record (its tables exist). */
  get exists(): boolean {
    return this.opened !== null;
  }

  /** Creates (or brings up to date) the tables, once per instance. */
  open(): OpenTables<K> {
    if (this.opened) return this.opened;
    this.storage.sql.exec(this.schema);
    const tasks = new TaskQueue<K>(this.storage);
    const index = new IndexOutbox(this.storage.sql, tasks);
    const outbox = new WebhookOutbox(
      this.storage.sql,
      tasks,
      (event) => index.stageEvent(eventSummary(event)),
      (attempt) => index.stageDelivery(attempt),
    );
    this.opened = { tasks, outbox, index };
    return this.opened;
  }
}
