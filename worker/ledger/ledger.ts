/**
 * The Ledger Durable Object: callbacks that belong to no checkout session (payouts nobody here
 * created, payment-link payments, references we never issued), stored durably and idempotently,
 * never dropped. One object per name: `ledger` (unowned callbacks) and the payment-link shards
 * `links:<n>` (worker/ledger/shards.ts), whose payments are settled in
 * worker/ledger/link-payments.ts. Callbacks that say nothing final (payment_step 1, other
 * statuses, `000006`) are stored and change nothing.
 * @module
 */
import {
  clearFailingTask,
  FAILING_TASKS_KEPT,
  failingTask,
  failingTaskEventId,
  failingTaskWebhook,
  noteFailingTask,
  type FailingTask,
} from '../durable/failing-tasks';
import { DurableObject } from 'cloudflare:workers';
import { paymentLinkCallbackOutcome, type PaymentLinkCallbackParams } from '../../shared/schemas';
import { loadConfig } from '../config';
import { TaskQueue, type DrainHooks } from '../durable/task-queue';
import { WebhookOutbox, type WebhookRecord } from '../durable/webhook-outbox';
import type { ProxyEnv } from '../env';
import { INDEX_TASK, IndexOutbox } from '../index-store/index-outbox';
import { eventSummary } from '../index-store/summaries';
import {
  applyLinkReport,
  linkReference,
  stageLinkPayment,
  type LedgerParts,
} from './link-payments';
import {
  SCHEMA,
  insertCallback,
  linkPaymentKeys,
  selectCallbacks,
  type CallbackKind,
  type LedgerCallback,
} from './store';

/** Storage keys of the failing tasks the integration-health object records. */
const FAILING_PREFIX = 'failing_task:';

