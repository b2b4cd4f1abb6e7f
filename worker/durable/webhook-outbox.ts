/**
 * A durable outbox of merchant webhooks inside a Durable Object: each event id is written once
 * (`ON CONFLICT DO NOTHING`), delivered until a 2xx answer, retried with exponential backoff and
 * jitter for up to three days (a replayed event: one day), and never sent again after a 2xx
 * (unless the merchant asks).
 * Endpoint zero (MERCHANT_WEBHOOK_URL) is the event's own row; a `webhook-fanout` task then
 * goes to the object's fan-out (a port: worker/webhook-endpoints/fan-out.ts queues one row per
 * matching webhook endpoint, each delivered and retried on its own).
 * @module
 */
import { logLine } from '../middleware/request-log';
import type { EventSource, FanOut, OutboxEvent, QueuedEvent, ZeroTarget } from './ports';
import type { Task, TaskQueue } from './task-queue';
import type { OutboxRow, WebhookRecord, WebhookType } from './webhook-types';
import { WEBHOOK_RETRY_WINDOW_MS, deliverWebhook, nextWebhookDelay } from './webhook-delivery';
import { markDelivered, markResend, markTryFailed, queueDelivery } from './webhook-transitions';

export type { ZeroTarget } from './ports';
export type { AnomalyData, OutboxRow, WebhookRecord, WebhookType } from './webhook-types';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY, type TEXT NOT NULL, payload TEXT NOT NULL, created_at INTEGER NOT NULL,
  status TEXT NOT NULL, tries INTEGER NOT NULL DEFAULT 0, next_at INTEGER,
  delivered_at INTEGER, last_status INTEGER, last_error TEXT
);
CREATE TABLE IF NOT EXISTS deliveries (
  id INTEGER PRIMARY KEY, event_id TEXT NOT NULL, at INTEGER NOT NULL, status INTEGER,
  error TEXT, duration_ms INTEGER
);
`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The outbox of one Durable Object; its deliveries run as `webhook` tasks of the object's queue.
 *
 * @example
 * const outbox = new WebhookOutbox(ctx.storage.sql, tasks);
 * outbox.enqueue(`evt_${id}_succeeded`, 'checkout.succeeded', { session_id: id });
 * // in alarm(), for a task of kind 'webhook': await outbox.deliver(task.ref!, url, secret);
 */
export class WebhookOutbox implements EventSource {
  /** Deliveries running in this instance: a second run of the same task (two alarm runs or a
   * resend interleaving at a fetch) leaves it to the first instead of sending twice. */
  private readonly inFlight = new Set<string>();

  /**
   * @param onQueued called once per new event, in the same step as the event is written (the
   *   events feed of the query index is fed from here)
   * @param fanOut runs the `webhook-fanout:<id>` task queued beside each event, and the tasks
   *   it queues (worker/durable/ports.ts)
   */
  constructor(
    private readonly sql: SqlStorage,
    private readonly tasks: TaskQueue<'webhook' | string>,
    private readonly onQueued?: (event: QueuedEvent) => void,
    private readonly fanOut?: FanOut,
  ) {
    sql.exec(SCHEMA);
  }

  /** Queues an event once; a second call with the same id changes nothing. Answers if new. */
  enqueue(id: string, type: WebhookType, data: Record<string, unknown>): boolean {
    const now = Date.now();
    const payload = JSON.stringify({ id, type, timestamp: new Date(now).toISOString(), data });
    const written = queueDelivery(this.sql, { id, type, payload, at: now });
    if (written) {
      this.tasks.schedule(`webhook:${id}`, 'webhook', now, id);
      this.tasks.schedule(`webhook-fanout:${id}`, 'webhook', now, id);
      this.onQueued?.({ id, type, created_at: now, payload, data });
    }
    return written;
  }

  /**
   * Delivers one pending event now and records the try; schedules the retry on failure. An event
   * the secret cannot sign is marked failed at once (no retry can sign it) with one structured
   * error log line; `resend` sends it again once the secret is fixed.
   */
  async deliver(id: string, url: string, secrets: string | readonly string[]): Promise<void> {
    const key = `webhook:${id}`;
    if (this.inFlight.has(key)) return;
    this.inFlight.add(key);
    try {
      await this.deliverZero(key, id, url, secrets);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async deliverZero(
    key: string,
    id: string,
    url: string,
    secrets: string | readonly string[],
  ): Promise<void> {
    const event = this.sql.exec('SELECT * FROM outbox WHERE id = ?', id).toArray()[0] as
      OutboxRow | undefined;
    if (!event || event.status !== 'pending') {
      this.tasks.cancel(key);
      return;
    }
    const started = Date.now();
    const result = await deliverWebhook(url, secrets, event.id, event.payload);
    const now = Date.now();
    this.sql.exec(
      'INSERT INTO deliveries (event_id, at, status, error, duration_ms) VALUES (?, ?, ?, ?, ?)',
      id,
      started,
      result.status ?? null,
      result.error ?? null,
      now - started,
    );
    const tries = event.tries + 1;
    if (result.unsignable) {
      const error = result.error ?? 'unsignable';
      markTryFailed(this.sql, id, { tries, httpStatus: null, error }, null);
      this.tasks.cancel(key);
      // The event id names the session: the log line carries the type and the cause only.
      logLine('error', 'webhook_unsignable', {
        event_type: event.type,
        cause: error,
        fix: 'set MERCHANT_WEBHOOK_SECRET to whsec_ + base64 of 24+ random bytes, then resend',
      });
      return;
    }
    const tried = { tries, httpStatus: result.status ?? null, error: result.error ?? null };
    if (result.ok) {
      markDelivered(this.sql, id, tried, now);
      this.tasks.cancel(key);
      return;
    }
    const nextAt = now + nextWebhookDelay(tries);
    const giveUp = nextAt > event.created_at + WEBHOOK_RETRY_WINDOW_MS;
    markTryFailed(this.sql, id, tried, giveUp ? null : nextAt);
    if (giveUp) this.tasks.cancel(key);
    else this.tasks.schedule(key, 'webhook', nextAt, id, tries);
  }

  /**
   * The body of a `webhook` task: endpoint zero's delivery (`webhook:<id>`); every other key is
   * the fan-out's (worker/durable/ports.ts, {@link FanOut}). Without a fan-out only endpoint
   * zero is served.
   *
   * @example
   * case 'webhook': return outbox.run(task, zero);
   */
  async run(task: Task, zero: () => ZeroTarget): Promise<void> {
    if (!task.key.startsWith('webhook:')) {
      if (!this.fanOut) return this.tasks.cancel(task.key);
      return this.fanOut.run(task, this);
    }
    const { url, secrets } = zero();
    return this.deliver(task.ref!, url, secrets);
  }

  /** One event's type and body, or undefined for an unknown id. */
  event(id: string): OutboxEvent | undefined {
    return this.sql
      .exec<{ type: string; payload: string }>('SELECT type, payload FROM outbox WHERE id = ?', id)
      .toArray()[0];
  }

  /** Sends one event again now (the merchant asked); false for an unknown id. */
  resend(id: string): boolean {
    const event = this.sql.exec('SELECT tries FROM outbox WHERE id = ?', id).toArray()[0] as
      { tries: number } | undefined;
    if (!event) return false;
    markResend(this.sql, id, Date.now());
    this.tasks.schedule(`webhook:${id}`, 'webhook', Date.now(), id, event.tries);
    return true;
  }

  /** Every event with its deliveries, oldest first (optionally only those whose id starts so). */
  list(prefix = ''): WebhookRecord[] {
    const events = this.sql
      .exec('SELECT * FROM outbox WHERE id LIKE ? ORDER BY created_at', `${prefix}%`)
      .toArray() as unknown as OutboxRow[];
    return events.map((event) => ({
      id: event.id,
      type: event.type,
      status: event.status,
      tries: event.tries,
      created_at: new Date(event.created_at).toISOString(),
      delivered_at: iso(event.delivered_at),
      next_attempt_at: iso(event.next_at),
      last_status: event.last_status,
      last_error: event.last_error,
      deliveries: (
        this.sql
          .exec(
            'SELECT at, status, error, duration_ms FROM deliveries WHERE event_id = ? ORDER BY id',
            event.id,
          )
          .toArray() as unknown as {
          at: number;
          status: number | null;
          error: string | null;
          duration_ms: number;
        }[]
      ).map((d) => ({ ...d, at: new Date(d.at).toISOString() })),
    }));
  }
}
