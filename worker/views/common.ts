/**
 * Small shapes several responses share.
 * @module
 */
import * as z from 'zod';
import { ATTEMPT_STATUSES, SESSION_STATUSES } from '../../shared/status';
import { named } from '../openapi/registry';

/** An ISO 8601 time. */
export const isoTime = z.string().describe('ISO 8601 (UTC).');
/** An ISO 8601 time or null. */
export const isoOrNull = isoTime.nullable();

export const sessionStatusSchema = named('SessionStatus', z.enum(SESSION_STATUSES));
export const attemptStatusSchema = named('AttemptStatus', z.enum(ATTEMPT_STATUSES));

/** A failure as the upstream (or the proxy) reported it. */
export const failureSchema = named(
  'Failure',
  z.object({ code: z.string().nullable(), message: z.string().nullable() }),
);

/** One field where an upstream report disagrees with our records. */
export const moneyDifferenceSchema = named(
  'MoneyDifference',
  z.object({
    field: z.enum(['amount', 'currency', 'upstream_reference']),
    expected: z.union([z.string(), z.number()]),
    reported: z.union([z.string(), z.number()]),
  }),
);

/** A flat JSON object (strings, numbers, booleans, nulls). */
export const flatJsonSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

/** Which merchant API request created a record. */
export const createdBySchema = named(
  'CreatedBy',
  z.object({
    request_id: z.string(),
    key_id: z.string(),
    type: z.literal('console').optional(),
    email: z.string().optional(),
  }),
  'The merchant API request that created the record: its request id and the key id that acted; ' +
    'from the console (docs/console.md), `key_id` is `console`, with `type: "console"` and the ' +
    "user's `email`.",
);

/** The merchant webhook types. */
export const WEBHOOK_TYPES = [
  'checkout.succeeded',
  'checkout.failed',
  'checkout.expired',
  'checkout.anomaly',
  'checkout.requires_action',
  'integration.error',
  'payout.succeeded',
  'payout.failed',
  'payout.anomaly',
  'refund.succeeded',
  'refund.failed',
  'refund.canceled',
  'refund.anomaly',
  'payout_batch.approved',
  'payout_batch.paused',
  'payout_batch.completed',
  'payment_link.paid',
  'payment_link.anomaly',
] as const;

/** A webhook and its delivery history, as the merchant API shows it. */
export const webhookRecordSchema = named(
  'WebhookRecord',
  z.object({
    id: z.string(),
    type: z.enum(WEBHOOK_TYPES),
    status: z.string(),
    tries: z.number().int(),
    created_at: isoTime,
    delivered_at: isoOrNull,
    next_attempt_at: isoOrNull,
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    deliveries: z.array(
      z.object({
        at: isoTime,
        status: z.number().int().nullable(),
        error: z.string().nullable(),
        duration_ms: z.number(),
      }),
    ),
  }),
);

/** `{ resent: true }` (202). */
export const resentSchema = named('Resent', z.object({ resent: z.literal(true) }));

/** A cursor page of a list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe('Pass as `starting_after` for the next page.'),
  });
}
