/**
 * What a session does about its tasks that keep throwing (worker/durable/task-queue.ts): a
 * status query is never retried past its attempt's reconcile horizon, and a task failing
 * {@link TASK_FAILURE_ALERT} times in a row sends one `integration.error`
 * (`kind: "task_failing"`) and is listed by `GET /v1/diagnostics` until it runs again.
 * @module
 */
import { loadConfig } from '../config';
import { failingTask, failingTaskEventId, failingTaskWebhook } from '../durable/failing-tasks';
import { clearFailingTask, noteFailingTask } from '../integration-health/failing-task-log';
import type { DrainHooks, Task } from '../durable/task-queue';
import type { SessionContext, SessionTaskKind } from './context';
import { queueWebhook } from './webhooks';

/**
 * The drain hooks of a session's alarm.
 *
 * @example
 * await cx.tasks.drain((task) => run(task), sessionDrainHooks(cx));
 */
export function sessionDrainHooks(cx: SessionContext): DrainHooks<SessionTaskKind> {
  const sessionId = () => cx.store.session()?.id ?? 'unknown';
  return {
    deadline: (task) => reconcileHorizon(cx, task),
    failing: async (failure) => {
      const record = failingTask('session', sessionId(), failure);
      cx.log('task_failing', failure.ref, { task: failure.kind, failures: failure.failures });
      if (cx.store.session()) {
        const attempt = failure.ref ? cx.store.attempt(failure.ref) : undefined;
        queueWebhook(
          cx,
          failingTaskEventId(record.object_id, failure.key),
          'integration.error',
          attempt,
          failingTaskWebhook(record),
        );
      }
      await noteFailingTask(cx.env, record);
    },
    recovered: async (task) => {
      cx.log('task_recovered', task.ref, { task: task.kind });
      await clearFailingTask(cx.env, 'session', sessionId(), task.key);
    },
  };
}

/** The reconcile horizon of a status-query task's attempt (null for other tasks, or when the
 * settings cannot be read: then only the backoff applies). */
function reconcileHorizon(cx: SessionContext, task: Task<SessionTaskKind>): number | null {
  if (task.kind !== 'reconcile' || !task.ref) return null;
  const attempt = cx.store.attempt(task.ref);
  if (!attempt) return null;
  try {
    return attempt.created_at + loadConfig(cx.env).reconcileHorizonMs;
  } catch {
    return null;
  }
}
