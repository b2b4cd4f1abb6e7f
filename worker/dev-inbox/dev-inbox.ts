/**
 * The DevInbox Durable Object (development only): the merchant webhooks the dev receiver
 * (`/dev/webhooks`, worker/routes/dev.ts) got, each with its verification result, in arrival
 * order. One object, `inbox` (worker/dev-inbox/inbox.ts).
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { ProxyEnv } from '../env';
import type { ReceivedWebhook } from './inbox';

type WebhookRow = {
  webhook_id: string;
  verified: number;
  reason: string | null;
  received_at: number;
  body: string;
};

/** The dev webhook receiver's store. */
export class DevInbox extends DurableObject<ProxyEnv> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS dev_webhooks (
      seq INTEGER PRIMARY KEY, webhook_id TEXT NOT NULL, verified INTEGER NOT NULL,
      reason TEXT, received_at INTEGER NOT NULL, body TEXT NOT NULL)`);
  }

  /** Records one merchant webhook as it arrived, with its verification result. */
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

  /** Every webhook received, oldest first (a body that is not JSON is kept as text). */
  async listWebhooks(): Promise<ReceivedWebhook[]> {
    const rows = this.sql.exec<WebhookRow>('SELECT * FROM dev_webhooks ORDER BY seq').toArray();
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
}
