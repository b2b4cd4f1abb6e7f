/**
 * Webhook endpoints (worker/routes/merchant-webhook-endpoints.ts; docs/webhooks.md).
 * @module
 */
import {
  createEndpointSchema,
  deliveriesQuerySchema,
  replaySchema,
  rollSecretSchema,
  updateEndpointSchema,
} from '../../webhook-endpoints/endpoint-schemas';
import { op } from '../operation';
import {
  webhookDeliveryListSchema,
  webhookEndpointDeletedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookReplaySchema,
} from '../schemas/webhook-endpoints';

/** The production bodies (the address rule outside development:
 * worker/webhook-endpoints/endpoint-url.ts). */
const createBody = createEndpointSchema({ devMode: false, allowedPorts: new Set() });
const updateBody = updateEndpointSchema({ devMode: false, allowedPorts: new Set() });

export const webhookEndpointOperations = [
  op({
    method: 'post',
    path: '/v1/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Add a webhook endpoint',
    description:
      'Answers the endpoint with its signing `secret`, shown this once. The `url` must be ' +
      'https on a DNS name (no IP address, no `localhost`, `.localhost`, `.local` or ' +
      '`.internal`) at port 443 or a port of `WEBHOOK_ALLOWED_PORTS`; a link-local address is ' +
      'refused in every mode.',
    audience: 'merchant',
    body: createBody,
    responses: { 201: webhookEndpointWithSecretSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    tag: 'Webhook endpoints',
    summary: 'List the webhook endpoints',
    audience: 'merchant',
    responses: { 200: webhookEndpointListSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/webhook-endpoints/{id}',
    operationId: 'getWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Read a webhook endpoint',
    audience: 'merchant',
    responses: { 200: webhookEndpointSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'patch',
    path: '/v1/webhook-endpoints/{id}',
    operationId: 'updateWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Change a webhook endpoint',
    description: 'Any of the fields; `sub_merchant_id: null` clears it.',
    audience: 'merchant',
    body: updateBody,
    responses: { 200: webhookEndpointSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'delete',
    path: '/v1/webhook-endpoints/{id}',
    operationId: 'deleteWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Delete a webhook endpoint',
    audience: 'merchant',
    responses: { 200: webhookEndpointDeletedSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/webhook-endpoints/{id}/roll-secret',
    operationId: 'rollWebhookEndpointSecret',
    tag: 'Webhook endpoints',
    summary: "Roll an endpoint's signing secret",
    description:
      'The new secret is answered once; the old one keeps signing too for `expires_in` seconds ' +
      '(default 24 hours).',
    audience: 'merchant',
    body: rollSecretSchema,
    responses: { 200: webhookEndpointWithSecretSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'get',
    path: '/v1/webhook-endpoints/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    tag: 'Webhook endpoints',
    summary: "An endpoint's delivery tries, newest first",
    audience: 'merchant',
    query: deliveriesQuerySchema,
    responses: { 200: webhookDeliveryListSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/webhook-endpoints/{id}/replay',
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
    body: replaySchema,
    responses: { 202: webhookReplaySchema },
    errors: ['NOT_FOUND', 'REPLAY_IN_PROGRESS'],
  }),
];
