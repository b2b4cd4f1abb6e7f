/**
 * When to ask the upstream again about an unsettled payment (session attempt or payout): status
 * queries back off from the reconcile delay, doubling up to 15 minutes apart, and stop at the
 * horizon, when the payment becomes `needs_review` (docs/design.md, "Money rules"). Our clock
 * only decides when to ask; the answer alone settles money.
 * @module
 */
import type { Config } from '../config';
import type { Task, TaskQueue } from './task-queue';

/** Longest wait between two status queries of one payment. */
export const RECONCILE_CAP_MS = 15 * 60_000;

/**
 * "Not found" answers to status queries, while the create's fate is unknown, that confirm the
 * payment was never created: it is then failed (nobody was charged) instead of asked about until
 * the horizon.
 */
export const NOT_CREATED_LIMIT = 3;

/** A pending payment whose status query is overdue by this much is asked about by the sweep. */
export const OVERDUE_GRACE_MS = 60_000;

/**
 * The query index's `next_check_at` of a pending payment is a check-by time, not the exact due
 * time of its next status query: the sweep asks an object only once it is past that time by
 * {@link OVERDUE_GRACE_MS}. It moves only when the object's next query would come later than
 * the indexed time, and then to that query's time plus this slack, so the index row is
 * rewritten about every other query at the backoff's cap, and not on every query (each
 * rewrite is a D1 write of the attempt's or payout's row and its indexes). An object whose
 * alarm stopped is found by the sweep at most this much later; money is not touched by it
 * (only the upstream's answer settles a payment).
 */
export const INDEX_CHECK_SLACK_MS = RECONCILE_CAP_MS;

/**
 * The `next_check_at` to index for a payment whose next status query is due at `due` (null:
 * none), when the index holds `indexed`: kept while the query comes by then, else moved to
 * `due` plus {@link INDEX_CHECK_SLACK_MS}. `fresh` (the sweep just re-asked an object whose
 * query was lost): moved regardless, since the indexed time was found wrong.
 *
 * @example
 * indexedCheckBy(null, 1_000); // 901_000: the first one
 * indexedCheckBy(901_000, 600_000); // 901_000: the query comes before the indexed time
 * indexedCheckBy(901_000, 1_500_000); // 2_400_000
 */
export function indexedCheckBy(
  indexed: number | null,
  due: number | null,
  fresh = false,
): number | null {
  if (due === null) return null;
  if (!fresh && indexed !== null && due <= indexed) return indexed;
  return due + INDEX_CHECK_SLACK_MS;
}

/** The settings the backoff reads. */
export type BackoffConfig = Pick<Config, 'reconcileDelaySeconds' | 'reconcileHorizonMs'>;

/**
 * Delay before the first status query of a payment (`RECONCILE_DELAY_SECONDS`, at least 50 ms).
 *
 * @example
 * tasks.schedule(`reconcile:${id}`, 'reconcile', Date.now() + firstQueryDelay(config), id);
 */
export function firstQueryDelay(config: BackoffConfig): number {
  return Math.max(config.reconcileDelaySeconds * 1000, 50);
}

/** True once a payment created at `createdAt` is past the reconcile horizon. */
export function pastHorizon(config: BackoffConfig, createdAt: number, now = Date.now()): boolean {
  return now >= createdAt + config.reconcileHorizonMs;
}

/**
 * Schedules the next status query after `task` got no final answer: the delay doubles with every
 * try (capped at {@link RECONCILE_CAP_MS}) and never runs past the horizon, so the last query
 * comes on time to decide `needs_review`.
 *
 * @example
 * if (pastHorizon(config, row.created_at)) transition('horizon_reached');
 * else scheduleNextQuery(tasks, task, config, row.created_at);
 */
export function scheduleNextQuery<K extends string>(
  tasks: TaskQueue<K>,
  task: Task<K>,
  config: BackoffConfig,
  createdAt: number,
  now = Date.now(),
): void {
  const tries = task.tries + 1;
  const delay = Math.min(firstQueryDelay(config) * 2 ** tries, RECONCILE_CAP_MS);
  const dueAt = Math.min(now + delay, createdAt + config.reconcileHorizonMs);
  tasks.schedule(task.key, task.kind, dueAt, task.ref, tries);
}

/**
 * True when a pending payment's status query is missing or overdue (an alarm that did not run):
 * the sweep then asks at once.
 */
export function queryOverdue<K extends string>(
  task: Task<K> | undefined,
  now = Date.now(),
): boolean {
  return !task || task.due_at <= now - OVERDUE_GRACE_MS;
}
