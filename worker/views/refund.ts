/**
 * A refund as the merchant sees it (worker/payout/refund-view.ts): the answer of
 * `POST /v1/sessions/{id}/refunds`, `GET /v1/refunds/{id}` and its reconcile, its row in
 * `GET /v1/refunds`, and the `refund.*` webhooks' data.
 * @module
 */
import * as z from 'zod';
import {
  attemptStatusSchema,
  createdBySchema,
  failureSchema,
  isoOrNull,
  isoTime,
  moneyDifferenceSchema,
  pageOf,
  webhookRecordSchema,
} from './common';
import { named } from '../openapi/registry';

/** The fields of a refund object. */
export const refundFields = {
  id: z.string().describe('`re_…`: also the reference of the payout that pays it.'),
  object: z.literal('refund'),
  session: z.string().nullable().describe('The checkout session refunded (null: a link payment).'),
  attempt: z
    .string()
    .nullable()
    .describe('The attempt (the payment) refunded (null: a link payment).'),
  link_payment: z
    .string()
    .nullable()
    .describe('The payment-link payment refunded (its id in the link payment list), or null.'),
  amount: z.number(),
  currency: z.string(),
  status: attemptStatusSchema,
  destination: z
    .object({
      method: z.string(),
      mobile: z.string().describe('Masked.'),
      differs_from_payer: z
        .boolean()
        .describe(
          'True unless the refund is paid to the number that paid (a number given that is ' +
            "another, or the payer's was never kept or was erased): check it before it leaves.",
        ),
    })
    .describe('The payout method and the masked number the refund is paid to.'),
  reason: z.string().nullable(),
  reference: z.string().nullable().describe("The merchant's own reference of the refund."),
  sub_merchant_id: z.string().nullable(),
  upstream_reference: z.string().nullable(),
  create_state: z.enum(['unsent', 'sending', 'accepted', 'rejected', 'unknown', 'canceled']),
  failure: failureSchema.nullable(),
  differences: z.array(moneyDifferenceSchema).nullable(),
  created: isoTime,
  updated: isoTime,
};

export const refundDetailSchema = named(
  'RefundDetail',
  z.object({
    ...refundFields,
    webhooks: z.array(webhookRecordSchema),
    redacted_at: isoOrNull,
  }),
  'A refund with its webhooks and erasure.',
);

/**
 * The answer of `POST /v1/sessions/{id}/refunds`: the refund as its payout has it (with its
 * webhooks and erasure), or, while that payout is not created yet, as the session has it
 * (without them) (worker/session/refunds.ts, `sendRefund`).
 */
export const refundCreatedSchema = named(
  'RefundCreated',
  z.object({
    ...refundFields,
    webhooks: z.array(webhookRecordSchema).optional(),
    redacted_at: isoOrNull.optional(),
  }),
  'A refund as its create answers it; `webhooks` and `redacted_at` once its payout exists.',
);

/** A refund's row in `GET /v1/refunds` (the query index). */
export const refundSummarySchema = named(
  'RefundSummary',
  z.object({
    id: z.string(),
    object: z.literal('refund'),
    session: z.string().nullable(),
    attempt: z.string().nullable(),
    link_payment: z.string().nullable(),
    status: attemptStatusSchema,
    amount: z.number(),
    currency: z.string(),
    method: z.string().nullable(),
    reference: z.string().nullable(),
    sub_merchant_id: z.string().nullable(),
    upstream_reference: z.string().nullable(),
    created: isoOrNull,
    updated: isoOrNull,
    settled: isoOrNull,
  }),
);

export const refundListSchema = named('RefundList', pageOf(refundSummarySchema));

/** The data of `refund.succeeded` and `refund.failed`. */
export const refundEventSchema = named(
  'RefundEventData',
  z.object({
    ...refundFields,
    session_id: z.string().nullable(),
    request: createdBySchema.nullable(),
  }),
  'The refund, its session (null: a link payment) and the merchant API request that created it.',
);
