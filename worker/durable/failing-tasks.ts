/**
 * Tasks that keep throwing (worker/durable/task-queue.ts, {@link TASK_FAILURE_ALERT} failures
 * in a row): each is reported once to the merchant as an `integration.error` webhook
 * (`kind: "task_failing"`) by the object that holds it, and recorded in the integration-health
 * object (worker/integration-health/failing-task-log.ts), where `GET /v1/diagnostics` lists it
 * (`failing_tasks`) until it runs again. Here: the record and its webhook, which know no object.
 * @module
 */
import type { TaskFailure } from './task-queue';

/** The objects that hold task queues. */
export type TaskOwner = 'session' | 'payout' | 'ledger';

/** A failing task as `GET /v1/diagnostics` lists it (times ISO 8601). */
export interface FailingTask {
  object: TaskOwner;
  object_id: string;
  task: { key: string; kind: string; ref: string | null };
  failures: number;
  error: string;
  first_failed_at: string;
  last_failed_at: string;
  next_retry_at: string;
}

/** Failing tasks the health object keeps at most (the oldest are dropped). */
export const FAILING_TASKS_KEPT = 200;

/**
 * A failing task's record, from the object and the queue's report.
 *
 * @example
 * failingTask('session', 'cs_x', failure).task.kind; // 'reconcile'
 */
export function failingTask(
  object: TaskOwner,
  objectId: string,
  failure: TaskFailure,
): FailingTask {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    object,
    object_id: objectId,
    task: { key: failure.key, kind: failure.kind, ref: failure.ref },
    failures: failure.failures,
    error: failure.error,
    first_failed_at: iso(failure.first_failed_at),
    last_failed_at: iso(failure.last_failed_at),
    next_retry_at: iso(failure.next_retry_at),
  };
}

/** The stable event id of a failing task's `integration.error` (one per object and task). */
export function failingTaskEventId(objectId: string, taskKey: string): string {
  return `evt_${objectId}_task_${taskKey}`.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** The webhook fields of a failing task (besides what its object adds). */
export function failingTaskWebhook(record: FailingTask): Record<string, unknown> {
  return {
    kind: 'task_failing',
    task: record.task,
    failures: record.failures,
    error: record.error,
    first_failed_at: record.first_failed_at,
    next_retry_at: record.next_retry_at,
  };
}
