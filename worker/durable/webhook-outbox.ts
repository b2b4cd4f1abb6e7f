/**
 * A durable outbox of merchant webhooks inside a Durable Object: each event id is written once
 * (`ON CONFLICT DO NOTHING`), delivered until a 2xx answer, retried with exponential backoff and
 * jitter for up to three days (a replayed event: one day), and never sent again after a 2xx
 * (unless the merchant asks).
 * Endpoint zero (MERCHANT_WEBHOOK_URL) is the event's own row; a `webhook-fanout` task then
 * queues one row per matching webhook endpoint (worker/webhook-endpoints/targets.ts), each
 * delivered and retried on its own.
 * @module
 */
import type { QueuedEvent } from '../index-store/event-summary';
import { logLine } from '../middleware/request-log';
import type { DeliveryAttempt } from '../webhook-endpoints/delivery-log';
import type { EndpointDirectory } from '../webhook-endpoints/directory';
import { randomId } from '../webhook-endpoints/endpoint-secret';
import { TargetRows, parseTargetTaskKey, targetTaskKey } from '../webhook-endpoints/targets';
import type { Task, TaskQueue } from './task-queue';
import type { OutboxRow, WebhookRecord, WebhookType } from './webhook-types';
import {
  REPLAY_RETRY_WINDOW_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  deliverWebhook,
  nextWebhookDelay,
} from './webhook-delivery';
import { markDelivered, markResend, markTryFailed, queueDelivery } from './webhook-transitions';

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

/** A run of failures this long disables a webhook endpoint (as long as an event is retried). */
export const ENDPOINT_DISABLE_AFTER_MS = WEBHOOK_RETRY_WINDOW_MS;

/** What a redirect's reason tells the merchant to change for an endpoint. */
const ENDPOINT_REDIRECT_FIX = "update the endpoint's url to the final address";

