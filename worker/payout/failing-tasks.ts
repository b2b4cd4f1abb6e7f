/**
 * What a payout does about its tasks that keep throwing (worker/durable/task-queue.ts): its
 * status query is never retried past the reconcile horizon, and a task failing
 * {@link TASK_FAILURE_ALERT} times in a row sends one `integration.error`
 * (`kind: "task_failing"`, with the payout's reference) and is listed by `GET /v1/diagnostics`
 * until it runs again.
 * @module
 */
import { failingTask, failingTaskEventId, failingTaskWebhook } from '../durable/failing-tasks';
import { clearFailingTask, noteFailingTask } from '../integration-health/failing-task-log';
import type { DrainHooks } from '../durable/task-queue';
import type { PayoutContext } from './context';
import type { TaskKind } from './store';

/**
 * The drain hooks of a payout's alarm.
 *
 * @example
 * await store.open().tasks.drain((task) => run(task), payoutDrainHooks(cx));
 */
export function payoutDrainHooks(cx: PayoutContext): DrainHooks<TaskKind> {
  const { store, env } = cx;
  const reference = () => store.row()?.reference ?? 'unknown';
  return {
    deadline: (task) => {
      const row = store.row();
      if (task.kind !== 'reconcile' || !row) return null;
      try {
        return row.created_at + cx.config.reconcileHorizonMs;
      } catch {
        return null;
      }
    },
    failing: async (failure) => {
      const record = failingTask('payout', reference(), failure);
      const row = store.row();
      store
        .open()
        .outbox.enqueue(failingTaskEventId(record.object_id, failure.key), 'integration.error', {
          reference: record.object_id,
          status: row?.status ?? null,
          ...failingTaskWebhook(record),
        });
      await noteFailingTask(env, record);
    },
    recovered: (task) => clearFailingTask(env, 'payout', reference(), task.key),
  };
}
