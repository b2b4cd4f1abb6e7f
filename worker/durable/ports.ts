/**
 * What an object base needs from outside `worker/durable/` and each object passes in (its
 * `ports()` hook, worker/object-ports.ts builds them): endpoint zero's address and secrets, the
 * sink of its index writes, and the fan-out of its webhooks to the webhook endpoints. The base
 * keeps the mechanism (the task queue, the outbox, the tables) and knows none of these domains.
 * @module
 */
import type { Task, TaskQueue } from './task-queue';

/** The task key (and kind) of an object's index writes. */
export const INDEX_TASK = 'index';

/** Where endpoint zero's webhooks go: MERCHANT_WEBHOOK_URL and its secrets. */
export interface ZeroTarget {
  url: string;
  secrets: string | readonly string[];
}

/** A webhook event as the outbox queued it. */
export interface QueuedEvent {
  id: string;
  type: string;
  created_at: number;
  payload: string;
  data: Record<string, unknown>;
}

/**
 * An object's writes to a derived index: rows wait in the object's own tables and its
 * {@link INDEX_TASK} task writes them.
 */
export interface IndexSink {
  /** A new event of the outbox, in the step it is queued (the events feed). */
  eventQueued(event: QueuedEvent): void;
  /** An event's body changed after it was queued (erasure of personal data). */
  restageEventBody(id: string, body: string): void;
  /** The body of the {@link INDEX_TASK} task: writes what waits; throws to be retried. */
  flush(): Promise<void>;
  /** Re-sends the rows changed since `since` (ms) the index lacks or holds older; answers how
   * many. */
  check(since: number): Promise<number>;
  /** Sends every row again; answers how many. */
  requeue(): number;
  /** The latest change of the object's rows (ms), or 0. */
  lastChange(): number;
}

/** An event of the outbox as a fan-out reads it. */
export interface OutboxEvent {
  type: string;
  payload: string;
}

/** The outbox's events, read by id. */
export interface EventSource {
  event(id: string): OutboxEvent | undefined;
}

/**
 * The fan-out of the outbox's events beyond endpoint zero. The outbox queues a
 * `webhook-fanout:<id>` task beside each event's own `webhook:<id>`; every `webhook` task whose
 * key is not `webhook:…` is the fan-out's.
 */
export interface FanOut {
  run(task: Task, events: EventSource): Promise<void>;
}

/**
 * What one object passes to its base.
 *
 * @example
 * protected ports() { return recordPorts(this.env); }
 */
export interface ObjectPorts<I extends IndexSink = IndexSink> {
  /** Endpoint zero, read per task: a deployment whose settings stop loading fails its webhook
   * tasks (counted, backed off, reported), not the whole alarm. */
  zero(): ZeroTarget;
  /** The object's index writes, over its tables (once per opened instance). */
  index(sql: SqlStorage, tasks: TaskQueue<string>): I;
  /** The fan-out, over its tables, logging each try through `index`. */
  fanOut(sql: SqlStorage, tasks: TaskQueue<string>, index: I): FanOut;
}
