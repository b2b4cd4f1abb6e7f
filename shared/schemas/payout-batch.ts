/**
 * The JSON body of `POST /v1/payout-batches` (docs/payout-batches.md): the batch's own fields
 * here; each row is checked on its own with the single payout's schema
 * (worker/payout-batch/batch-rows.ts), so every bad row is reported with its line.
 * @module
 */
import * as z from 'zod/mini';
import { isReference, REFERENCE_RULE } from '../references';
import { text } from './fields';

/** Most rows one batch takes. */
export const BATCH_MAX_ROWS = 5000;

/**
 * A payout batch as JSON: `rows` of `{reference, amount, currency, mobile, method, narration?}`.
 *
 * @example
 * validate(payoutBatchBodySchema, { rows: [{ reference: 'pay-1', amount: 2500, … }] });
 */
export const payoutBatchBodySchema = z.strictObject({
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .check(
      z.minLength(1, 'must hold at least one row'),
      z.maxLength(BATCH_MAX_ROWS, `must hold at most ${BATCH_MAX_ROWS} rows`),
    ),
  reference: z.optional(z.string().check(z.refine((v) => isReference(v), REFERENCE_RULE))),
  description: z.optional(text(200)),
});

/** The batch's own fields without its rows: a CSV upload's query parameters. */
export const payoutBatchFieldsSchema = z.omit(payoutBatchBodySchema, { rows: true });

/** A valid payout batch body. */
export type PayoutBatchBody = z.output<typeof payoutBatchBodySchema>;
