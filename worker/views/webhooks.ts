/**
 * The merchant webhooks (docs/design.md, "Which webhook when"): one envelope
 * `{ id, type, timestamp, data }`, signed per Standard Webhooks (shared/webhook-signature.ts),
 * and one payload schema per event type, for the document's `webhooks` section.
 * @module
 */
import * as z from 'zod';
import {
  createdBySchema,
  failureSchema,
  isoTime,
  moneyDifferenceSchema,
  sessionStatusSchema,
  WEBHOOK_TYPES,
} from './common';
import { payoutBatchEvent } from './payout-batch';
import { refundEventSchema, refundFields } from './refund';
import { merchantAttemptSchema } from './session';
import { named } from '../openapi/registry';

/** A webhook type. */
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/** What every checkout.* event (and a session's integration.error) carries. */
const checkoutFields = {
  session_id: z.string(),
  reference: z.string(),
  status: sessionStatusSchema,
  amount: z.number(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()).nullable(),
  sub_merchant_id: z.string().nullable(),
  attempt: merchantAttemptSchema.nullable(),
  unsettled_attempts: z.number().int(),
  request: createdBySchema.nullable(),
};

const checkoutEvent = named(
  'CheckoutEventData',
  z.looseObject(checkoutFields),
  'The session, and the attempt the event is about.',
);

const checkoutExpired = named(
  'CheckoutExpiredData',
  z.looseObject({
    ...checkoutFields,
    reason: z
      .literal('merchant')
      .optional()
      .describe(
        '`merchant` when POST /v1/sessions/{id}/expire closed it; absent: its time ran out.',
      ),
  }),
);

/** The merchant API call that refunds what an anomaly says was paid too much. */
const refundCallSchema = named(
  'RefundCall',
  z.object({
    method: z.literal('POST'),
    path: z.string(),
    body: z.object({
      attempt: z.string(),
      amount: z.number(),
      currency: z.string().describe('The currency the payment was reported in.'),
    }),
  }),
  'The exact merchant API call that refunds what the anomaly says was paid too much (or was ' +
    'paid at all, for a mismatch, a second success or a success after a failure).',
);

const checkoutRequiresAction = named(
  'CheckoutRequiresActionData',
  z.looseObject({
    ...checkoutFields,
    action: z.literal('refund_or_accept'),
    reason: z
      .enum(['mismatch', 'needs_review', 'success_after_failure'])
      .describe(
        'Why the session holds: an attempt paid with a difference, one the upstream never ' +
          'confirmed, or one reported paid after it was reported failed.',
      ),
    message: z.string(),
  }),
);

const checkoutAnomaly = named(
  'CheckoutAnomalyData',
  z.looseObject({
    ...checkoutFields,
    anomaly: z.looseObject({
      kind: z
        .string()
        .describe(
          'mismatch, needs_review, success_after_failure, failure_after_success, overpaid, ' +
            'second_success.',
        ),
      message: z.string(),
      expected: z.unknown().optional(),
      reported: z.unknown().optional(),
      differences: z.array(moneyDifferenceSchema).optional(),
      refund: refundCallSchema.optional(),
    }),
  }),
);

const payoutEvent = named(
  'PayoutEventData',
  z.looseObject({
    reference: z.string(),
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
    mobile: z.string().describe('Masked.'),
    payment_method_type: z.string(),
    upstream_reference: z.string().nullable(),
    failure: failureSchema.nullable(),
    request: createdBySchema.nullable(),
  }),
);

/** `payout.anomaly`, `payment_link.anomaly`: both sides of a report that disagrees. */
const moneyAnomaly = named(
  'MoneyAnomalyData',
  z.looseObject({
    reference: z.string(),
    kind: z
      .string()
      .describe(
        'success_after_failure, failure_after_success, mismatch, needs_review, unmatched_failure.',
      ),
    expected: z.record(z.string(), z.unknown()),
    reported: z.record(z.string(), z.unknown()).nullable(),
  }),
);

/** `refund.anomaly`: both sides of the report, and the refund. */
const refundAnomaly = named(
  'RefundAnomalyData',
  z.looseObject({
    reference: z.string(),
    kind: z
      .string()
      .describe(
        'success_after_failure, failure_after_success, mismatch, needs_review, unmatched_failure.',
      ),
    status: z.string(),
    expected: z.record(z.string(), z.unknown()),
    reported: z.record(z.string(), z.unknown()).nullable(),
    differences: z.array(moneyDifferenceSchema).nullable().optional(),
    session_id: z.string().nullable(),
    refund: z.object({
      ...refundFields,
      session_id: z.string().nullable(),
      request: createdBySchema.nullable(),
    }),
  }),
);

const linkPaid = named(
  'PaymentLinkPaidData',
  z.looseObject({
    reference: z.string().nullable(),
    upstream_reference: z.string().nullable(),
    link_id: z.string().nullable(),
    amount: z.number().nullable(),
    currency: z.string().nullable(),
    payment_type: z.string().nullable(),
    status: z.literal('success'),
  }),
);

const integrationError = named(
  'IntegrationErrorData',
  z.looseObject({ kind: z.string().optional() }),
  "The upstream refused the shop's configuration or the proxy's credentials, or a task keeps " +
    'failing; for a session, the checkout fields too.',
);

/** Each type's `data`. */
export const WEBHOOK_DATA: Readonly<Record<WebhookType, z.ZodType>> = {
  'checkout.succeeded': checkoutEvent,
  'checkout.failed': checkoutEvent,
  'checkout.expired': checkoutExpired,
  'checkout.anomaly': checkoutAnomaly,
  'checkout.requires_action': checkoutRequiresAction,
  'integration.error': integrationError,
  'payout.succeeded': payoutEvent,
  'payout.failed': payoutEvent,
  'payout.anomaly': moneyAnomaly,
  'refund.succeeded': refundEventSchema,
  'refund.failed': refundEventSchema,
  'refund.canceled': refundEventSchema,
  'refund.anomaly': refundAnomaly,
  'payout_batch.approved': payoutBatchEvent,
  'payout_batch.paused': payoutBatchEvent,
  'payout_batch.completed': payoutBatchEvent,
  'payment_link.paid': linkPaid,
  'payment_link.anomaly': moneyAnomaly,
};

function eventSchema(type: WebhookType): z.ZodType {
  const id = type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return named(
    `${id}Event`,
    z.object({
      id: z.string().describe('The event id, also the `webhook-id` header; stable across retries.'),
      type: z.literal(type),
      timestamp: isoTime,
      data: WEBHOOK_DATA[type],
    }),
  );
}

/** Each type's event: the envelope with its data. */
export const WEBHOOK_EVENTS = Object.fromEntries(
  WEBHOOK_TYPES.map((type) => [type, eventSchema(type)]),
) as Readonly<Record<WebhookType, z.ZodType>>;
