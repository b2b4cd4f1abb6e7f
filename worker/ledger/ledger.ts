/**
 * The Ledger Durable Object: callbacks that belong to no checkout session (payouts nobody here
 * created, payment-link payments, references we never issued), stored durably and idempotently,
 * never dropped. One object per name: `ledger` (unowned callbacks) and the payment-link shards
 * `links:<n>` (worker/ledger/shards.ts), which hold the payment links the proxy created (in the
 * shard of the link's id, worker/ledger/links.ts) and payment-link payments, judged and settled
 * in worker/ledger/link-payments.ts. A payment that only unknown reports told us of (payment_step
 * 1, pending, `000006`) is recorded `pending` and its status queried
 * (worker/ledger/link-reconcile.ts).
 * @module
 */
import { failingTask, failingTaskEventId, failingTaskWebhook } from '../durable/failing-tasks';
import { clearFailingTask, noteFailingTask } from '../integration-health/failing-task-log';
import type { PaymentLinkCallbackParams } from '../../shared/schemas';
import type { OutboxTaskKind } from '../durable/object-tables';
import { OutboxedObject, type TaskHandlers } from '../durable/outboxed-object';
import type { IndexOutbox } from '../index-store/index-outbox';
import { objectContext } from '../object-context';
import { recordPorts } from '../object-ports';
import { RETENTION_TASK } from '../durable/redaction';
import type { DrainHooks } from '../durable/task-queue';
import type { WebhookRecord } from '../durable/webhook-outbox';
import type { ProxyEnv } from '../env';
import type { LedgerContext } from './context';
import { applyLinkReport, stageLinkPayment, textOf } from './link-payments';
import { callbackRead } from './link-report';
import { LINK_RECONCILE, runLinkReconcile, scheduleLinkQuery } from './link-reconcile';
import {
  LINK_REFUND_SEND,
  requestLinkRefund,
  runLinkRefundSend,
  type LinkRefundAnswer,
  type LinkRefundHost,
  type LinkRefundRequest,
} from './link-refunds';
import type { NewLink } from './links';
import { runLedgerRetention, scheduleLedgerRetention } from './retention';
import { applySchema, LedgerStore, type CallbackKind, type LedgerCallback } from './store';
import { paymentWithRef } from '../payment/ref-store';
import type { Outcome } from '../durable/outcome';
import type { RefundChange } from '../refunds/send-refund';
import { applyRefundChange } from '../refunds/transitions';

/** A ledger's own timed work (the object base runs the outboxes' kinds). */
type LedgerTaskKind = typeof RETENTION_TASK | typeof LINK_RECONCILE | typeof LINK_REFUND_SEND;

/** How far back a ledger's index check looks (a payment's row never changes after its first
 * report, so older rows were checked already). */
const LEDGER_CHECK_SPAN_MS = 86_400_000;

/** Callbacks without a session, keyed by a digest of their params. */
export class Ledger extends OutboxedObject<LedgerTaskKind, IndexOutbox> {
  private readonly store: LedgerStore;
  private readonly cx: LedgerContext;
  protected readonly noun = 'ledger';