/** Callbacks without a session, keyed by a digest of their params. */
export class Ledger extends DurableObject<ProxyEnv> {
  private readonly sql: SqlStorage;
  private readonly tasks: TaskQueue<'webhook' | 'index'>;
  private readonly outbox: WebhookOutbox;
  private readonly index: IndexOutbox;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.tasks = new TaskQueue<'webhook' | 'index'>(ctx.storage);
    this.index = new IndexOutbox(this.sql, this.tasks);
    this.outbox = new WebhookOutbox(this.sql, this.tasks, (event) =>
      this.index.stageEvent(eventSummary(event)),
    );
    this.sql.exec(SCHEMA);
  }

  private get parts(): LedgerParts {
    return { outbox: this.outbox, index: this.index };
  }

  /** True when a callback with this digest is stored here (an exact retry's lookup). */
  async hasCallback(digest: string): Promise<boolean> {
    return (
      this.sql.exec('SELECT 1 FROM callbacks WHERE digest = ? LIMIT 1', digest).toArray().length > 0
    );
  }

  /** Stores a callback once; answers whether it was new. */
  async storeCallback(
    kind: CallbackKind,
    digest: string,
    reference: string | null,
    status: string | null,
    body: string,
  ): Promise<{ duplicate: boolean }> {
    return insertCallback(this.sql, { kind, digest, reference, status, body });
  }

  /**
   * Stores a hosted-checkout (payment-link) callback once (by digest) and applies what it
   * reports to its payment (by upstream reference): the first credited report (payment_step 2,
   * success, 000000) queues one `payment_link.paid`; a contradicting later report queues one
   * `payment_link.anomaly` per kind; anything not final changes nothing.
   */
  async storePaymentLinkCallback(
    digest: string,
    params: PaymentLinkCallbackParams,
    body: string,
  ): Promise<{ duplicate: boolean }> {
    const stored = insertCallback(this.sql, {
      kind: 'payment_link',
      digest,
      reference: linkReference(params),
      status: params.status ?? null,
      body,
    });
    const outcome = paymentLinkCallbackOutcome(params);
    if (stored.duplicate || outcome === 'unknown') return stored;
    await applyLinkReport(this.sql, this.parts, digest, params, outcome);
    return stored;
  }

  /** Merchant webhooks sent from the ledger (payment-link payments). */
  async webhooks(): Promise<WebhookRecord[]> {
    return this.outbox.list();
  }

  /** Re-sends one ledger webhook now. */
  async resendWebhook(id: string): Promise<boolean> {
    return this.outbox.resend(id);
  }

  /** Integration health (the `integration-health` object only, see
   * worker/session/upstream-faults.ts): the upstream refused our credentials at `at`. */
  async noteUpstreamAuthRefusal(at: number): Promise<void> {
    const last = (await this.ctx.storage.get<number>('upstream_auth_refused_at')) ?? 0;
    if (at > last) await this.ctx.storage.put('upstream_auth_refused_at', at);
  }

  /** Integration health: a task of some object keeps throwing (worker/durable/failing-tasks.ts). */
  async noteFailingTask(record: FailingTask): Promise<void> {
    const key = `${FAILING_PREFIX}${record.object}:${record.object_id}:${record.task.key}`;
    await this.ctx.storage.put(key, record);
    const all = await this.ctx.storage.list<FailingTask>({ prefix: FAILING_PREFIX });
    if (all.size > FAILING_TASKS_KEPT) {
      const oldest = [...all.entries()]
        .sort(([, a], [, b]) => a.last_failed_at.localeCompare(b.last_failed_at))
        .slice(0, all.size - FAILING_TASKS_KEPT)
        .map(([name]) => name);
      await this.ctx.storage.delete(oldest);
    }
  }

  /** Integration health: a failing task ran again. */
  async clearFailingTask(object: string, objectId: string, taskKey: string): Promise<void> {
    await this.ctx.storage.delete(`${FAILING_PREFIX}${object}:${objectId}:${taskKey}`);
  }

  /** Integration health: the failing tasks recorded, most recent failure first. */
  async failingTasks(): Promise<FailingTask[]> {
    const all = await this.ctx.storage.list<FailingTask>({ prefix: FAILING_PREFIX });
    return [...all.values()].sort((a, b) => b.last_failed_at.localeCompare(a.last_failed_at));
  }

  /** When the upstream last refused our credentials (ms since the epoch), or null. */
  async lastUpstreamAuthRefusal(): Promise<number | null> {
    return (await this.ctx.storage.get<number>('upstream_auth_refused_at')) ?? null;
  }

  /** Sends every payment-link summary of this ledger to the index again (`npm run reindex`),
   * payments recorded before the index existed included. */
  async reindex(): Promise<number> {
    for (const key of linkPaymentKeys(this.sql)) stageLinkPayment(this.sql, this.parts, key);
    return this.index.requeue();
  }

  /** The sweep: re-sends the rows of the last day the index lacks or holds older (a payment's
   * row never changes after its first report); answers how many. */
  async sweep(): Promise<number> {
    const requeued = await this.index.check(this.env.INDEX, Date.now() - 86_400_000);
    await this.tasks.rearm();
    return requeued;
  }

  /** A task failing again and again: one `integration.error`, listed by the diagnostics. */
  private drainHooks(): DrainHooks<'webhook' | 'index'> {
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

  override async alarm(): Promise<void> {
    // The settings are read per task: a deployment whose settings stop loading fails the
    // webhook tasks (counted, backed off, reported), not the whole alarm.
    await this.tasks.drain(async (task) => {
      if (task.kind === INDEX_TASK) return this.index.flush(this.env.INDEX);
      const config = loadConfig(this.env);
      return this.outbox.deliver(
        task.ref!,
        config.merchantWebhookUrl,
        this.env.MERCHANT_WEBHOOK_SECRET,
      );
    }, this.drainHooks());
  }

  /** Stored callbacks, newest first, optionally of one kind or reference. */
  async listCallbacks(
    filter: { kind?: CallbackKind; reference?: string } = {},
  ): Promise<LedgerCallback[]> {
    return selectCallbacks(this.sql, filter);
  }
}
