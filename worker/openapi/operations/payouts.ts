/**
 * Payouts (worker/routes/merchant-payments.ts, merchant-redact.ts, merchant-queries.ts).
 * @module
 */
import { payoutBodySchema } from '../../../shared/schemas';
import { LIST_SCHEMAS } from '../../query/list-query';
import { op } from '../operation';
import { resentSchema } from '../schemas/common';
import { payoutSchema } from '../schemas/payout';
import { payoutListSchema } from '../schemas/queries';
import { UPSTREAM_ERRORS } from './common';

export const payoutOperations = [
  op({
    method: 'post',
    path: '/v1/payouts',
    operationId: 'createPayout',
    tag: 'Payouts',
    summary: 'Send a payout',
    description:
      'The `reference` is the payout’s own idempotency key: the same terms answer 200 with the ' +
      'payout as it stands.',
    audience: 'merchant',
    body: payoutBodySchema,
    idempotent: true,
    responses: { 201: payoutSchema, 200: payoutSchema },
    errors: [
      'SESSION_CONFLICT',
      'METHOD_NOT_AVAILABLE',
      'COUNTRY_NOT_AVAILABLE',
      ...UPSTREAM_ERRORS,
    ],
  }),
  op({
    method: 'get',
    path: '/v1/payouts',
    operationId: 'listPayouts',
    tag: 'Payouts',
    summary: 'List and search payouts',
    audience: 'merchant',
    query: LIST_SCHEMAS.payouts,
    responses: { 200: payoutListSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/payouts/{ref}',
    operationId: 'getPayout',
    tag: 'Payouts',
    summary: 'Read a payout',
    audience: 'merchant',
    responses: { 200: payoutSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/payouts/{ref}/reconcile',
    operationId: 'reconcilePayout',
    tag: 'Payouts',
    summary: 'Ask the upstream now about a payout',
    audience: 'merchant',
    responses: { 200: payoutSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/payouts/{ref}/redact',
    operationId: 'redactPayout',
    tag: 'Payouts',
    summary: "Erase a settled payout's personal data",
    audience: 'merchant',
    responses: { 200: payoutSchema },
    errors: ['NOT_FOUND', 'NOT_SETTLED'],
  }),
  op({
    method: 'post',
    path: '/v1/payouts/{ref}/webhooks/{event}/resend',
    operationId: 'resendPayoutWebhook',
    tag: 'Webhooks',
    summary: "Deliver one of a payout's webhooks again",
    audience: 'merchant',
    responses: { 202: resentSchema },
    errors: ['NOT_FOUND'],
  }),
];
