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
import type { PayoutBody } from '../../shared/schemas';
import { isUnsettledAttempt } from '../../shared/status';
import { OutboxedObject, type TaskHandlers } from '../durable/outboxed-object';
import type { IndexOutbox } from '../index-store/index-outbox';
import { objectContext } from '../object-context';
import { recordPorts } from '../object-ports';
import { fail, type Outcome } from '../durable/outcome';
import { queryOverdue } from '../durable/reconcile-backoff';
import type { RedactionReason } from '../durable/redaction';
import type { ProxyEnv } from '../env';
import type { CreatedBy } from '../keys/created-by';
import { applyCallback, type CallbackResult, type PayoutCallback } from './callbacks';
import type { PayoutContext } from './context';
import { createPayout, type Created } from './create';
import { payoutDrainHooks } from './failing-tasks';
import { stageIndexRow } from './index-row';
import { tellOwner } from './owner';
import { queryStatus, runReconcileTask } from './reconcile';
import {
  eraseLateArrivals,
  redactPayout,
  runPayoutRetention,
  schedulePayoutRetention,
} from './redact';
import { refundDetail, type RefundDetail } from './refund-view';
import { canceledReport } from './report';
import { PayoutStore, SCHEMA, type PayoutTaskKind, type RefundOwner } from './store';
import { applyEvent } from './transitions';
import { payoutView, type PayoutView } from './view';

const NOT_FOUND = 'No payout has that reference.';

/** One payout, its outcome and its merchant webhooks. */
export class Payout extends OutboxedObject<PayoutTaskKind, IndexOutbox> {
  private readonly store: PayoutStore;
  private readonly cx: PayoutContext;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env, { schema: SCHEMA, marker: 'payout' });
    this.store = new PayoutStore(ctx.storage.sql, this.tables);
    this.cx = objectContext(this.store, () => this.env);
  }

  protected ports() {
    return recordPorts(this.env);
  }

  protected get noun(): string {
    return this.store.owner() ? 'refund' : 'payout';
  }

  /** Creates the payout upstream (idempotent by reference, see worker/payout/create.ts); with
   * `owner`, the payout pays that session's refund. */
  async create(
    body: PayoutBody,
    createdBy: CreatedBy | null = null,
    owner: RefundOwner | null = null,
  ): Promise<Outcome<Created>> {
    const created = await createPayout(this.cx, body, createdBy, owner);
    this.keep();
    return created;
  }

  /** The refund this payout pays, or NOT_FOUND (no payout here, or a merchant's own payout). */
  async refund(): Promise<Outcome<RefundDetail>> {
    const owner = this.store.owner();
    const view = payoutView(this.store);
    if (!owner || !view) return fail('NOT_FOUND', 'No refund has that id.');
    return { ok: true, value: refundDetail(view, owner) };
  }

  /**
   * Cancels the refund this payout pays while its create provably never left (`unsent`):
   * `failed`, create_state `canceled`, one `refund.canceled`, and its session frees the amount.
   * Answers the refund, NOT_FOUND, or REFUND_NOT_CANCELABLE once it may have been sent.
   */
  async cancelRefund(): Promise<Outcome<RefundDetail>> {
    const owner = this.store.owner();
    const row = this.store.row();
    if (!owner || !row) return fail('NOT_FOUND', 'No refund has that id.');
    if (!this.store.claimCancel()) {
      return fail(
        'REFUND_NOT_CANCELABLE',
        'This refund may have reached the payment service: it can no longer be canceled.',
        { status: row.status, create_state: row.create_state },
      );
    }
    applyEvent(this.store, 'confirmed_failed', canceledReport());
    this.keep();
    return { ok: true, value: refundDetail(payoutView(this.store)!, owner) };
  }

  /** The payout, or NOT_FOUND when this reference was never created here. */
  async view(): Promise<Outcome<PayoutView>> {
    const view = payoutView(this.store);
    return view ? { ok: true, value: view } : fail('NOT_FOUND', NOT_FOUND);
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
   * Erases the payout's personal data now (`POST /v1/payouts/:ref/redact`, or a refund's
   * session erased, worker/payout/redact.ts); answers the payout afterwards, NOT_FOUND or
   * NOT_SETTLED.
   */
  async redact(reason: RedactionReason = 'request'): Promise<Outcome<PayoutView>> {
    const done = redactPayout(this.store, reason);
    if (!done.ok) return done;
    return { ok: true, value: payoutView(this.store)! };
  }

  /** True when a callback with this digest is recorded here (an exact retry's lookup). */
  async hasCallback(digest: string): Promise<boolean> {
    return this.store.hasCallback(digest);
  }

  /**
   * Asks the upstream for this payout's status now (the merchant asked, e.g. for a payout in
   * `needs_review`); answers the payout after the answer was applied, or NOT_FOUND.
   */
  async reconcileNow(): Promise<Outcome<PayoutView>> {
    const row = this.store.row();
    if (!row) return fail('NOT_FOUND', NOT_FOUND);
    if (isUnsettledAttempt(row.status)) {
      await queryStatus(this.cx, null);
    }
    stageIndexRow(this.store);
    this.keep();
    return { ok: true, value: payoutView(this.store)! };
  }

  // ---------------------------------------------------------------- timers and index

  /** The payout's own tasks (the base runs webhook, index and index_check tasks). */
  protected readonly handlers: TaskHandlers<PayoutTaskKind> = {
    reconcile: (task) => runReconcileTask(this.cx, task),
    retention: async (task) => runPayoutRetention(this.cx, task),
    owner: (task) => tellOwner(this.cx, task),
  };

  // Hooks of the object base (worker/durable/outboxed-object.ts): its index check (the
  // `index_check` task, and `sweep()` when the Cron Trigger finds an overdue status query)
  // asks the upstream now when the payout is pending and its status query is missing or
  // overdue, then re-sends the index row when D1 lacks it or holds it older.

  protected override holdsRecord(): boolean {
    return this.store.row() !== undefined;
  }

  protected override drainHooks() {
    return payoutDrainHooks(this.cx);
  }

  protected override stageIndexRows(fresh: boolean): void {
    stageIndexRow(this.store, fresh);
  }

  protected override async reconcileOverdue(): Promise<number> {
    const row = this.store.row();
    const task = this.store.open().tasks.get('reconcile');
    if (row?.status !== 'pending' || !queryOverdue(task)) return 0;
    await runReconcileTask(
      this.cx,
      task ?? { key: 'reconcile', kind: 'reconcile', due_at: 0, ref: row.reference, tries: 0 },
    );
    return 1;
  }

  /** Schedules the erasure of a settled payout (RETENTION_DAYS after it settled). */
  protected override keep(): void {
    schedulePayoutRetention(this.cx);
  }

  protected override unsettled(): boolean {
    const status = this.store.row()?.status;
    return status === 'pending' || status === 'needs_review';
  }

  protected override afterAlarm(): void {
    // A status query that rescheduled itself moved the payout's next check.
    stageIndexRow(this.store);
    this.keep();
  }
}
