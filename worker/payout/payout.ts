/**
 * The Payout Durable Object: one per payout reference. It records the payout before calling the
 * upstream (worker/payout/create.ts), learns the outcome from verified callbacks
 * (worker/payout/callbacks.ts) or the status query when none comes (worker/payout/reconcile.ts),
 * and settles it only on the upstream's answer matched against its records
 * (worker/payout/transitions.ts; docs/design.md, "Money rules"). A payout may pay a checkout
 * session's refund (its owner, reference `re_…`): then it sends `refund.*` webhooks and tells
 * the session each change (worker/payout/owner.ts; docs/refunds.md). This class is its typed
 * RPC surface and its one alarm.
 * @module
 */
import { payoutDrainHooks } from './failing-tasks';
import { DurableObject } from 'cloudflare:workers';
import type { PayoutBody } from '../../shared/schemas';
import { isUnsettledAttempt } from '../../shared/status';
import { loadConfig } from '../config';
import type { Outcome } from '../durable/outcome';
import { queryOverdue } from '../durable/reconcile-backoff';
import { RETENTION_TASK } from '../durable/redaction';
import type { Task } from '../durable/task-queue';
import type { ProxyEnv } from '../env';
import { INDEX_TASK } from '../index-store/index-outbox';
import { applyCallback, type CallbackResult, type PayoutCallback } from './callbacks';
import type { CreatedBy } from '../keys/created-by';
import { createPayout, type Created } from './create';
import {
  eraseLateArrivals,
  redactPayout,
  runPayoutRetention,
  schedulePayoutRetention,
} from './redact';
import { queryStatus, runReconcileTask } from './reconcile';
import { refundDetail, type RefundDetail } from './refund-view';
import { tellOwner } from './owner';
import { PayoutStore, type RefundOwner, type TaskKind } from './store';
import { stageIndexRow } from './index-row';
import { payoutView, type PayoutView } from './view';
import { webhookSecrets } from '../secret-rotation';
import { remoteDirectory } from '../webhook-endpoints/directory';

/** One payout, its outcome and its merchant webhooks. */
export class Payout extends DurableObject<ProxyEnv> {
  private readonly store: PayoutStore;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.store = new PayoutStore(ctx.storage);
  }

  /** Creates the payout upstream (idempotent by reference, see worker/payout/create.ts); with
   * `owner`, the payout pays that session's refund. */
  async create(
    body: PayoutBody,
    createdBy: CreatedBy | null = null,
    owner: RefundOwner | null = null,
  ): Promise<Outcome<Created>> {
    const created = await createPayout(this.env, this.store, body, createdBy, owner);
    this.keep();
    return created;
  }

  /** The refund this payout pays, or null (no payout here, or a merchant's own payout). */
  async refund(): Promise<RefundDetail | null> {
    const owner = this.store.owner();
    const view = payoutView(this.store);
    return owner && view ? refundDetail(view, owner) : null;
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
    const result = applyCallback(this.store, callback);
    eraseLateArrivals(this.store);
    this.keep();
    return result;
  }

  /**
   * Erases the payout's personal data now (`POST /v1/payouts/:ref/redact`,
   * worker/payout/redact.ts); answers the payout afterwards, NOT_FOUND or NOT_SETTLED.
   */
  async redact(): Promise<Outcome<PayoutView>> {
    const done = redactPayout(this.store, 'request');
    if (!done.ok) return done;
    return { ok: true, value: payoutView(this.store)! };
  }

  /** Schedules the erasure of a settled payout (RETENTION_DAYS after it settled). */
  private keep(): void {
    schedulePayoutRetention(this.store, loadConfig(this.env));
  }

  /** True when a callback with this digest is recorded here (an exact retry's lookup). */
  async hasCallback(digest: string): Promise<boolean> {
    if (!this.store.exists) return false;
    return (
      this.store.sql
        .exec('SELECT 1 FROM payout_callbacks WHERE digest = ? LIMIT 1', digest)
        .toArray().length > 0
    );
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
    this.keep();
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
    stageIndexRow(this.store, overdue);
    this.keep();
    const requeued = await index.check(this.env.INDEX);
    await tasks.rearm();
    return { reconciled: overdue ? 1 : 0, requeued };
  }

  /** Sends this payout's index row again (`npm run reindex`); answers how many rows. */
  async reindex(): Promise<number> {
    if (!this.store.row()) return 0;
    stageIndexRow(this.store);
    // Payouts settled before erasure existed get their retention timer here.
    this.keep();
    return this.store.open().index.requeue();
  }

  /** Re-sends one webhook of this payout now; answers false for an unknown id. */
  async resendWebhook(id: string): Promise<boolean> {
    return this.store.exists && this.store.open().outbox.resend(id);
  }

  override async alarm(): Promise<void> {
    await this.store
      .open()
      .tasks.drain((task) => this.run(task), payoutDrainHooks(this.env, this.store));
    // A status query that rescheduled itself moved the payout's next check.
    stageIndexRow(this.store);
    this.keep();
  }

  private async run(task: Task<TaskKind>): Promise<void> {
    const config = loadConfig(this.env);
    const { index, outbox } = this.store.open();
    if (task.kind === INDEX_TASK) return index.flush(this.env.INDEX);
    if (task.kind === RETENTION_TASK) return runPayoutRetention(this.store, config, task);
    if (task.kind === 'owner') return tellOwner(this.env, this.store, task);
    if (task.kind === 'webhook') {
      return outbox.run(
        task,
        () => ({ url: config.merchantWebhookUrl, secrets: webhookSecrets(this.env, config) }),
        remoteDirectory(this.env),
      );
    }
    return runReconcileTask(this.env, this.store, config, task);
  }
}
