/**
 * The base of every Durable Object that keeps a task queue and outboxes (docs/design.md,
 * "Durable Objects"): the session, payout, ledger and webhook-endpoints objects. It owns the
 * object's tables (worker/durable/object-tables.ts) and its one `alarm()`, which runs the
 * outboxes' own tasks (`webhook`, `index`, `index_check`) itself and hands every other task to
 * the subclass's typed handler of that kind. `sweep`, `reindex` and `resendWebhook` are
 * implemented here once; subclasses supply small hooks.
 *
 * The shape is the Agents SDK's `Scheduler` and @cloudflare/actors' `Alarms` (one alarm fed by
 * a table of tasks, dispatched by name), but neither package is used: both keep whole-second
 * times and random task ids (we need millisecond timers and keyed, idempotent tasks with a
 * counted, deadline-bounded retry), and both create their table in the constructor, where a
 * read of an id never used must store nothing.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { ProxyEnv } from '../env';
import {
  INDEX_CHECK_TASK,
  ObjectTables,
  type ObjectSchema,
  type OpenTables,
  type OutboxTaskKind,
} from './object-tables';
import { fail, type Outcome } from './outcome';
import { INDEX_TASK, type IndexSink, type ObjectPorts } from './ports';
import type { DrainHooks, Task } from './task-queue';

/** How often an object whose record can still change checks its index rows against D1. */
export const INDEX_CHECK_EVERY_MS = 60 * 60_000;

/** The key-value key of the time of the object's last index check. */
const CHECKED_AT = 'index_checked_at';

/** The typed handler of each domain task kind (the only way a subclass takes part in alarms). */
export type TaskHandlers<K extends string> = {
  readonly [kind in K]: (task: Task<K>) => Promise<void>;
};

/** What an index check or a reindex did: status queries asked, index rows re-sent. */
export interface IndexRepair {
  reconciled: number;
  requeued: number;
}

/** Where an object's tables come from. */
export interface ObjectLayout {
  schema: ObjectSchema;
  /** The table whose presence means the object holds a record; null: always open. */
  marker: string | null;
}

/**
 * A Durable Object with a task queue, a webhook outbox and an index outbox. Subclasses give
 * their domain task handlers, their ports (worker/durable/ports.ts: endpoint zero, the index
 * sink, the fan-out) and the hooks below, and never override `alarm()`
 * (test/scripts/one-alarm.test.ts checks it).
 *
 * @example
 * class Payout extends OutboxedObject<'reconcile' | 'retention' | 'owner', IndexOutbox> {
 *   protected readonly handlers = { reconcile: (t) => …, retention: (t) => …, owner: (t) => … };
 *   protected ports() { return recordPorts(this.env); }
 * }
 */
export abstract class OutboxedObject<
  K extends string,
  I extends IndexSink = IndexSink,
