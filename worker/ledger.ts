/**
 * The Ledger Durable Object: callbacks that belong to no checkout session (payouts, payment-link
 * payments, references we never issued). Stored durably and idempotently, never dropped.
 *
 * Payment-link payments have one outcome per upstream reference (the callback's `reference`,
 * else `depositId`): the first final report settles it (`paid` sends one `payment_link.paid`
 * whose id comes from that reference, so a retried callback that differs in any other field
 * never sends a second one); a later report that contradicts it (failed after paid, paid after
 * failed, another amount or currency) sends one `payment_link.anomaly` per kind and changes
 * nothing. Callbacks that say nothing final (payment_step 1, other statuses, `000006`) are
 * stored and change nothing.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { paymentLinkCallbackOutcome, type PaymentLinkCallbackParams } from '../shared/schemas';
import { nextAttemptStatus, type AttemptEvent, type AttemptStatus } from '../shared/status';
import { loadConfig } from './config';
import { TaskQueue } from './durable/task-queue';
import { WebhookOutbox, type AnomalyData, type WebhookRecord } from './durable/webhook-outbox';
import type { ProxyEnv } from './env';
import { INDEX_TASK, IndexOutbox } from './index-store/index-outbox';
import { eventSummary } from './index-store/summaries';
import { linkPaymentKey } from './ledger-shards';

/** Which hosted callback URL a stored callback came to. */
export type CallbackKind = 'collection' | 'payout' | 'payment_link';

/** A callback stored in the ledger. */
export interface LedgerCallback {
  kind: CallbackKind;
  digest: string;
  reference: string | null;
  status: string | null;
  received_at: string;
  body: unknown;
}

/** The settled outcome of one payment-link payment (one upstream reference). */
interface LinkPaymentRow {
  key: string;
  status: AttemptStatus;
  amount: string | null;
  currency: string | null;
  reference: string | null;
  upstream_reference: string;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Two reported amounts are the same amount ("100" and 100.00 are). */
function sameAmount(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return true;
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) ? x === y : a === b;
}

function sameCurrency(a: string | null, b: string | null): boolean {
  return a === null || b === null || a.toUpperCase() === b.toUpperCase();
}

