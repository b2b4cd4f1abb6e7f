/**
 * The merchant's view of a session (worker/session/merchant-view.ts): `GET /v1/sessions/{id}`
 * and the answers of create, reconcile and redact.
 * @module
 */
import * as z from 'zod';
import {
  flatJsonSchema,
  isoTime,
  moneyDifferenceSchema,
  sessionStatusSchema,
  webhookRecordSchema,
} from './common';
import { attemptViewFields } from './checkout-view';
import { redactionFields } from './redaction';
import { named } from '../openapi/registry';

/** What the deciding upstream success reported, with the fields that did not match. */
export const reportedMoneySchema = z.object({
  amount: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  upstreamRef: z.string().nullable().optional(),
});

export const merchantAttemptSchema = named(
  'MerchantAttempt',
  z.object({
    ...attemptViewFields,
    third_party_reference_1: z.string(),
    upstream_reference: z.string().nullable(),
    create_state: z.string(),
    upstream_message: z.string().nullable(),
    lapse_reason: z.string().nullable(),
    reported: named(
      'ReportedMoney',
      reportedMoneySchema.extend({ differences: z.array(moneyDifferenceSchema) }),
      'What the deciding upstream success reported, with the fields that did not match.',
    ).nullable(),
    mobile: z.string().nullable().describe('Masked.'),
    updated_at: isoTime,
  }),
  'An attempt as the merchant sees it (phone masked, no payment token).',
);

export const merchantSessionSchema = named(
  'Session',
  z.object({
    id: z.string(),
    status: sessionStatusSchema,
    amount: z.number(),
    currency: z.string(),
    reference: z.string(),
    country_id: z.number().int().nullable(),
    methods: z.array(z.string()).nullable(),
    customer: flatJsonSchema.nullable(),
    return_url: z.string().nullable(),
    locale: z.string().nullable().describe('The payer’s language (BCP 47), or null.'),
    metadata: z.record(z.string(), z.string()).nullable(),
    sub_merchant_id: z.string().nullable(),
    created_at: isoTime,
    expires_at: isoTime,
    checkout_url: z.string().describe('The hosted checkout page (`/pay/{id}`).'),
    attempts: z.array(merchantAttemptSchema),
    history: z.array(
      z.object({
        seq: z.number().int(),
        at: isoTime,
        type: z.string(),
        attempt_id: z.string().nullable(),
        data: flatJsonSchema.nullable(),
      }),
    ),
    callbacks: z.array(
      z.object({
        digest: z.string(),
        attempt_id: z.string().nullable(),
        received_at: isoTime,
        status: z.string().nullable(),
        status_code: z.string().nullable(),
        payment_step: z.number().nullable(),
        applied: z.string().nullable(),
      }),
    ),
    webhooks: z.array(webhookRecordSchema),
    refunds: z
      .array(
        z.object({
          id: z.string(),
          attempt: z.string(),
          amount: z.number(),
          currency: z.string(),
          status: z.string(),
          destination: z.object({ method: z.string(), mobile: z.string().describe('Masked.') }),
          reason: z.string().nullable(),
          reference: z.string().nullable(),
          created: isoTime,
        }),
      )
      .describe('Its refunds as the session knows them (`GET /v1/refunds/{id}` has the detail).'),
    seq: z.number().int(),
    ...redactionFields,
  }),
  'A checkout session as the merchant sees it.',
);
