/**
 * The fan-out of an object's webhooks to the webhook endpoints (docs/design.md, "Outbox"), the
 * port its outbox hands every `webhook` task beyond endpoint zero (worker/durable/ports.ts):
 * the `webhook-fanout:<id>` task queues one row per matching endpoint
 * (worker/webhook-endpoints/targets.ts), and each row is delivered and retried on its own
 * `webhook-to:…` task, so one endpoint failing never holds another back.
 * @module
 */
import type { EventSource, FanOut } from '../durable/ports';
import type { Task, TaskQueue } from '../durable/task-queue';
import {
  REPLAY_RETRY_WINDOW_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  deliverWebhook,
  nextWebhookDelay,
} from '../durable/webhook-delivery';
import type { DeliveryAttempt } from './delivery-log';
import type { EndpointDirectory } from './directory';
import { randomId } from './endpoint-secret';
import { TargetRows, parseTargetTaskKey, targetTaskKey } from './targets';
import { dropTarget, queueTarget, settleTarget } from './transitions';

/** A run of failures this long disables a webhook endpoint (as long as an event is retried). */
export const ENDPOINT_DISABLE_AFTER_MS = WEBHOOK_RETRY_WINDOW_MS;

/** What a redirect's reason tells the merchant to change for an endpoint. */
const ENDPOINT_REDIRECT_FIX = "update the endpoint's url to the final address";

/**
 * The webhook endpoints' rows of one object and their deliveries.
 *
 * @example
 * const fanOut = new EndpointFanOut(sql, tasks, () => remoteDirectory(env), (a) => index.stageDelivery(a));
 * new WebhookOutbox(sql, tasks, onQueued, fanOut);
 */
export class EndpointFanOut implements FanOut {
  private readonly targets: TargetRows;
  /** Deliveries running in this instance: a second run of the same task (two alarm runs
   * interleaving at a fetch) leaves it to the first instead of sending twice. */
  private readonly inFlight = new Set<string>();

  /**
   * @param directory where the endpoints are read, asked per task
   * @param onAttempt called once per try to a webhook endpoint (the deliveries log)
   */
  constructor(
    private readonly sql: SqlStorage,
    private readonly tasks: TaskQueue<string>,
    private readonly directory: () => EndpointDirectory,
    private readonly onAttempt: (attempt: DeliveryAttempt) => void,
  ) {
    this.targets = new TargetRows(sql);
  }

  /** A `webhook-fanout:<id>` task, or one endpoint's delivery (`webhook-to:…`). */
  async run(task: Task, events: EventSource): Promise<void> {
    const directory = this.directory();
    const target = parseTargetTaskKey(task.key);
    if (target) return this.deliverTo(target.eventId, target.endpointId, events, directory);
    if (task.key.startsWith('webhook-fanout:')) await this.fanOut(task.ref!, events, directory);
    this.tasks.cancel(task.key);
  }

  /**
   * Queues one row per enabled endpoint whose filters take the event and makes each one's first
   * try now, side by side (a slow endpoint does not hold the others' first try). Each row then
   * retries on its own task. Throws when the registry cannot answer (the task queue retries).
   */
  private async fanOut(id: string, events: EventSource, directory: EndpointDirectory) {
    const event = events.event(id);
    if (!event) return;
    const endpoints = await directory.matching(event.type, subMerchantOf(event.payload));
    // Rows queued by an earlier run of this task keep their own schedule.
    const queued = endpoints.filter((endpointId) =>
      this.queueTarget(id, endpointId, event.type, false),
    );
    // A first try that throws stays due on its own task.
    await Promise.allSettled(
      queued.map((endpointId) => this.deliverTo(id, endpointId, events, directory)),
    );
  }

  /**
   * Queues a replay of a feed event (its id and type: the body is read from the feed at each
   * try) for one endpoint, due now, even when the endpoint already had that event.
   */
  replay(event: { id: string; type: string }, endpointId: string): void {
    this.queueTarget(event.id, endpointId, event.type, true);
  }

  /** Events still to deliver to `endpointId` from this object (a replay's, in its object). */
  pendingFor(endpointId: string): number {
    return this.targets.pending(endpointId);
  }

  /** Queues one row and its task, due now; answers false when the row was already there. */
  private queueTarget(id: string, endpointId: string, type: string, replay: boolean): boolean {
    if (!queueTarget(this.sql, { eventId: id, endpointId, type, replay })) return false;
    this.tasks.schedule(targetTaskKey(endpointId, id), 'webhook', Date.now(), id);
    return true;
  }

  /**
   * One try of one event to one endpoint, with the endpoint's current address and secrets. A
   * deleted or disabled endpoint's row is dropped. The first failure of a run, and every failure
   * once the run is {@link ENDPOINT_DISABLE_AFTER_MS} old, is reported to the registry, which
   * disables the endpoint then; a success ends the run.
   */
  private async deliverTo(
    id: string,
    endpointId: string,
    events: EventSource,
    directory: EndpointDirectory,
  ): Promise<void> {
    const key = targetTaskKey(endpointId, id);
    if (this.inFlight.has(key)) return;
    this.inFlight.add(key);
    try {
      await this.tryTarget(key, id, endpointId, events, directory);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async tryTarget(
    key: string,
    id: string,
    endpointId: string,
    events: EventSource,
    directory: EndpointDirectory,
  ): Promise<void> {
    const row = this.targets.get(id, endpointId);
    const own = row?.replay === 0 ? events.event(id)?.payload : null;
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
      dropTarget(this.sql, row, reason);
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
    this.onAttempt({
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
      settleTarget(this.sql, row, { ...tried, at: now }, null);
      this.tasks.cancel(key);
      if (endpoint.failingSince !== null) await directory.succeeded(endpointId);
      return;
    }
    const retryAt = now + nextWebhookDelay(tries);
    const window = row.replay === 1 ? REPLAY_RETRY_WINDOW_MS : WEBHOOK_RETRY_WINDOW_MS;
    const nextAt = result.unsignable || retryAt > row.created_at + window ? null : retryAt;
    settleTarget(this.sql, row, { ...tried, at: now }, nextAt);
    if (nextAt === null) this.tasks.cancel(key);
    else this.tasks.schedule(key, 'webhook', nextAt, id, tries);
    const report =
      endpoint.failingSince === null || now - endpoint.failingSince >= ENDPOINT_DISABLE_AFTER_MS;
    if (report) await directory.failed(endpointId, now, result.error ?? 'failed');
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
