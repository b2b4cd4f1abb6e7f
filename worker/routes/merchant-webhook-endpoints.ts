/**
 * `/v1/webhook-endpoints` (docs/webhooks.md): create, list, read, update and delete webhook
 * endpoints, roll a secret, list an endpoint's deliveries and replay a time range of the events
 * feed. Writes need a `full` key, GETs a `read` one (worker/routes/merchant-api.ts). A secret is
 * answered once, by the create or the roll that made it.
 * @module
 */
import { Hono, type Context } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { ProxyApp } from '../app-env';
import { jsonBody } from '../middleware/json-body';
import { millis, pageOf, queryOf } from '../query/list-query';
import { deliveriesPage } from '../webhook-endpoints/delivery-log';
import { registry } from '../webhook-endpoints/directory';
import { ENDPOINT_ID } from '../webhook-endpoints/endpoint-secret';
import {
  DEFAULT_EXPIRES_IN,
  createEndpointSchema,
  deliveriesQuerySchema,
  replaySchema,
  rollSecretSchema,
  updateEndpointSchema,
} from '../webhook-endpoints/endpoint-schemas';
import { eventTypeCondition } from '../webhook-endpoints/event-filter';
import type { EndpointView } from '../webhook-endpoints/endpoint-store';
import { urlWithoutQuery } from '../webhook-endpoints/endpoint-url';
import type { ReplayEvent } from '../webhook-endpoints/webhook-endpoints';
import { respond } from './respond';
import { contract } from '../openapi/contract';
import {
  webhookDeliveryListSchema,
  webhookEndpointDeletedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookReplaySchema,
} from '../views/webhook-endpoints';

/** Events one replay may send; a longer range is refused (ask for shorter ones). */
export const REPLAY_MAX_EVENTS = 1000;

function notFound(): CheckoutError {
  return new CheckoutError('NOT_FOUND', 'No webhook endpoint has that id.');
}

function invalid(path: string, message: string): CheckoutError {
  return new CheckoutError('VALIDATION_FAILED', `The request is invalid: ${message}.`, {
    issues: [{ path, message }],
  });
}

/** The address rule outside development (worker/webhook-endpoints/endpoint-url.ts): the one
 * the contract's bodies describe. */
const PRODUCTION_URL_RULES = { devMode: false, allowedPorts: new Set<number>() };

/** The address rule of this deployment (worker/webhook-endpoints/endpoint-url.ts). */
function urlRules(c: Context<ProxyApp>) {
  return { devMode: c.var.config.devMode, allowedPorts: c.var.config.webhookAllowedPorts };
}

/** An endpoint as the request's key may see it: a key short of `full` (a `read` key) sees
 * its address without the query. */
function shownTo(c: Context<ProxyApp>, view: EndpointView): EndpointView {
  return c.var.keyScope === 'full' ? view : { ...view, url: urlWithoutQuery(view.url) };
}

/** The `:id` of the path, or 404 when it cannot be an endpoint's. */
function endpointId(c: Context<ProxyApp>): string {
  const id = c.req.param('id') ?? '';
  if (!ENDPOINT_ID.test(id)) throw notFound();
  return id;
}

function indexOf(c: Context<ProxyApp>): D1Database {
  if (!c.env.INDEX) {
    throw new CheckoutError('CONFIG_INVALID', 'The query index (D1 binding INDEX) is not bound.');
  }
  return c.env.INDEX;
}

/**
 * The webhook endpoints routes (mounted in the merchant API).
 *
 * @example
 * merchant.route('/', merchantWebhookEndpoints());
 */
