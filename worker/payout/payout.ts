/**
 * The Payout Durable Object: one per payout reference. It records the payout before calling the
 * upstream (worker/payout/create.ts), learns the outcome from verified callbacks
 * (worker/payout/callbacks.ts) or the status query when none comes (worker/payout/reconcile.ts),
 * and settles it only on the upstream's answer matched against its records
 * (worker/payout/transitions.ts; docs/design.md, "Money rules"). This class is its typed RPC
 * surface and its one alarm.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { PayoutBody } from '../../shared/schemas';
import { isUnsettledAttempt } from '../../shared/status';
import { loadConfig } from '../config';
import type { Outcome } from '../durable/outcome';
import { queryOverdue } from '../durable/reconcile-backoff';
import type { Task } from '../durable/task-queue';
import type { ProxyEnv } from '../env';
import { INDEX_TASK } from '../index-store/index-outbox';
import { applyCallback, type CallbackResult, type PayoutCallback } from './callbacks';
import { createPayout, type Created } from './create';
import { queryStatus, runReconcileTask } from './reconcile';
import { PayoutStore, type TaskKind } from './store';
import { payoutView, stageIndexRow, type PayoutView } from './view';

/** One payout, its outcome and its merchant webhooks. */
export class Payout extends DurableObject<ProxyEnv> {
  private readonly store: PayoutStore;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.store = new PayoutStore(ctx.storage);
  }

  /** Creates the payout upstream (idempotent by reference, see worker/payout/create.ts). */
  async create(body: PayoutBody): Promise<Outcome<Created>> {
    return createPayout(this.env, this.store, body);
  }

  /** The payout, or null when this reference was never created here. */
  async view(): Promise<PayoutView | null> {
    return payoutView(this.store);
  }

  /**
   * Applies a verified payout callback; answers `known: false` when this object holds no payout
   * (the caller then keeps the callback in the ledger).
   */
  async applyCallback(callback: PayoutCallback): Promise<CallbackResult> {
    return applyCallback(this.store, callback);
  }

  /**
   * Asks the upstream for this payout's status now (the merchant asked, e.g. for a payout in
   * `needs_review`); answers the payout after the answer was applied, or null when unknown.
   */
  async reconcileNow(): Promise<PayoutView | null> {
    const row = this.store.row();
    if (!row) return null;
    if (isUnsettledAttempt(row.status)) {
      await queryStatus(this.env, this.store, loadConfig(this.env), null);
    }
    stageIndexRow(this.store);
    return payoutView(this.store);
  }

  /**
   * The reconciliation sweep (worker/index-store/sweep.ts): asks the upstream now when the
   * payout is pending and its status query is missing or overdue, then re-sends the index row
   * when D1 lacks it or holds it older, and re-arms the alarm.
   */
  async sweep(): Promise<{ reconciled: number; requeued: number }> {
    const row = this.store.row();
    if (!row) return { reconciled: 0, requeued: 0 };
    const { tasks, index } = this.store.open();
    const task = tasks.get('reconcile');
    const overdue = row.status === 'pending' && queryOverdue(task);
    if (overdue) {
      await this.run(
        task ?? { key: 'reconcile', kind: 'reconcile', due_at: 0, ref: row.reference, tries: 0 },
      );
    }
    stageIndexRow(this.store);
    const requeued = await index.check(this.env.INDEX);
    await tasks.rearm();
    return { reconciled: overdue ? 1 : 0, requeued };
  }

  /** Sends this payout's index row again (`npm run reindex`); answers how many rows. */
  async reindex(): Promise<number> {
    if (!this.store.row()) return 0;
    stageIndexRow(this.store);
    return this.store.open().index.requeue();
  }

  /** Re-sends one webhook of this payout now; answers false for an unknown id. */
  async resendWebhook(id: string): Promise<boolean> {
    return this.store.exists && this.store.open().outbox.resend(id);
  }

  override async alarm(): Promise<void> {
    await this.store.open().tasks.drain((task) => this.run(task));
    // A status query that rescheduled itself moved the payout's next check.
    stageIndexRow(this.store);
  }

  private async run(task: Task<TaskKind>): Promise<void> {
    const config = loadConfig(this.env);
    const { index, outbox } = this.store.open();
    if (task.kind === INDEX_TASK) return index.flush(this.env.INDEX);
    if (task.kind === 'webhook') {
      return outbox.deliver(task.ref!, config.merchantWebhookUrl, this.env.MERCHANT_WEBHOOK_SECRET);
    }
    return runReconcileTask(this.env, this.store, config, task);
  }
}
