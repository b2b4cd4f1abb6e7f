/**
 * The Ledger Durable Object: callbacks that belong to no checkout session (payouts, payment-link
 * payments, references we never issued). Stored durably and idempotently, never dropped.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { paymentLinkCallbackOutcome, type PaymentLinkCallbackParams } from '../shared/schemas';
import { loadConfig } from './config';
import { TaskQueue } from './durable/task-queue';
import { WebhookOutbox, type WebhookRecord } from './durable/webhook-outbox';
import type { ProxyEnv } from './env';

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

/** Callbacks without a session, keyed by a digest of their params. */
export class Ledger extends DurableObject<ProxyEnv> {
  private readonly sql: SqlStorage;
  private readonly tasks: TaskQueue<'webhook'>;
  private readonly outbox: WebhookOutbox;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.tasks = new TaskQueue<'webhook'>(ctx.storage);
    this.outbox = new WebhookOutbox(this.sql, this.tasks);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS callbacks (
      digest TEXT PRIMARY KEY, kind TEXT NOT NULL, reference TEXT, status TEXT,
      received_at INTEGER NOT NULL, body TEXT NOT NULL)`);
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
   * Stores a hosted-checkout (payment-link) callback once and, when it reports a credited
   * payment (payment_step 2, success, 000000), queues one `payment_link.paid` webhook.
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
    if (!stored.duplicate && paymentLinkCallbackOutcome(params) === 'succeeded') {
      this.outbox.enqueue(`evt_pl_${digest.slice(0, 24)}_paid`, 'payment_link.paid', {
        reference,
        upstream_reference: params.reference ?? params.depositId ?? null,
        amount: params.amount ?? null,
        currency: params.currency ?? null,
        status: 'success',
      });
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

  override async alarm(): Promise<void> {
    const config = loadConfig(this.env);
    await this.tasks.drain((task) =>
      this.outbox.deliver(task.ref!, config.merchantWebhookUrl, this.env.MERCHANT_WEBHOOK_SECRET),
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
