/**
 * The `WebhookEndpoints` Durable Object. The one named `registry` holds every webhook endpoint
 * and its secrets (worker/webhook-endpoints/endpoint-store.ts) and answers the other objects'
 * outboxes (fan-out, secrets, failure reports); its own outbox sends the `integration.error`
 * of an endpoint it disabled. One object per endpoint (`replay:<id>`) holds that endpoint's
 * replays, so replaying to an endpoint that fails holds no other endpoint back.
 * @module
 */
import { OutboxedObject, type TaskHandlers } from '../durable/outboxed-object';
import { fail, orNull, type Outcome } from '../durable/outcome';
import type { ProxyEnv } from '../env';
import type { IndexOutbox } from '../index-store/index-outbox';
import { recordPorts } from '../object-ports';
import {
  REGISTRY_NAME,
  feedBody,
  remoteDirectory,
  type EndpointDirectory,
  type SigningTarget,
} from './directory';
import { newEndpointSecret, randomId } from './endpoint-secret';
import {
  EndpointStore,
  MAX_ENDPOINTS,
  endpointView,
  type EndpointFields,
  type EndpointRow,
  type EndpointView,
} from './endpoint-store';
import { ENDPOINT_DISABLE_AFTER_MS, EndpointFanOut } from './fan-out';
import { ReplayQuota } from './replay-quota';
import type * as z from 'zod';
import type { webhookEndpointWithSecretSchema } from '../views/webhook-endpoints';
import { endpointFailed, endpointSucceeded, setEndpointStatus } from './transitions';

/** An endpoint with its secret: answered once, at creation or at a roll. */
export type EndpointWithSecret = z.output<typeof webhookEndpointWithSecretSchema>;

/** The answer for an endpoint id the registry does not hold. */
const noEndpoint = <T>(): Outcome<T> => fail('NOT_FOUND', 'No webhook endpoint has that id.');

/** One event of the feed to send again (its body is read from the feed at each try). */
export interface ReplayEvent {
  id: string;
  type: string;
}

/**
 * The registry of webhook endpoints, and each endpoint's replays.
 *
 * @example
 * const created = await registry(env).create({ url, enabled_events: ['checkout.*'], … });
 */
export class WebhookEndpoints extends OutboxedObject<never, IndexOutbox> {
  private readonly store: EndpointStore;
  protected readonly noun = 'webhook endpoints object';
  /** Its tasks are its outbox's only (the object base runs them). */
  protected readonly handlers: TaskHandlers<never> = {};

  constructor(ctx: DurableObjectState, env: ProxyEnv) {
    // Always open (the registry and the replay objects hold their outbox from the start).
    super(ctx, env, { schema: '', marker: null });
    this.store = new EndpointStore(ctx.storage.sql);
  }

  private get outbox() {
    return this.open.outbox;
  }

  private get isRegistry(): boolean {
    return this.ctx.id.name === REGISTRY_NAME;
  }

  // ------------------------------------------------------------------ merchant API

  async create(fields: EndpointFields): Promise<Outcome<EndpointWithSecret>> {
    if (this.store.count() >= MAX_ENDPOINTS) {
      return fail(
        'VALIDATION_FAILED',
        `A deployment has at most ${MAX_ENDPOINTS} webhook endpoints: delete one first.`,
      );
    }
    const id = randomId('we');
    const secret = newEndpointSecret();
    this.store.insert(id, fields, secret, Date.now());
    return { ok: true, value: { ...endpointView(this.store.get(id)!), secret } };
  }

  async list(): Promise<EndpointView[]> {
    return this.store.all().map((row) => endpointView(row));
  }

  /** The endpoint, or NOT_FOUND. */
  async view(id: string): Promise<Outcome<EndpointView>> {
    const row = this.store.get(id);
    return row ? { ok: true, value: endpointView(row) } : noEndpoint();
  }

  /** Changes the endpoint's fields; answers it afterwards, or NOT_FOUND. */
  async update(id: string, fields: Partial<EndpointFields>): Promise<Outcome<EndpointView>> {
    const row = this.store.get(id);
    if (!row) return noEndpoint();
    this.store.update(id, fields, Date.now());
    if (fields.status) setEndpointStatus(this.ctx.storage.sql, row, fields.status);
    return { ok: true, value: endpointView(this.store.get(id)!) };
  }

  /** Deletes the endpoint, or NOT_FOUND. */
  async remove(
    id: string,
  ): Promise<Outcome<{ id: string; object: 'webhook_endpoint'; deleted: true }>> {
    if (!this.store.remove(id)) return noEndpoint();
    return { ok: true, value: { id, object: 'webhook_endpoint', deleted: true } };
  }

