/**
 * The `owner` task of a payout that pays a refund: tells the session each change of the
 * refund's status (the session keeps the refund budget; a failed refund frees its amount, a
 * succeeded one shows on the hosted page). It reads the status when it runs, so a late or
 * repeated run tells the latest; a session that cannot be reached throws, and the task queue
 * retries with backoff.
 * @module
 */
import type { Task } from '../durable/task-queue';
import type { ProxyEnv } from '../env';
import { findSessionStub } from '../stubs';
import { settledAmount } from './refund-view';
import type { PayoutStore, TaskKind } from './store';
import { payoutView } from './view';

/** Runs the `owner` task (see the module comment). */
export async function tellOwner(
  env: ProxyEnv,
  store: PayoutStore,
  task: Task<TaskKind>,
): Promise<void> {
  const row = store.row();
  const owner = store.owner();
  const { tasks } = store.open();
  const session = owner ? findSessionStub(env, owner.session_id) : null;
  if (!row || !owner || !session) {
    tasks.cancel(task.key);
    return;
  }
  await session.refundChanged(row.reference, {
    status: row.status,
    settled_amount: settledAmount(row, payoutView(store)?.differences ?? null),
  });
  // A change while the session was being told schedules the task again (due now): keep it.
  if (tasks.get(task.key)?.due_at === task.due_at) tasks.cancel(task.key);
}
