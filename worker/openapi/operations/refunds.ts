/**
 * Refunds (worker/routes/merchant-refunds.ts, merchant-queries.ts).
 * @module
 */
import { refundBodySchema } from '../../../shared/schemas';
import { LIST_SCHEMAS } from '../../query/list-query';
import { op } from '../operation';
import { resentSchema } from '../schemas/common';
import { refundCreatedSchema, refundDetailSchema, refundListSchema } from '../schemas/refund';

export const refundOperations = [
  op({
    method: 'post',
    path: '/v1/sessions/{id}/refunds',
    operationId: 'createRefund',
    tag: 'Refunds',
    summary: "Refund a session's payment (all or part)",
    description:
      'Sent as a payout to the payer’s number (or `destination`); the session decides it against ' +
      'what its payments were reported to have paid, per currency (a payment reported in another ' +
      'currency is refunded only in that one: name it as `currency`, else 409 ' +
      '`CURRENCY_MISMATCH`). 201 with the new refund; the same Idempotency-Key and body answer it again ' +
      '(200). Its outcome comes as `refund.succeeded` or `refund.failed`.',
    audience: 'merchant',
    body: refundBodySchema,
    idempotent: true,
    responses: { 201: refundCreatedSchema, 200: refundCreatedSchema },
    errors: [
      'SESSION_NOT_FOUND',
      'NOT_PAID',
      'CURRENCY_MISMATCH',
      'REFUND_EXCEEDS_PAID',
      'REFUND_DESTINATION_REQUIRED',
    ],
  }),
  op({
    method: 'get',
    path: '/v1/refunds',
    operationId: 'listRefunds',
    tag: 'Refunds',
    summary: 'List and search refunds',
    description: 'Newest first, from the query index; `starting_after` takes `next_cursor`.',
    audience: 'merchant',
    query: LIST_SCHEMAS.refunds,
    responses: { 200: refundListSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/refunds/{id}',
    operationId: 'getRefund',
    tag: 'Refunds',
    summary: 'Read a refund',
    audience: 'merchant',
    responses: { 200: refundDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/refunds/{id}/reconcile',
    operationId: 'reconcileRefund',
    tag: 'Refunds',
    summary: 'Ask the upstream now about a refund',
    audience: 'merchant',
    responses: { 200: refundDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/refunds/{id}/webhooks/{event}/resend',
    operationId: 'resendRefundWebhook',
    tag: 'Webhooks',
    summary: "Deliver one of a refund's webhooks again",
    audience: 'merchant',
    responses: { 202: resentSchema },
    errors: ['NOT_FOUND'],
  }),
];
