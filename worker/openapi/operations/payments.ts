/**
 * Payment links, balance, transaction status, the query index's other lists, the events feed
 * and the settlement report (worker/routes/merchant-payments.ts, merchant-queries.ts).
 * @module
 */
import * as z from 'zod';
import { paymentLinkParamsSchema } from '../../../shared/schemas';
import {
  EVENTS_SCHEMA,
  LIST_SCHEMAS,
  METHOD_STATS_SCHEMA,
  REPORT_SCHEMA,
} from '../../query/list-query';
import { REPORT_CSV_COLUMNS } from '../../query/report-csv-columns';
import { op } from '../operation';
import { resentSchema, webhookRecordSchema } from '../schemas/common';
import {
  balanceSchema,
  paymentLinkCreatedSchema,
  paymentLinkListSchema,
  transactionStatusSchema,
} from '../schemas/payments';
import {
  eventsPageSchema,
  linkPaymentListSchema,
  methodStatsSchema,
  settlementReportSchema,
} from '../schemas/queries';
import { UPSTREAM_ERRORS } from './common';

/** The link's params without `callback_url` (the proxy sets it); unknown keys are refused. */
const { callback_url: _callback, ...linkFields } = paymentLinkParamsSchema.shape;
const paymentLinkBody = z.strictObject(linkFields);

export const paymentOperations = [
  op({
    method: 'post',
    path: '/v1/payment-links',
    operationId: 'createPaymentLink',
    tag: 'Payment links',
    summary: 'Create a payment link',
    description: 'The body may carry a logo as base64 (2 MB decoded), so up to 3 MB.',
    audience: 'merchant',
    body: paymentLinkBody,
    idempotent: true,
    responses: { 201: paymentLinkCreatedSchema, 200: paymentLinkCreatedSchema },
    errors: UPSTREAM_ERRORS,
  }),
  op({
    method: 'get',
    path: '/v1/payment-links',
    operationId: 'listPaymentLinks',
    tag: 'Payment links',
    summary: "The upstream's payment links",
    audience: 'merchant',
    responses: { 200: paymentLinkListSchema },
    errors: UPSTREAM_ERRORS,
  }),
  op({
    method: 'get',
    path: '/v1/payment-link-payments',
    operationId: 'listPaymentLinkPayments',
    tag: 'Payment links',
    summary: 'List and search payment-link payments',
    audience: 'merchant',
    query: LIST_SCHEMAS.link_payments,
    responses: { 200: linkPaymentListSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/webhooks/payment-links',
    operationId: 'listPaymentLinkWebhooks',
    tag: 'Webhooks',
    summary: 'Every payment-link webhook and its deliveries',
    audience: 'merchant',
    responses: { 200: z.object({ webhooks: z.array(webhookRecordSchema) }) },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/v1/webhooks/payment-links/{event}/resend',
    operationId: 'resendPaymentLinkWebhook',
    tag: 'Webhooks',
    summary: 'Deliver a payment-link webhook again',
    audience: 'merchant',
    responses: { 202: resentSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'get',
    path: '/v1/balance',
    operationId: 'getBalance',
    tag: 'Balance and transactions',
    summary: "The upstream's balances",
    audience: 'merchant',
    responses: { 200: balanceSchema },
    errors: UPSTREAM_ERRORS,
  }),
  op({
    method: 'get',
    path: '/v1/transactions/{ref}',
    operationId: 'getTransaction',
    tag: 'Balance and transactions',
    summary: "One transaction from the upstream's status query",
    audience: 'merchant',
    query: z.object({ type: z.enum(['payin', 'payout']).optional() }),
    responses: { 200: transactionStatusSchema },
    errors: ['NOT_FOUND', ...UPSTREAM_ERRORS],
  }),
  op({
    method: 'get',
    path: '/v1/events',
    operationId: 'listEvents',
    tag: 'Webhooks',
    summary: 'The events feed (every webhook, oldest first, 30 days)',
    audience: 'merchant',
    query: EVENTS_SCHEMA,
    responses: { 200: eventsPageSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/reports/settlement',
    operationId: 'getSettlementReport',
    tag: 'Reports',
    summary: 'The settlement report of a period (JSON or CSV)',
    audience: 'merchant',
    query: REPORT_SCHEMA,
    responses: { 200: settlementReportSchema },
    alternatives: [
      {
        status: 200,
        contentType: 'text/csv',
        description:
          `With \`format=csv\`: the columns ${REPORT_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}; ` +
          '`record` is `row` (refunds are rows of kind `refund`), `total`, `net` or `anomaly` ' +
          '(docs/settlement-report.md).',
      },
    ],
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/reports/methods',
    operationId: 'getMethodStats',
    tag: 'Reports',
    summary: 'Success rate and median time to pay per method and country',
    description:
      'Over the attempts created in `[from, to)` (at most 93 days), from the query index. ' +
      'Only a definite answer counts: unsettled attempts are in neither side of the rate.',
    audience: 'merchant',
    query: METHOD_STATS_SCHEMA,
    responses: { 200: methodStatsSchema },
    errors: [],
  }),
];
