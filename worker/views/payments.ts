/**
 * Answers of the merchant routes that pass through to the upstream (payment links, balance,
 * transaction status) and the operator routes (admin, diagnostics, health).
 * @module
 */
import * as z from 'zod';
import { paymentLinkParamsSchema } from '../../shared/schemas';
import { ROTATING_SECRETS } from '../secret-rotation';
import { isoOrNull, webhookRecordSchema } from './common';
import { named } from '../openapi/registry';

export const paymentLinkCreatedSchema = named(
  'PaymentLinkCreated',
  z.object({
    message: z.string().nullable(),
    id: z.string().describe('Our id of the link; its payments are matched against it.'),
    data: z.unknown().describe("The upstream's answer, as it sent it."),
  }),
);

export const paymentLinkListSchema = named(
  'PaymentLinkList',
  z.object({ message: z.string().nullable(), data: z.unknown() }),
  "The upstream's list of payment links, as it sent it.",
);

export const balanceSchema = named(
  'Balance',
  z.object({ data: z.array(z.unknown()) }),
  "The upstream's balances, one entry per currency account.",
);

export const transactionStatusSchema = named(
  'TransactionStatus',
  z.object({
    reference: z.string(),
    type: z.enum(['payin', 'payout']),
    status: z.string(),
    status_code: z.string(),
    amount: z.union([z.number(), z.string()]).nullable(),
    fee: z.union([z.number(), z.string()]).nullable(),
    currency: z.string().nullable(),
    balance: z.union([z.number(), z.string()]).nullable(),
    upstream_reference: z.string().nullable(),
    third_party_reference_1: z.string().nullable(),
    third_party_reference_2: z.string().nullable(),
    payment_method_type: z.string().nullable(),
    payment_channel: z.string().nullable(),
    mobile: z.string().nullable().describe('Masked.'),
    transaction_date: isoOrNull,
    created_at: isoOrNull,
    updated_at: isoOrNull,
    failure_reason: z
      .object({ code: z.string().nullable(), message: z.string().nullable() })
      .nullable(),
  }),
  "One transaction as the upstream's status query reports it (phone masked).",
);

export const reindexResultSchema = named(
  'ReindexResult',
  z.object({ objects: z.number().int(), rows: z.number().int() }),
);

const integrationHealth = z.object({
  status: z.enum(['ok', 'degraded', 'unknown']),
  last_auth_refusal_at: isoOrNull,
  last_signature_failures_at: isoOrNull,
  last_signature_failures_kind: z
    .enum(['signatures', 'unsigned_probes'])
    .nullable()
    .describe(
      'What the last run of refused callbacks was made of: signatures (the upstream key may have rotated) or unsigned_probes (none carried a plausible signature).',
    ),
  cause: z.string().optional(),
});

export const healthSchema = named(
  'Health',
  z.object({ ok: z.literal(true), service: z.string(), integration: integrationHealth }),
);

export const diagnosticsSchema = named(
  'Diagnostics',
  z.object({
    ok: z.boolean(),
    mode: z.enum(['development', 'production']),
    upstream: z
      .string()
      .optional()
      .describe(
        "The payment service's base URL; absent while the configuration does not validate.",
      ),
    checked_at: z.string(),
    integration: integrationHealth.optional(),
    checks: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        status: z.enum(['pass', 'warn', 'fail', 'skip']),
        found: z.string(),
        cause: z.string().optional(),
        fix: z.string().optional(),
      }),
    ),
    rotation: z
      .object({
        secrets: z.array(
          z.object({
            name: z.enum(ROTATING_SECRETS),
            previous_until: isoOrNull,
          }),
        ),
        keys: z.array(z.object({ id: z.string(), scope: z.string(), expires_at: isoOrNull })),
      })
      .optional()
      .describe(
        "When each rotating secret's overlap ends (`<NAME>_PREVIOUS_UNTIL`) and each merchant API key expires: names and dates, never a value; absent while the configuration does not validate.",
      ),
    failing_tasks: z
      .unknown()
      .optional()
      .describe(
        'Tasks of a session, payout or ledger that keep throwing (null: unreadable); absent while the configuration does not validate.',
      ),
    key_id: z.string(),
  }),
  "The doctor's report (docs/doctor.md), 200 when every check passes, 503 otherwise.",
);

export const diagnosticsSummarySchema = named(
  'DiagnosticsSummary',
  z.object({
    integration: integrationHealth,
    failing_tasks: z
      .unknown()
      .describe(
        'Tasks of a session, payout or ledger that keep throwing, as in the full report (null: unreadable, or the configuration does not validate).',
      ),
    key_id: z.string(),
  }),
  "What needs someone, without the doctor's checks: the integration's health and the failing tasks.",
);

export const callbackReceivedSchema = named(
  'CallbackReceived',
  z.object({ received: z.literal(true), duplicate: z.boolean() }),
);

const { callback_url: _callback, ...linkFields } = paymentLinkParamsSchema.shape;
/** `POST /v1/payment-links`'s body as the document shows it: the upstream's link parameters
 * without `callback_url` (we set it). */
export const paymentLinkBody = z.strictObject(linkFields);

/** `GET /v1/transactions/{ref}`'s query. */
export const transactionQuerySchema = z.object({ type: z.enum(['payin', 'payout']).optional() });

/** `GET /v1/webhooks/payment-links`: the payment-link webhooks sent. */
export const paymentLinkWebhooksSchema = z.object({ webhooks: z.array(webhookRecordSchema) });