/** Where endpoint zero's webhooks go: MERCHANT_WEBHOOK_URL and its secrets. */
export interface ZeroTarget {
  url: string;
  secrets: string | readonly string[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The outbox of one Durable Object; its deliveries run as `webhook` tasks of the object's queue.
 *
 * @example
 * const outbox = new WebhookOutbox(ctx.storage.sql, tasks);
 * outbox.enqueue(`evt_${id}_succeeded`, 'checkout.succeeded', { session_id: id });
 * // in alarm(), for a task of kind 'webhook': await outbox.deliver(task.ref!, url, secret);
 */
export class WebhookOutbox {
  private readonly targets: TargetRows;
  /** Deliveries running in this instance: a second run of the same task (two alarm runs or a
   * resend interleaving at a fetch) leaves it to the first instead of sending twice. */
  private readonly inFlight = new Set<string>();

  /**
   * @param onQueued called once per new event, in the same step as the event is written (the
   *   events feed of the query index is fed from here)
   * @param onAttempt called once per try to a webhook endpoint (the deliveries log)
   */
  constructor(
    private readonly sql: SqlStorage,
    private readonly tasks: TaskQueue<'webhook' | string>,
    private readonly onQueued?: (event: QueuedEvent) => void,
    private readonly onAttempt?: (attempt: DeliveryAttempt) => void,
  ) {
    sql.exec(SCHEMA);
    this.targets = new TargetRows(sql);
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
   * The body of a `webhook` task: endpoint zero's delivery (`webhook:<id>`), the fan-out to the
   * webhook endpoints (`webhook-fanout:<id>`) or one endpoint's delivery (`webhook-to:…`).
   * Without a directory (no registry bound) only endpoint zero is served.
   *
   * @example
   * case 'webhook': return outbox.run(task, zero, remoteDirectory(env));
   */
  async run(task: Task, zero: () => ZeroTarget, directory?: EndpointDirectory): Promise<void> {
    const target = parseTargetTaskKey(task.key);
    if (target) {
      if (!directory) return this.tasks.cancel(task.key);
      return this.deliverTo(target.eventId, target.endpointId, directory);
    }
    if (task.key.startsWith('webhook-fanout:')) {
      if (directory) await this.fanOut(task.ref!, directory);
      return this.tasks.cancel(task.key);
    }
    const { url, secrets } = zero();
    return this.deliver(task.ref!, url, secrets);
  }

  /**
   * Queues one row per enabled endpoint whose filters take the event and makes each one's first
   * try now, side by side (a slow endpoint does not hold the others' first try). Each row then
   * retries on its own task. Throws when the registry cannot answer (the task queue retries).
   */
  async fanOut(id: string, directory: EndpointDirectory): Promise<void> {
    const event = this.sql
      .exec('SELECT type, payload FROM outbox WHERE id = ?', id)
      .toArray()[0] as { type: string; payload: string } | undefined;
    if (!event) return;
    const endpoints = await directory.matching(event.type, subMerchantOf(event.payload));
    // Rows queued by an earlier run of this task keep their own schedule.
    const queued = endpoints.filter((endpointId) =>
      this.queueTarget(id, endpointId, event.type, false),
    );
    // A first try that throws stays due on its own task.
    await Promise.allSettled(queued.map((endpointId) => this.deliverTo(id, endpointId, directory)));
  }

  /**
   * Queues a replay of a feed event (its id and type: the body is read from the feed at each
   * try) for one endpoint, due now, even when the endpoint already had that event.
   */
  replay(event: { id: string; type: string }, endpointId: string): void {
    this.queueTarget(event.id, endpointId, event.type, true);
  }

  /** Events still to deliver to `endpointId` from this outbox (a replay's, in its object). */
  pendingFor(endpointId: string): number {
    return this.targets.pending(endpointId);
  }

  /** Queues one row and its task, due now; answers false when the row was already there. */
  private queueTarget(id: string, endpointId: string, type: string, replay: boolean): boolean {
    if (!this.targets.queue({ eventId: id, endpointId, type, replay })) return false;
    this.tasks.schedule(targetTaskKey(endpointId, id), 'webhook', Date.now(), id);
    return true;
  }

  /**
   * One try of one event to one endpoint, with the endpoint's current address and secrets. A
   * deleted or disabled endpoint's row is dropped. The first failure of a run, and every failure
   * once the run is {@link ENDPOINT_DISABLE_AFTER_MS} old, is reported to the registry, which
   * disables the endpoint then; a success ends the run.
   */
  async deliverTo(id: string, endpointId: string, directory: EndpointDirectory): Promise<void> {
    const key = targetTaskKey(endpointId, id);
    if (this.inFlight.has(key)) return;
    this.inFlight.add(key);
    try {
      await this.tryTarget(key, id, endpointId, directory);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async tryTarget(
    key: string,
    id: string,
    endpointId: string,
    directory: EndpointDirectory,
  ): Promise<void> {
    const row = this.targets.get(id, endpointId);
    const own =
      row?.replay === 0
        ? (
            this.sql.exec('SELECT payload FROM outbox WHERE id = ?', id).toArray()[0] as
              { payload: string } | undefined
          )?.payload
        : null;
    if (!row || row.status !== 'pending' || own === undefined) {
      this.tasks.cancel(key);
      return;
    }
    // Not due yet (a task run early, e.g. retried by the queue): it keeps its own time.
    if (row.next_at !== null && row.next_at > Date.now()) {
      this.tasks.schedule(key, 'webhook', row.next_at, id, row.tries);
      return;
    }
    const endpoint = await directory.target(endpointId);
    // A replay sends the feed's body as it is now: scrubbed if its record was erased since.
    const payload = own ?? (await directory.feedBody(id));
    if (!endpoint || !endpoint.enabled || payload === null) {
      const reason = !endpoint
        ? 'endpoint deleted'
        : !endpoint.enabled
          ? 'endpoint disabled'
          : 'event no longer in the feed';
      this.targets.drop(row, reason);
      this.tasks.cancel(key);
      return;
    }
    const started = Date.now();
    const result = await deliverWebhook(
      endpoint.url,
      endpoint.secrets,
      id,
      payload,
      ENDPOINT_REDIRECT_FIX,
    );
    const now = Date.now();
    const tries = row.tries + 1;
    this.onAttempt?.({
      id: randomId('whd'),
      endpoint_id: endpointId,
      event_id: id,
      event_type: row.type,
      created_at: started,
      status: result.ok ? 'delivered' : 'failed',
      http_status: result.status ?? null,
      duration_ms: now - started,
      error: result.ok ? null : (result.error ?? 'failed'),
      attempt: tries,
    });
    const tried = { ok: result.ok, httpStatus: result.status ?? null, error: result.error ?? null };
    if (result.ok) {
      this.targets.settle(row, { ...tried, at: now }, null);
      this.tasks.cancel(key);
      if (endpoint.failingSince !== null) await directory.succeeded(endpointId);
      return;
    }
    const retryAt = now + nextWebhookDelay(tries);
    const window = row.replay === 1 ? REPLAY_RETRY_WINDOW_MS : WEBHOOK_RETRY_WINDOW_MS;
    const nextAt = result.unsignable || retryAt > row.created_at + window ? null : retryAt;
    this.targets.settle(row, { ...tried, at: now }, nextAt);
    if (nextAt === null) this.tasks.cancel(key);
    else this.tasks.schedule(key, 'webhook', nextAt, id, tries);
    const report =
      endpoint.failingSince === null || now - endpoint.failingSince >= ENDPOINT_DISABLE_AFTER_MS;
    if (report) await directory.failed(endpointId, now, result.error ?? 'failed');
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

/** The event's `data.sub_merchant_id`, if it has one. */
function subMerchantOf(payload: string): string | null {
  try {
    const body = JSON.parse(payload) as { data?: { sub_merchant_id?: unknown } };
    const sub = body.data?.sub_merchant_id;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