> extends DurableObject<ProxyEnv> {
  protected readonly tables: ObjectTables<K | OutboxTaskKind, I>;
  /** One handler per domain task kind. */
  protected abstract readonly handlers: TaskHandlers<K>;
  private cachedPorts: ObjectPorts<I> | null = null;

  constructor(ctx: DurableObjectState, env: ProxyEnv, layout: ObjectLayout) {
    super(ctx, env);
    this.tables = new ObjectTables<K | OutboxTaskKind, I>(
      ctx.storage,
      layout.schema,
      layout.marker,
      () => this.port,
    );
  }

  /** The tables, the task queue and both outboxes (created on the first call). */
  protected get open(): OpenTables<K | OutboxTaskKind, I> {
    return this.tables.open();
  }

  /** What the object passes in: endpoint zero, its index sink, its fan-out (read once). */
  protected abstract ports(): ObjectPorts<I>;

  private get port(): ObjectPorts<I> {
    return (this.cachedPorts ??= this.ports());
  }

  // ---------------------------------------------------------------- hooks

  /** Whether the object holds its record (an id never written holds none). */
  protected holdsRecord(): boolean {
    return this.tables.exists;
  }

  /** What the queue does about tasks that keep throwing (worker/durable/task-queue.ts). */
  protected drainHooks(): DrainHooks<K | OutboxTaskKind> {
    return {};
  }

  /** Stages the object's summary rows for the index; `fresh`: a lost status query was just
   * asked again (its check-by time moves). */
  protected stageIndexRows(_fresh: boolean): void {}

  /** Stages every summary row the object can build (`npm run reindex`). */
  protected stageAllIndexRows(): void {
    this.stageIndexRows(false);
  }

  /** Asks the upstream now about each unsettled payment whose status query is missing or
   * overdue (an alarm that did not run); answers how many were asked. */
  protected async reconcileOverdue(): Promise<number> {
    return 0;
  }

  /** Schedules the erasure of a settled record's personal data, if due. */
  protected keep(): void {}

  /** Whether the record can still change, so its index rows are checked every hour (once it
   * settled, one more check runs after its last change). */
  protected unsettled(): boolean {
    return false;
  }

  /** The index check compares the rows changed since this time (ms). */
  protected indexCheckSince(): number {
    return 0;
  }

  /** What runs after every alarm run (by default: the rows a status query moved). */
  protected afterAlarm(): void {
    this.stageIndexRows(false);
  }

  /** The noun of a "not found" answer ("session", "payout", …). */
  protected abstract readonly noun: string;

  // ---------------------------------------------------------------- the one alarm

  /** Runs every due task, then re-arms the alarm for the earliest remaining one. Subclasses
   * do not override it: their `handlers` are the hook. */
  override async alarm(): Promise<void> {
    await this.runDue(Date.now());
  }

  /** One run of the alarm over the tasks due by `now` (the dev classes also run it on demand:
   * early: worker/dev-objects.ts). */
  protected async runDue(now: number): Promise<void> {
    await this.open.tasks.drain((task) => this.runTask(task), this.drainHooks(), now);
    this.afterAlarm();
    this.planIndexCheck();
  }

  private async runTask(task: Task<K | OutboxTaskKind>): Promise<void> {
    const { tasks, outbox, index } = this.open;
    if (task.kind === 'webhook') {
      return outbox.run(task, () => this.port.zero());
    }
    if (task.kind === INDEX_TASK) return index.flush();
    if (task.kind === INDEX_CHECK_TASK) {
      tasks.cancel(task.key);
      await this.checkIndex();
      return;
    }
    const handler = this.handlers[task.kind as K] as TaskHandlers<K>[K] | undefined;
    if (!handler) {
      // A kind no handler knows (a task of an older deployment): dropped, not retried forever.
      console.error(`task ${task.kind}: no handler, dropped`);
      tasks.cancel(task.key);
      return;
    }
    return handler(task as Task<K>);
  }

  /**
   * While the record can still change, an index check is due within the hour; once it settled,
   * one more check comes after its last change, then none (the time of the last check is kept
   * in the object's key-value storage, one write per check).
   */
  private planIndexCheck(): void {
    if (!this.tables.exists) return;
    const { tasks, index } = this.open;
    if (tasks.get(INDEX_CHECK_TASK)) return;
    if (!this.unsettled()) {
      const checkedAt = this.ctx.storage.kv.get<number>(CHECKED_AT) ?? 0;
      if (checkedAt > index.lastChange()) return;
    }
    const dueAt = Date.now() + INDEX_CHECK_EVERY_MS;
    tasks.schedule(INDEX_CHECK_TASK, INDEX_CHECK_TASK, dueAt, null);
  }

  /** The index check: overdue status queries are asked, then the rows D1 lacks or holds older
   * are re-sent (the index is derived: the object repairs it from its own rows). */
  private async checkIndex(): Promise<IndexRepair> {
    this.ctx.storage.kv.put(CHECKED_AT, Date.now());
    const reconciled = await this.reconcileOverdue();
    this.stageIndexRows(reconciled > 0);
    this.keep();
    const requeued = await this.open.index.check(this.indexCheckSince());
    this.planIndexCheck();
    return { reconciled, requeued };
  }

  // ---------------------------------------------------------------- RPC

  /**
   * The index check now: the Cron Trigger's poke of an object whose `next_check_at` in the
   * index is overdue (worker/index-store/sweep.ts), and the `index_check` task's body.
   */
  async sweep(): Promise<IndexRepair> {
    if (!this.holdsRecord()) return { reconciled: 0, requeued: 0 };
    const repair = await this.checkIndex();
    await this.open.tasks.rearm();
    return repair;
  }

  /** Sends every index row of this object again (`npm run reindex`). */
  async reindex(): Promise<IndexRepair> {
    if (!this.holdsRecord()) return { reconciled: 0, requeued: 0 };
    this.stageAllIndexRows();
    // Records settled before erasure existed get their retention timer here.
    this.keep();
    return { reconciled: 0, requeued: this.open.index.requeue() };
  }

  /** Re-sends one webhook now (the merchant's manual retry), or NOT_FOUND. */
  async resendWebhook(eventId: string): Promise<Outcome<{ resent: true }>> {
    if (this.tables.exists && this.open.outbox.resend(eventId)) {
      return { ok: true, value: { resent: true } };
    }
    return fail('NOT_FOUND', `This ${this.noun} has no webhook with that id.`);
  }
}
