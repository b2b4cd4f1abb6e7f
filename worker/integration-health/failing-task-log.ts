/**
 * The integration-health object's list of failing tasks (worker/durable/failing-tasks.ts): each
 * object records its own there and clears it once the task runs again; `GET /v1/diagnostics`
 * reads it.
 * @module
 */
import type { FailingTask, TaskOwner } from '../durable/failing-tasks';
import type { ProxyEnv } from '../env';
import { healthObject } from './health-object';

/** Records a failing task where the diagnostics read it (best effort: never throws). */
export async function noteFailingTask(env: ProxyEnv, record: FailingTask): Promise<void> {
  await healthObject(env)
    .noteFailingTask(record)
    .catch(() => undefined);
}

/** Forgets a failing task that ran again (best effort: never throws). */
export async function clearFailingTask(
  env: ProxyEnv,
  object: TaskOwner,
  objectId: string,
  taskKey: string,
): Promise<void> {
  await healthObject(env)
    .clearFailingTask(object, objectId, taskKey)
    .catch(() => undefined);
}

/** Every failing task recorded, most recent failure first. */
export async function failingTasks(env: ProxyEnv): Promise<FailingTask[]> {
  return healthObject(env).failingTasks();
}
