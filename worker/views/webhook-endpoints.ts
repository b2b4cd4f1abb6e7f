/**
 * Webhook endpoints (worker/webhook-endpoints/endpoint-store.ts, delivery-log.ts,
 * worker/routes/merchant-webhook-endpoints.ts): the endpoint object, its deliveries and a replay.
 * @module
 */
import * as z from 'zod';
import { isoOrNull, isoTime, pageOf } from './common';
import { named } from '../openapi/registry';

const endpointFields = {
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  enabled_events: z.array(z.string()),
  sub_merchant_id: z.string().nullable(),
  description: z.string(),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable(),
  previous_secret_expires_at: isoOrNull.describe(
    'While a rolled secret still signs: when it stops.',
  ),
  failing_since: isoOrNull,
  created_at: isoTime,
  updated_at: isoTime,
};

export const webhookEndpointSchema = named(
  'WebhookEndpoint',
  z.object(endpointFields),
  'A webhook endpoint (never its secret).',
);

export const webhookEndpointWithSecretSchema = named(
  'WebhookEndpointWithSecret',
  z.object({
    ...endpointFields,
    secret: z.string().describe('`whsec_…`: shown once, by the create or roll that made it.'),
  }),
);

export const webhookEndpointListSchema = named(
  'WebhookEndpointList',
  pageOf(webhookEndpointSchema),
);

export const webhookEndpointDeletedSchema = named(
  'WebhookEndpointDeleted',
  z.object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) }),
);

export const webhookDeliverySchema = named(
  'WebhookDelivery',
  z.object({
    id: z.string(),
    object: z.literal('webhook_delivery'),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['delivered', 'failed']),
    http_status: z.number().int().nullable(),
    duration_ms: z.number(),
    error: z.string().nullable(),
    attempt: z.number().int().describe('1 for the first try of this event to this endpoint.'),
    created_at: isoOrNull,
  }),
  'One try of one event to one endpoint.',
);

export const webhookDeliveryListSchema = named(
  'WebhookDeliveryList',
  pageOf(webhookDeliverySchema),
);

export const webhookReplaySchema = named(
  'WebhookReplay',
  z.object({
    object: z.literal('webhook_replay'),
    endpoint_id: z.string(),
    from: isoTime,
    to: isoTime,
    types: z.array(z.string()).nullable(),
    events: z.number().int().describe('How many events were queued to the endpoint.'),
  }),
);
