/**
 * Payout batches (worker/routes/merchant-payout-batches.ts; the list in merchant-queries.ts).
 * @module
 */
import { LIST_SCHEMAS } from '../../query/list-query';
import { op } from '../operation';
import {
  payoutBatchBody,
  payoutBatchListSchema,
  payoutBatchRowsSchema,
  payoutBatchSchema,
} from '../schemas/payout-batch';
import { BODY_ERRORS, IDEMPOTENCY_ERRORS, UPSTREAM_ERRORS } from './common';

const tag = 'Payout batches';
const STATE_ERRORS = ['NOT_FOUND', 'BATCH_STATE_CONFLICT'] as const;

export const payoutBatchOperations = [
  op({
    method: 'post',
    path: '/v1/payout-batches',
    operationId: 'createPayoutBatch',
    tag,
    summary: 'Create a payout batch (JSON rows or a CSV upload)',
    description:
      'Every row is checked first; a batch with any bad row is refused whole (422 ' +
      '`BATCH_INVALID`, `details.rows` = `[{line, field, code, message}]`, the CSV header being ' +
      'line 1, a JSON row its index + 1) and nothing is recorded. A good batch waits for ' +
      'another actor’s approval. A CSV may carry `reference` and `description` as query ' +
      'parameters.',
    audience: 'merchant',
    body: payoutBatchBody,
    bodyAlternatives: [
      {
        contentType: 'text/csv',
        description:
          'UTF-8 with or without a BOM, `,` or `;` separated, quoted fields; header ' +
          '`reference,amount,currency,mobile,method,narration`.',
      },
    ],
    idempotent: true,
    responses: { 201: payoutBatchSchema, 200: payoutBatchSchema },
    errors: ['BATCH_INVALID', ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS],
  }),
  op({
    method: 'get',
    path: '/v1/payout-batches',
    operationId: 'listPayoutBatches',
    tag,
    summary: 'List payout batches',
    audience: 'merchant',
    query: LIST_SCHEMAS.payout_batches,
    responses: { 200: payoutBatchListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  op({
    method: 'get',
    path: '/v1/payout-batches/{id}',
    operationId: 'getPayoutBatch',
    tag,
    summary: 'Read a payout batch: counts, totals, progress',
    audience: 'merchant',
    responses: { 200: payoutBatchSchema },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'get',
    path: '/v1/payout-batches/{id}/rows',
    operationId: 'listPayoutBatchRows',
    tag,
    summary: 'Page through a batch’s rows with their payout state',
    audience: 'merchant',
    parameters: [
      { name: 'starting_after', in: 'query', schema: { type: 'integer', minimum: 0 } },
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
    ],
    responses: { 200: payoutBatchRowsSchema },
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  op({
    method: 'get',
    path: '/v1/payout-batches/{id}/results.csv',
    operationId: 'getPayoutBatchResults',
    tag,
    summary: 'Download a batch’s results (line, reference, status, upstream reference, failure)',
    audience: 'merchant',
    responses: { 200: { contentType: 'text/csv', description: 'RFC 4180 CSV, one row a line.' } },
    errors: ['NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/payout-batches/{id}/approve',
    operationId: 'approvePayoutBatch',
    tag,
    summary: 'Approve a payout batch (another actor than its creator)',
    description:
      'Body `{"partial": true}` (optional) sends even when the wallet balance is below a ' +
      'currency’s total; without it such a batch is 409 `INSUFFICIENT_BALANCE` with the figures.',
    audience: 'merchant',
    responses: { 200: payoutBatchSchema },
    errors: [
      ...STATE_ERRORS,
      'SAME_APPROVER',
      'INSUFFICIENT_BALANCE',
      ...BODY_ERRORS,
      ...UPSTREAM_ERRORS,
    ],
  }),
  op({
    method: 'post',
    path: '/v1/payout-batches/{id}/cancel',
    operationId: 'cancelPayoutBatch',
    tag,
    summary: 'Cancel a batch before approval, or its rows not yet sent',
    audience: 'merchant',
    responses: { 200: payoutBatchSchema },
    errors: [...STATE_ERRORS],
  }),
  op({
    method: 'post',
    path: '/v1/payout-batches/{id}/resume',
    operationId: 'resumePayoutBatch',
    tag,
    summary: 'Continue a batch paused by the wallet balance',
    audience: 'merchant',
    responses: { 200: payoutBatchSchema },
    errors: [...STATE_ERRORS],
  }),
];