  protected ports() {
    return recordPorts(this.env);
  }

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    // A ledger always holds its tables (opened at once, as before the base existed).
    super(ctx, env, { schema: applySchema, marker: null });
    this.store = new LedgerStore(ctx.storage.sql, this.tables);
    this.cx = objectContext(this.store, () => this.env);
  }

  private get tasks() {
    return this.open.tasks;
  }

  private get outbox() {
    return this.open.outbox;
  }

  /** True when a callback with this digest is stored here (an exact retry's lookup). */
  async hasCallback(digest: string): Promise<boolean> {
    return this.store.hasCallback(digest);
  }

  /** Stores a callback once; answers whether it was new. */
  async storeCallback(
    kind: CallbackKind,
    digest: string,
    reference: string | null,
    status: string | null,
    body: string,
  ): Promise<{ duplicate: boolean }> {
    const stored = this.store.insertCallback({ kind, digest, reference, status, body });
    this.keepCallbacks();
    return stored;
  }

  /** Schedules the erasure of the stored callbacks' bodies (worker/ledger/retention.ts). */
  private keepCallbacks(): void {
    scheduleLedgerRetention(this.store, this.cx.config.retentionMs);
  }

  /** Records a payment link the proxy is about to create (in the shard of its id). */
  async recordLink(link: NewLink): Promise<void> {
    this.store.insertLink(link);
  }

  /** Records the upstream's answer to a link's create: created (its id and URL) or refused. */
  async settleLink(
    id: string,
    answer:
      { state: 'created'; upstream_id: string | null; url: string | null } | { state: 'refused' },
  ): Promise<void> {
    this.store.settleLink(id, answer);
  }

  /** The payment key a reference of a link created elsewhere points at here, or null
   * (worker/ledger/store.ts). */
  async linkRoute(ref: string): Promise<string | null> {
    return this.store.linkRoute(ref);
  }

  /** Points a reference at a payment key unless it points somewhere already. */
  async claimLinkRoute(ref: string, key: string): Promise<{ key: string; fresh: boolean }> {
    return this.store.claimLinkRoute(ref, key);
  }

  /** Moves a route just made to the payment another reference already pointed at. */
  async repointLinkRoute(ref: string, from: string, to: string): Promise<void> {
    this.store.repointLinkRoute(ref, from, to);
  }

  /**
   * Stores a hosted-checkout (payment-link) callback once (by digest) and applies what it
   * reports to its payment (by upstream reference), judged against the link `linkId` names when
   * the proxy created it (its callback URL carries the id), else as a link created elsewhere.
   * A final report without an upstream reference raises `payment_link.anomaly`; a report that
   * says nothing final starts the payment's status queries. `routedKey`: the payment a report
   * of a link created elsewhere was routed to (worker/ledger/link-routing.ts).
   */
  async storePaymentLinkCallback(
    digest: string,
    params: PaymentLinkCallbackParams,
    body: string,
    linkId: string | null = null,
    routedKey: string | null = null,
  ): Promise<{ duplicate: boolean }> {
    const reference =
      params.third_party_reference_1 ?? params.payment_reference ?? params.reference ?? null;
    const stored = this.store.insertCallback({
      kind: 'payment_link',
      digest,
      reference,
      status: params.status ?? null,
      body,
    });
    this.keepCallbacks();
    if (stored.duplicate) return stored;
    const link = linkId === null ? null : (this.store.linkById(linkId) ?? null);
    const read = callbackRead(params, link?.id ?? null);
    // One transaction, whichever of its references a report names: a payment given the
    // depositId or `reference` before keeps its key (distinct values, either one left out).
    const known =
      paymentWithRef(this.store.sql, [
        ...read.upstreamRefs.transaction,
        ...read.upstreamRefs.collection,
      ]) ?? (routedKey !== null && this.store.linkPayment(routedKey) ? routedKey : null);
    const upstreamRef =
      (known === null ? null : this.store.linkPayment(known)?.upstream_reference) ||
      (textOf(params.reference) ?? textOf(params.depositId));
    // A report that says nothing final and names no payment tells nothing to act on.
    if (read.outcome === 'unknown' && upstreamRef === null) return stored;
    const applied = await applyLinkReport(
      this.store,
      link,
      {
        source: 'callback',
        read,
        upstreamRef,
        reference,
        paymentType: textOf(params.payment_method_type),
        digest,
      },
      known ?? routedKey,
    );
    if (applied.query) scheduleLinkQuery(this.tasks, this.cx.config, applied.key);
    return stored;
  }

  /** What this shard lends its link payments' refunds; `name` as the route named it first. */
  private async refundHost(name?: string): Promise<LinkRefundHost> {
    if (name !== undefined) await this.ctx.storage.put('ledger_name', name);
    const known = this.ctx.id.name ?? (await this.ctx.storage.get<string>('ledger_name'));
    // Assigned, not spread: the context's env and config are read on every use.
    return Object.assign(
      objectContext(this.store, () => this.env),
      { name: known ?? name ?? '' },
    );
  }

  /**
   * Refunds a payment-link payment held here (worker/ledger/link-refunds.ts): `shard` is this
   * object's name, `linkId` the link it was paid on (null: created elsewhere), `ref` its key or
   * any of its upstream references.
   */
  async refundLinkPayment(
    shard: string,
    linkId: string | null,
    ref: string,
    request: LinkRefundRequest,
  ): Promise<Outcome<LinkRefundAnswer>> {
    return requestLinkRefund(await this.refundHost(shard), linkId, ref, request);
  }

  /** The payout of a link payment's refund changed status (its `owner` task tells it). */
  async refundChanged(id: string, change: RefundChange): Promise<void> {
    applyRefundChange(this.store.sql, id, change);
  }

  /** Merchant webhooks sent from the ledger (payment-link payments). */
  async webhooks(): Promise<WebhookRecord[]> {
    return this.outbox.list();
  }

  // ---------------------------------------------------------------- timers and index

  /** The ledger's own tasks (the base runs webhook, index and index_check tasks). The settings
   * are read per task: a deployment whose settings stop loading fails the tasks (counted,
   * backed off, reported), not the whole alarm. */
  protected readonly handlers: TaskHandlers<LedgerTaskKind> = {
    retention: async () => runLedgerRetention(this.store, this.cx.config.retentionMs),
    reconcile: (task) => runLinkReconcile(this.cx, task),
    refund_send: async (task) => runLinkRefundSend(await this.refundHost(), task),
  };

  /** Every payment-link summary of this ledger, payments recorded before the index existed
   * included (`npm run reindex`). */
  protected override stageAllIndexRows(): void {
    for (const key of this.store.linkPaymentKeys()) stageLinkPayment(this.store, key);
  }

  /** Schedules the erasure of the stored callbacks' bodies (worker/ledger/retention.ts). */
  protected override keep(): void {
    this.keepCallbacks();
  }

  /** The index check compares the rows of the last day (a payment's row never changes after
   * its first report) and goes on hourly while some changed in it. */
  protected override indexCheckSince(): number {
    return Date.now() - LEDGER_CHECK_SPAN_MS;
  }

  protected override unsettled(): boolean {
    return this.open.index.lastChange() >= this.indexCheckSince();
  }

  /** A task failing again and again: one `integration.error`, listed by the diagnostics. */
  protected override drainHooks(): DrainHooks<LedgerTaskKind | OutboxTaskKind> {
    const name = this.ctx.id.name ?? this.ctx.id.toString();
    return {
      failing: async (failure) => {
        const record = failingTask('ledger', name, failure);
        this.outbox.enqueue(failingTaskEventId(name, failure.key), 'integration.error', {
          ledger: name,
          ...failingTaskWebhook(record),
        });
        await noteFailingTask(this.env, record);
      },
      recovered: (task) => clearFailingTask(this.env, 'ledger', name, task.key),
    };
  }

  /** Stored callbacks, newest first, optionally of one kind or reference. */
  async listCallbacks(
    filter: { kind?: CallbackKind; reference?: string } = {},
  ): Promise<LedgerCallback[]> {
    return this.store.selectCallbacks(filter);
  }
}
