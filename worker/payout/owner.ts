/**
 * The `owner` task of a payout that pays a refund: tells the session (or, for a payment-link
 * payment, its ledger shard) each change of the refund's status and what its reports counted
 * as paid out (it keeps the refund budget; a failed refund frees its amount, a refund paid out
 * twice or in another currency holds what left; a succeeded one shows on the hosted page). It reads the status when it runs, so a late or
 * repeated run tells the latest; a session that cannot be reached throws, and the task queue
 * retries with backoff.
 * @module
 */
import type { Task } from '../durable/task-queue';
import type { ProxyEnv } from '../env';
import { moneyRecords } from '../payment/money-store';
import { findSessionStub, ledgerStub } from '../stubs';
import { settledAmount } from './refund-view';
import type { PayoutContext } from './context';
import type { RefundOwner, TaskKind } from './store';
import { payoutView } from './view';

/** The object that keeps a refund's budget: its session, or its link payment's ledger shard. */
function budgetKeeper(env: ProxyEnv, owner: RefundOwner) {
  if (owner.kind === 'link_refund') return ledgerStub(env, owner.session_id);
  return findSessionStub(env, owner.session_id);
}

/** Runs the `owner` task (see the module comment). */
export async function tellOwner(cx: PayoutContext, task: Task<TaskKind>): Promise<void> {
  const { store, env } = cx;
  const row = store.row();
  const owner = store.owner();
  const { tasks } = store.open();
  const keeper = owner ? budgetKeeper(env, owner) : null;
  if (!row || !owner || !keeper) {
    tasks.cancel(task.key);
    return;
  }
  await keeper.refundChanged(row.reference, {
    status: row.status,
    settled_amount: settledAmount(row, payoutView(store)?.differences ?? null),
    paid_out: moneyRecords(store.sql).get(row.reference) ?? [],
  });
  // A change while the session was being told schedules the task again (due now): keep it.
  if (tasks.get(task.key)?.due_at === task.due_at) tasks.cancel(task.key);
}
