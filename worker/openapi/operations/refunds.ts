/**
 * Refunds (worker/routes/merchant-refunds.ts, merchant-queries.ts).
 * @module
 */
import { linkRefundBodySchema, refundBodySchema } from '../../../shared/schemas';
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
    method: 'post',
    path: '/v1/payment-links/{id}/payments/{ref}/refunds',
    operationId: 'createLinkPaymentRefund',
    tag: 'Refunds',
    summary: 'Refund a payment-link payment (all or part)',
    description:
      '`id` is the link’s id (`pl_…`), or `external` for a link created elsewhere; `ref` the ' +
      'payment’s id or any upstream reference it was given. Decided against what the payment’s ' +
      'reports counted, per currency (`currency`: the link’s unless named; a payment reported ' +
      'in another currency is refunded only in it, else 409 `CURRENCY_MISMATCH`), and sent as ' +
      'a payout to `destination` (the payer’s ' +
      'number of a link payment is not kept). 201 with the new refund; the same ' +
      'Idempotency-Key and body answer it again (200). Its outcome comes as `refund.succeeded` ' +
      'or `refund.failed`; `GET /v1/refunds` lists it.',
    audience: 'merchant',
    body: linkRefundBodySchema,
    idempotent: true,
    responses: { 201: refundCreatedSchema, 200: refundCreatedSchema },
    errors: ['NOT_FOUND', 'NOT_PAID', 'CURRENCY_MISMATCH', 'REFUND_EXCEEDS_PAID'],
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
    path: '/v1/refunds/{id}/cancel',
    operationId: 'cancelRefund',
    tag: 'Refunds',
    summary: 'Cancel a refund that was never sent',
    description:
      'Cancels a refund whose payout was recorded but provably never sent to the payment ' +
      'service (create_state `unsent`, e.g. its object was evicted before the call left): it ' +
      'becomes `failed` with create_state `canceled` and failure code `CANCELED`, frees its ' +
      'amount and sends `refund.canceled`. Once the create may have left: 409.',
    audience: 'merchant',
    responses: { 200: refundDetailSchema },
    errors: ['NOT_FOUND', 'REFUND_NOT_CANCELABLE'],
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