export function merchantWebhookEndpoints() {
  const app = new Hono<ProxyApp>();
  const invalidBody = { invalid: 'The webhook endpoint is invalid.' };

  app.post(
    '/webhook-endpoints',
    contract({
      operationId: 'createWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Add a webhook endpoint',
      description:
        'Answers the endpoint with its signing `secret`, shown this once. The `url` must be ' +
        'https on a DNS name (no IP address, no `localhost`, `.localhost`, `.local` or ' +
        '`.internal`) at port 443 or a port of `WEBHOOK_ALLOWED_PORTS`; a link-local address is ' +
        'refused in every mode.',
      audience: 'merchant',
      responses: { 201: webhookEndpointWithSecretSchema },
      errors: [],
    }),
    jsonBody((c: Context<ProxyApp>) => createEndpointSchema(urlRules(c)), {
      ...invalidBody,
      documented: createEndpointSchema(PRODUCTION_URL_RULES),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const outcome = await registry(c.env).create({
        url: body.url,
        enabled_events: body.enabled_events,
        sub_merchant_id: body.sub_merchant_id ?? null,
        description: body.description ?? '',
        status: body.status ?? 'enabled',
      });
      return respond(c, outcome, 201);
    },
  );

  app.get(
    '/webhook-endpoints',
    contract({
      operationId: 'listWebhookEndpoints',
      tag: 'Webhook endpoints',
      summary: 'List the webhook endpoints',
      audience: 'merchant',
      responses: { 200: webhookEndpointListSchema },
      errors: [],
    }),
    async (c) => {
      const data = (await registry(c.env).list()).map((view) => shownTo(c, view));
      return c.json({ data, has_more: false, next_cursor: null });
    },
  );

  app.get(
    '/webhook-endpoints/:id',
    contract({
      operationId: 'getWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Read a webhook endpoint',
      audience: 'merchant',
      responses: { 200: webhookEndpointSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => {
      const found = await registry(c.env).view(endpointId(c));
      return respond(c, found.ok ? { ok: true, value: shownTo(c, found.value) } : found);
    },
  );

  app.patch(
    '/webhook-endpoints/:id',
    contract({
      operationId: 'updateWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Change a webhook endpoint',
      description: 'Any of the fields; `sub_merchant_id: null` clears it.',
      audience: 'merchant',
      responses: { 200: webhookEndpointSchema },
      errors: ['NOT_FOUND'],
    }),
    jsonBody((c: Context<ProxyApp>) => updateEndpointSchema(urlRules(c)), {
      ...invalidBody,
      documented: updateEndpointSchema(PRODUCTION_URL_RULES),
    }),
    async (c) => {
      return respond(c, await registry(c.env).update(endpointId(c), c.req.valid('json')));
    },
  );

  app.delete(
    '/webhook-endpoints/:id',
    contract({
      operationId: 'deleteWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Delete a webhook endpoint',
      audience: 'merchant',
      responses: { 200: webhookEndpointDeletedSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => respond(c, await registry(c.env).remove(endpointId(c))),
  );

  app.post(
    '/webhook-endpoints/:id/roll-secret',
    contract({
      operationId: 'rollWebhookEndpointSecret',
      tag: 'Webhook endpoints',
      summary: "Roll an endpoint's signing secret",
      description:
        'The new secret is answered once; the old one keeps signing too for `expires_in` seconds ' +
        '(default 24 hours).',
      audience: 'merchant',
      responses: { 200: webhookEndpointWithSecretSchema },
      errors: ['NOT_FOUND'],
    }),
    jsonBody(rollSecretSchema, { invalid: 'The roll is invalid.' }),
    async (c) => {
      const id = endpointId(c);
      const expiresIn = c.req.valid('json').expires_in ?? DEFAULT_EXPIRES_IN;
      return respond(c, await registry(c.env).rollSecret(id, expiresIn));
    },
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    contract({
      operationId: 'listWebhookDeliveries',
      tag: 'Webhook endpoints',
      summary: "An endpoint's delivery tries, newest first",
      audience: 'merchant',
      responses: { 200: webhookDeliveryListSchema },
      errors: ['NOT_FOUND'],
    }),
    queryOf(deliveriesQuerySchema),
    async (c) => {
      const id = endpointId(c);
      const db = indexOf(c);
      const endpoint = await registry(c.env).view(id);
      if (!endpoint.ok) return respond(c, endpoint);
      const page = pageOf(c.req.valid('query'));
      return c.json(await deliveriesPage(db, id, { limit: page.limit, after: page.after }));
    },
  );

  app.post(
    '/webhook-endpoints/:id/replay',
    contract({
      operationId: 'replayWebhookEvents',
      tag: 'Webhook endpoints',
      summary: 'Send the events of a time range to an endpoint again',
      description:
        "The events feed's events created in `[from, to)` that the endpoint takes (and `types`, " +
        'if given), at most 1000; the endpoint must be enabled. One replay per endpoint at a ' +
        'time (409 `REPLAY_IN_PROGRESS` until each event of the last one is delivered or ' +
        'dropped); at most `WEBHOOK_REPLAY_DAILY_LIMIT` events (default 10000) per endpoint in ' +
        '24 hours (429 `RATE_LIMITED` with `Retry-After`). A replayed event that fails is ' +
        'retried for one day.',
      audience: 'merchant',
      responses: { 202: webhookReplaySchema },
      errors: ['NOT_FOUND', 'REPLAY_IN_PROGRESS'],
    }),
    jsonBody(replaySchema, { invalid: 'The replay is invalid.' }),
    async (c) => {
      const id = endpointId(c);
      const db = indexOf(c);
      const body = c.req.valid('json');
      const found = await registry(c.env).view(id);
      if (!found.ok) return respond(c, found);
      const endpoint = found.value;
      if (endpoint.status !== 'enabled') {
        throw invalid('status', 'the endpoint is disabled: enable it (PATCH status) first');
      }
      const from = millis(body.from)!;
      const to = millis(body.to)!;
      if (to <= from) throw invalid('to', 'to must be after from');
      // The endpoint's own filters, then the replay's `types`, over the events feed.
      const filters = [
        eventTypeCondition(endpoint.enabled_events),
        eventTypeCondition(body.types ?? ['*']),
      ];
      const { results } = await db
        .prepare(
          `SELECT id, type FROM events WHERE created_at >= ? AND created_at < ?
           AND (? IS NULL OR sub_merchant_id = ?) AND ${filters.map((f) => f.sql).join(' AND ')}
           ORDER BY seq LIMIT ?`,
        )
        .bind(
          from,
          to,
          endpoint.sub_merchant_id,
          endpoint.sub_merchant_id,
          ...filters.flatMap((f) => f.bindings),
          REPLAY_MAX_EVENTS + 1,
        )
        .all<ReplayEvent>();
      // A replay larger than a day's allowance could never be sent: shorter ranges.
      const max = Math.min(REPLAY_MAX_EVENTS, c.var.config.replayDailyLimit);
      if (results.length > max) {
        throw invalid(
          'to',
          `the range holds more than ${max} events for this endpoint; replay shorter ranges`,
        );
      }
      const replays = c.env.WEBHOOK_ENDPOINTS.get(
        c.env.WEBHOOK_ENDPOINTS.idFromName(`replay:${id}`),
      );
      const queued = await replays.queueReplay(id, results, c.var.config.replayDailyLimit);
      if (!queued.ok) return respond(c, queued);
      return c.json(
        {
          object: 'webhook_replay',
          endpoint_id: id,
          from: body.from,
          to: body.to,
          types: body.types ?? null,
          events: queued.value,
        },
        202,
      );
    },
  );

  return app;
}
