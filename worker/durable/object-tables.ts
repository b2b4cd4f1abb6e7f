/**
 * The tables of a Durable Object that holds one record (a session, a payout), created on the
 * first write only: a request for an id or name that was never used reads, writes nothing and
 * leaves no stored object behind, so probing ids cannot fill storage.
 * @module
 */
import { INDEX_TASK, type IndexSink, type ObjectPorts } from './ports';
import { TaskQueue } from './task-queue';
import { WebhookOutbox } from './webhook-outbox';

/** The task key (and kind) of an object's periodic index check (worker/durable/outboxed-object.ts). */
export const INDEX_CHECK_TASK = 'index_check';

/** The task kinds the object base runs itself: deliveries, index writes and index checks. */
export type OutboxTaskKind = 'webhook' | typeof INDEX_TASK | typeof INDEX_CHECK_TASK;

/** What an opened object works with. */
export interface OpenTables<K extends string, I extends IndexSink = IndexSink> {
  tasks: TaskQueue<K>;
  outbox: WebhookOutbox;
  /** Its writes to the query index (summary rows, and every event the outbox queues). */
  index: I;
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

/** An object's own schema: its `CREATE TABLE IF NOT EXISTS …` statements, or a function that
 * applies them (and adds columns to older tables). */
export type ObjectSchema = string | ((sql: SqlStorage) => void);

/**
 * An object's own schema plus its task queue, webhook outbox and index sink, opened lazily; the
 * index sink and the fan-out come from the object's ports (worker/durable/ports.ts).
 *
 * @example
 * // in the constructor:
 * this.tables = new ObjectTables<TaskKind>(ctx.storage, SCHEMA, 'session', () => ports);
 * // reads: if (!this.tables.exists) return notFound;
 * // the first write: this.tables.open(); then this.tables.open().tasks.schedule(…)
 */
export class ObjectTables<K extends string, I extends IndexSink = IndexSink> {
  private opened: OpenTables<K, I> | null = null;

  /**
   * @param storage the object's storage
   * @param schema its own tables
   * @param marker a table of `schema` whose presence means the object was written; null: the
   *   object always holds its tables (a ledger, the endpoints' registry), opened at once
   * @param ports the object's ports, read when the tables open
   */
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly schema: ObjectSchema,
    marker: string | null,
    private readonly ports: () => ObjectPorts<I>,
  ) {
    if (marker === null || hasTable(storage.sql, marker)) this.open();
  }

  /** Whether the object holds a record (its tables exist). */
  get exists(): boolean {
    return this.opened !== null;
  }

  /** Creates (or brings up to date) the tables, once per instance. */
  open(): OpenTables<K, I> {
    if (this.opened) return this.opened;
    if (typeof this.schema !== 'string') this.schema(this.storage.sql);
    else if (this.schema !== '') this.storage.sql.exec(this.schema);
    const tasks = new TaskQueue<K>(this.storage);
    const ports = this.ports();
    const index = ports.index(this.storage.sql, tasks);
    const outbox = new WebhookOutbox(
      this.storage.sql,
      tasks,
      (event) => index.eventQueued(event),
      ports.fanOut(this.storage.sql, tasks, index),
    );
    this.opened = { tasks, outbox, index };
    return this.opened;
  }
}