  /** A new secret, answered once; the old one signs too for `expiresInSeconds`. NOT_FOUND for
   * an unknown id. */
  async rollSecret(id: string, expiresInSeconds: number): Promise<Outcome<EndpointWithSecret>> {
    if (!this.store.get(id)) return noEndpoint();
    const now = Date.now();
    const secret = newEndpointSecret();
    this.store.roll(id, secret, now + expiresInSeconds * 1000, now);
    return { ok: true, value: { ...endpointView(this.store.get(id)!, now), secret } };
  }

  // ------------------------------------------------------------------ the outboxes' directory

  async matching(type: string, subMerchantId: string | null): Promise<string[]> {
    return this.store.matching(type, subMerchantId);
  }

  /** Where and how to sign a delivery to the endpoint, or NOT_FOUND (it was deleted). */
  async target(id: string): Promise<Outcome<SigningTarget>> {
    const row = this.store.get(id);
    if (!row) return noEndpoint();
    return {
      ok: true,
      value: {
        url: row.url,
        secrets: this.store.secrets(row),
        enabled: row.status === 'enabled',
        failingSince: row.failing_since,
      },
    };
  }

  /** A failed delivery; the one that ends three days of failures disables the endpoint and
   * sends one `integration.error` to the other endpoints (and endpoint zero). */
  async reportFailure(id: string, at: number, error: string): Promise<{ disabled: boolean }> {
    const row = this.store.get(id);
    const failure = { at, error };
    if (row && endpointFailed(this.ctx.storage.sql, row, failure, ENDPOINT_DISABLE_AFTER_MS)) {
      this.announceDisabled(this.store.get(id)!);
    }
    return { disabled: this.store.get(id)?.status === 'disabled' };
  }

  async reportSuccess(id: string): Promise<void> {
    endpointSucceeded(this.ctx.storage.sql, id);
  }

  private announceDisabled(row: EndpointRow): void {
    this.outbox.enqueue(`evt_${row.id}_disabled_${row.failing_since}`, 'integration.error', {
      kind: 'webhook_endpoint_disabled',
      endpoint_id: row.id,
      // The origin only: a path or query could carry anything.
      url_origin: new URL(row.url).origin,
      failing_since: new Date(row.failing_since!).toISOString(),
      last_error: row.last_error,
      fix: `fix the endpoint, then PATCH /v1/webhook-endpoints/${row.id} {"status":"enabled"} and replay the gap`,
    });
  }

  // ------------------------------------------------------------------ replays (`replay:<id>`)

  /**
   * Queues the events for one endpoint, each due now with its original id. Refused while an
   * earlier replay to the endpoint still has an event to deliver (409 REPLAY_IN_PROGRESS), and
   * past `dailyLimit` events in 24 hours (429 RATE_LIMITED with `retry_after`).
   */
  async queueReplay(
    endpointId: string,
    events: ReplayEvent[],
    dailyLimit: number,
  ): Promise<Outcome<number>> {
    const pending = this.fanOut.pendingFor(endpointId);
    if (pending > 0) {
      return fail(
        'REPLAY_IN_PROGRESS',
        `A replay to this endpoint still has ${pending} event(s) to deliver; replay again once each is delivered or dropped (GET /v1/webhook-endpoints/${endpointId}/deliveries).`,
      );
    }
    const quota = new ReplayQuota(this.ctx.storage.sql).take(events.length, dailyLimit);
    if ('retryAfter' in quota) {
      return fail(
        'RATE_LIMITED',
        `Replays may send ${dailyLimit} events to one endpoint in 24 hours (WEBHOOK_REPLAY_DAILY_LIMIT); this one would pass it.`,
        { retry_after: quota.retryAfter },
      );
    }
    for (const event of events) this.fanOut.replay(event, endpointId);
    return { ok: true, value: events.length };
  }

  // ------------------------------------------------------------------ timers

  protected ports() {
    return recordPorts(this.env, () => this.directory());
  }

  /** This object's endpoint rows, for queueing replays (their tries run on its fan-out). */
  private get fanOut(): EndpointFanOut {
    const { tasks, index } = this.open;
    return new EndpointFanOut(
      this.ctx.storage.sql,
      tasks,
      () => this.directory(),
      (attempt) => index.stageDelivery(attempt),
    );
  }

  /** The registry answers its own outbox's questions; a replay object asks the registry. */
  private directory(): EndpointDirectory {
    if (!this.isRegistry) return remoteDirectory(this.env);
    return {
      matching: (type, sub) => this.matching(type, sub),
      target: async (id) => orNull(await this.target(id)),
      failed: (id, at, error) => this.reportFailure(id, at, error),
      succeeded: (id) => this.reportSuccess(id),
      feedBody: (eventId) => feedBody(this.env, eventId),
    };
  }
}