/**
 * Callbacks without a session, keyed by a digest of their params. One object per name: `ledger`
 * (unowned callbacks, the dev webhook inbox) and the payment-link shards `links:<n>`
 * (worker/ledger-shards.ts).
 */
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
    this.sql.exec(`CREATE TABLE IF NOT EXISTS callbacks (
      digest TEXT PRIMARY KEY, kind TEXT NOT NULL, reference TEXT, status TEXT,
      received_at INTEGER NOT NULL, body TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS link_payments (
      key TEXT PRIMARY KEY, status TEXT NOT NULL, amount TEXT, currency TEXT, reference TEXT,
      upstream_reference TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS dev_webhooks (
      seq INTEGER PRIMARY KEY, webhook_id TEXT NOT NULL, verified INTEGER NOT NULL,
      reason TEXT, received_at INTEGER NOT NULL, body TEXT NOT NULL)`);
  }

  /** Dev receiver: records one merchant webhook as it arrived, with its verification result. */
  async storeWebhook(
    webhookId: string,
    verified: boolean,
    reason: string | null,
    body: string,
  ): Promise<void> {
    this.sql.exec(
      'INSERT INTO dev_webhooks (webhook_id, verified, reason, received_at, body) VALUES (?, ?, ?, ?, ?)',
      webhookId,
      verified ? 1 : 0,
      reason,
      Date.now(),
      body,
    );
  }

  /** Dev receiver: every webhook received, oldest first. */
  async listWebhooks(): Promise<
    {
      webhook_id: string;
      verified: boolean;
      reason: string | null;
      received_at: string;
      body: unknown;
    }[]
  > {
    const rows = this.sql.exec('SELECT * FROM dev_webhooks ORDER BY seq').toArray() as unknown as {
      webhook_id: string;
      verified: number;
      reason: string | null;
      received_at: number;
      body: string;
    }[];
    return rows.map((row) => {
      let body: unknown = row.body;
      try {
        body = JSON.parse(row.body);
      } catch {
        /* kept as text */
      }
      return {
        webhook_id: row.webhook_id,
        verified: row.verified === 1,
        reason: row.reason,
        received_at: new Date(row.received_at).toISOString(),
        body,
      };
    });
  }

  /** Stores a callback once; answers whether it was new. */
  async storeCallback(
    kind: CallbackKind,
    digest: string,
    reference: string | null,
    status: string | null,
    body: string,
  ): Promise<{ duplicate: boolean }> {
    const written = this.sql.exec(
      `INSERT INTO callbacks (digest, kind, reference, status, received_at, body)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING`,
      digest,
      kind,
      reference,
      status,
      Date.now(),
      body,
    ).rowsWritten;
    return { duplicate: written === 0 };
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
    const reference =
      params.third_party_reference_1 ?? params.payment_reference ?? params.reference ?? null;
    const stored = await this.storeCallback(
      'payment_link',
      digest,
      reference,
      params.status ?? null,
      body,
    );
    if (stored.duplicate) return stored;
    const outcome = paymentLinkCallbackOutcome(params);
    if (outcome === 'unknown') return stored;
    const upstreamReference = textOf(params.reference) ?? textOf(params.depositId);
    // Without an upstream reference the payment cannot be told apart: the digest stands in.
    const key = await linkPaymentKey(upstreamReference, digest);
    const report = {
      status: outcome === 'succeeded' ? 'success' : 'failed',
      amount: textOf(params.amount),
      currency: textOf(params.currency),
    };
    const existing = this.sql
      .exec('SELECT * FROM link_payments WHERE key = ?', key)
      .toArray()[0] as LinkPaymentRow | undefined;
    if (!existing) {
      const now = Date.now();
      this.sql.exec(
        `INSERT INTO link_payments (key, status, amount, currency, reference, upstream_reference,
           created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        key,
        outcome,
        report.amount,
        report.currency,
        reference,
        upstreamReference ?? '',
        now,
        now,
      );
      this.stageLinkPayment(key);
      if (outcome === 'succeeded') {
        this.outbox.enqueue(`evt_pl_${key}_paid`, 'payment_link.paid', {
          reference,
          upstream_reference: upstreamReference,
          amount: params.amount ?? null,
          currency: params.currency ?? null,
          status: 'success',
        });
      }
      return stored;
    }
    const event: AttemptEvent =
      outcome === 'failed'
        ? 'confirmed_failed'
        : sameAmount(existing.amount, report.amount) &&
            sameCurrency(existing.currency, report.currency)
          ? 'confirmed_success'
          : 'confirmed_mismatch';
    const step = nextAttemptStatus(existing.status, event);
    // A paid payment reported paid again with another amount or currency is a mismatch too.
    const kind =
      step.anomaly ??
      (existing.status === 'succeeded' && event === 'confirmed_mismatch' ? 'mismatch' : null);
    if (kind !== null) {
      const data: AnomalyData & Record<string, unknown> = {
        reference: existing.reference ?? reference ?? key,
        upstream_reference: existing.upstream_reference || null,
        kind,
        expected: {
          status: existing.status === 'succeeded' ? 'success' : 'failed',
          amount: existing.amount,
          currency: existing.currency,
        },
        reported: report,
      };
      this.outbox.enqueue(`evt_pl_${key}_anomaly_${kind}`, 'payment_link.anomaly', data);
      console.warn(`payment_link_anomaly ${kind}`);
    }
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

  /** When the upstream last refused our credentials (ms since the epoch), or null. */
  async lastUpstreamAuthRefusal(): Promise<number | null> {
    return (await this.ctx.storage.get<number>('upstream_auth_refused_at')) ?? null;
  }

  /** Stages one payment-link payment's index row from its settled record. */
  private stageLinkPayment(key: string): void {
    const row = this.sql.exec('SELECT * FROM link_payments WHERE key = ?', key).toArray()[0] as
      (LinkPaymentRow & { created_at: number; updated_at: number }) | undefined;
    if (!row) return;
    const amount = row.amount === null ? null : Number(row.amount);
    this.index.stage('link_payment', {
      id: row.key,
      status: row.status,
      amount: amount !== null && Number.isFinite(amount) ? amount : null,
      currency: row.currency,
      reference: row.reference,
      upstream_reference: row.upstream_reference || null,
      created_at: row.created_at,
      updated_at: row.updated_at,
      settled_at: row.created_at,
    });
  }

  /** Sends every payment-link summary of this ledger to the index again (`npm run reindex`),
   * payments recorded before the index existed included. */
  async reindex(): Promise<number> {
    const keys = this.sql.exec('SELECT key FROM link_payments').toArray() as { key: string }[];
    for (const { key } of keys) this.stageLinkPayment(key);
    return this.index.requeue();
  }

  /** The sweep: re-sends the rows of the last day the index lacks or holds older (a payment's
   * row never changes after its first report); answers how many. */
  async sweep(): Promise<number> {
    const requeued = await this.index.check(this.env.INDEX, Date.now() - 86_400_000);
    await this.tasks.rearm();
    return requeued;
  }

  override async alarm(): Promise<void> {
    const config = loadConfig(this.env);
    await this.tasks.drain((task) =>
      task.kind === INDEX_TASK
        ? this.index.flush(this.env.INDEX)
        : this.outbox.deliver(
            task.ref!,
            config.merchantWebhookUrl,
            this.env.MERCHANT_WEBHOOK_SECRET,
          ),
    );
  }

  /** Stored callbacks, newest first, optionally of one kind or reference. */
  async listCallbacks(
    filter: { kind?: CallbackKind; reference?: string } = {},
  ): Promise<LedgerCallback[]> {
    const rows = this.sql
      .exec(
        `SELECT * FROM callbacks WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR reference = ?2)
         ORDER BY received_at DESC LIMIT 200`,
        filter.kind ?? null,
        filter.reference ?? null,
      )
      .toArray() as unknown as {
      kind: CallbackKind;
      digest: string;
      reference: string | null;
      status: string | null;
      received_at: number;
      body: string;
    }[];
    return rows.map((row) => ({
      ...row,
      received_at: new Date(row.received_at).toISOString(),
      body: JSON.parse(row.body) as unknown,
    }));
  }
}
