/**
 * The DevInbox Durable Object (development only): the merchant webhooks the dev receiver
 * (`/dev/webhooks`, worker/routes/dev.ts) got, each with its verification result and, with
 * `--forward-to`, what the developer's receiver answered, in arrival order. One object, `inbox`
 * (worker/dev-inbox/inbox.ts).
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { ProxyEnv } from '../env';
import type { ForwardResult, ReceivedWebhook } from './types';

type WebhookRow = {
  webhook_id: string;
  verified: number;
  reason: string | null;
  received_at: number;
  body: string;
  forward_url: string | null;
  forward_status: number | null;
  forward_error: string | null;
  forward_ms: number | null;
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
    // Its own table, so a state directory from before forwarding existed needs no ALTER.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS dev_forwards (
      seq INTEGER PRIMARY KEY, url TEXT NOT NULL, status INTEGER, error TEXT,
      duration_ms INTEGER NOT NULL)`);
  }

  /** Records one merchant webhook as it arrived, with its verification result and what the
   * `--forward-to` receiver answered (null: not forwarded). */
  async storeWebhook(
    webhookId: string,
    verified: boolean,
    reason: string | null,
    body: string,
    forward: ForwardResult | null,
  ): Promise<void> {
    const seq = this.sql
      .exec<{ seq: number }>(
        'INSERT INTO dev_webhooks (webhook_id, verified, reason, received_at, body) VALUES (?, ?, ?, ?, ?) RETURNING seq',
        webhookId,
        verified ? 1 : 0,
        reason,
        Date.now(),
        body,
      )
      .one().seq;
    if (!forward) return;
    this.sql.exec(
      'INSERT INTO dev_forwards (seq, url, status, error, duration_ms) VALUES (?, ?, ?, ?, ?)',
      seq,
      forward.url,
      forward.status,
      forward.error,
      forward.duration_ms,
    );
  }

  /** Every webhook received, oldest first (a body that is not JSON is kept as text). */
  async listWebhooks(): Promise<ReceivedWebhook[]> {
    const rows = this.sql
      .exec<WebhookRow>(
        `SELECT w.*, f.url AS forward_url, f.status AS forward_status, f.error AS forward_error,
           f.duration_ms AS forward_ms
         FROM dev_webhooks w LEFT JOIN dev_forwards f ON f.seq = w.seq ORDER BY w.seq`,
      )
      .toArray();
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
        forward:
          row.forward_url === null
            ? null
            : {
                url: row.forward_url,
                status: row.forward_status,
                error: row.forward_error,
                duration_ms: row.forward_ms ?? 0,
              },
      };
    });
  }
}
