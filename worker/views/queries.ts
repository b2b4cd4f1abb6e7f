/**
 * The answers of the query-index routes (worker/routes/merchant-queries.ts): lists, the events
 * feed and the settlement report.
 * @module
 */
import * as z from 'zod';
import { attemptStatusSchema, isoOrNull, isoTime, pageOf, sessionStatusSchema } from './common';
import { named } from '../openapi/registry';

export const sessionSummarySchema = named(
  'SessionSummary',
  z.object({
    id: z.string(),
    status: sessionStatusSchema,
    amount: z.number(),
    currency: z.string(),
    reference: z.string(),
    country_id: z.number().int().nullable(),
    sub_merchant_id: z.string().nullable(),
    attempt_count: z.number().int(),
    created_at: isoOrNull,
    updated_at: isoOrNull,
    expires_at: isoOrNull,
    attempts: z.array(
      z.object({
        id: z.string(),
        status: attemptStatusSchema,
        country_id: z.number().int().nullable(),
        method: z.string().nullable(),
        upstream_reference: z.string().nullable(),
        created_at: isoOrNull,
        settled_at: isoOrNull,
      }),
    ),
  }),
);

export const payoutSummarySchema = named(
  'PayoutSummary',
  z.object({
    reference: z.string(),
    status: attemptStatusSchema,
    amount: z.number(),
    currency: z.string(),
    payment_method_type: z.string().nullable(),
    country_id: z.number().int().nullable(),
    upstream_reference: z.string().nullable(),
    created_at: isoOrNull,
    updated_at: isoOrNull,
    settled_at: isoOrNull,
  }),
);

export const linkPaymentSummarySchema = named(
  'PaymentLinkPayment',
  z.object({
    id: z.string(),
    status: attemptStatusSchema,
    amount: z.number(),
    currency: z.string().nullable(),
    reference: z.string().nullable(),
    upstream_reference: z.string().nullable(),
    link_id: z.string().nullable(),
    payment_type: z.string().nullable(),
    created_at: isoOrNull,
    settled_at: isoOrNull,
  }),
);

export const sessionListSchema = named('SessionList', pageOf(sessionSummarySchema));
export const payoutListSchema = named('PayoutList', pageOf(payoutSummarySchema));
export const linkPaymentListSchema = named(
  'PaymentLinkPaymentList',
  pageOf(linkPaymentSummarySchema),
);

export const eventsPageSchema = named(
  'EventsPage',
  z.object({
    data: z.array(
      z.looseObject({ id: z.string(), type: z.string(), timestamp: isoTime, data: z.unknown() }),
    ),
    has_more: z.boolean(),
    next_after: z.string().nullable().describe('Pass as `after` for the next page.'),
  }),
  'The events feed: the merchant webhooks, oldest first.',
);

const kind = z.enum(['collection', 'payment_link', 'payout', 'refund']);

export const settlementReportSchema = named(
  'SettlementReport',
  z.object({
    from: isoTime,
    to: isoTime,
    group_by: z.enum(['sub_merchant']).nullable(),
    rows: z.array(
      z.object({
        kind,
        id: z.string(),
        session_id: z.string().nullable(),
        reference: z.string().nullable(),
        method: z.string(),
        country_id: z.number().int().nullable(),
        currency: z.string().nullable(),
        amount: z
          .number()
          .describe('What a collection counted (per currency), what a payout or refund paid.'),
        overpaid: z
          .number()
          .describe('The part of `amount` above what a matching collection asked.'),
        mismatch: z
          .number()
          .describe(
            'All of `amount` when the collection did not match (or was paid after it failed).',
          ),
        upstream_reference: z.string().nullable(),
        settled_at: isoOrNull,
        sub_merchant_id: z.string().nullable(),
      }),
    ),
    totals: z.array(
      z.object({
        kind,
        currency: z.string().nullable(),
        method: z.string(),
        sub_merchant_id: z.string().nullable().optional(),
        count: z.number().int(),
        amount: z.number(),
      }),
    ),
    net: z
      .array(
        z.object({
          day: z.string().describe('The UTC day, `YYYY-MM-DD`.'),
          currency: z.string().nullable(),
          sub_merchant_id: z.string().nullable(),
          collected: z.number().describe('What the collections counted, all of it.'),
          overpaid: z.number().describe('The part of `collected` paid above what was asked.'),
          mismatch: z
            .number()
            .describe('The part of `collected` paid by collections that did not match.'),
          refunded: z.number(),
          net: z.number(),
        }),
      )
      .describe(
        'Per day, currency and sub-merchant: what collections counted minus refunds (not payouts).',
      ),
    anomalies: z.array(
      z.object({
        source: z.enum(['attempt', 'payout', 'refund', 'event']),
        id: z.string(),
        status: z.string(),
        reference: z.string().nullable(),
        currency: z.string().nullable(),
        amount: z.number().nullable(),
        at: isoOrNull,
        sub_merchant_id: z.string().nullable(),
      }),
    ),
  }),
);

export const methodStatsSchema = named(
  'MethodStats',
  z.object({
    from: isoTime,
    to: isoTime,
    data: z.array(
      z.object({
        method: z.string(),
        country_id: z.number().int(),
        attempts: z.number().int().describe('Attempts created in the period.'),
        succeeded: z.number().int(),
        failed: z.number().int(),
        unsettled: z
          .number()
          .int()
          .describe('Neither succeeded nor failed yet: pending, mismatch or needs_review.'),
        success_rate: z
          .number()
          .nullable()
          .describe('succeeded / (succeeded + failed); null while none is settled either way.'),
        median_seconds_to_pay: z
          .number()
          .nullable()
          .describe("Median of a successful attempt's creation to its settlement, in seconds."),
      }),
    ),
  }),
  'Per method and country, the attempts created in a period: outcomes, success rate, median time to pay.',
);
