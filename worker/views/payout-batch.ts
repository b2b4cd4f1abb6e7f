/**
 * Payout batches as the merchant sees them (worker/payout-batch/view.ts, docs/payout-batches.md).
 * @module
 */
import * as z from 'zod';
import { createdBySchema, isoOrNull, isoTime } from './common';
import { named } from '../openapi/registry';
import { ROW_STATUSES } from '../payout-batch/view';

const currencyAmount = z.object({ currency: z.string(), amount: z.number() });

const rowStatus = z.enum(ROW_STATUSES);

const batchStatus = z.enum(['awaiting_approval', 'sending', 'paused', 'completed', 'canceled']);

/** A row of a batch body (JSON; a CSV has the same columns). */
export const payoutBatchRowInput = named(
  'PayoutBatchRowInput',
  z.object({
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    mobile: z.string(),
    method: z.string(),
    narration: z.string().optional(),
  }),
  'One payout of a batch; its reference is the payout’s reference.',
);

/** The JSON body of `POST /v1/payout-batches` (a `text/csv` body is the alternative). */
export const payoutBatchBody = z.object({
  rows: z.array(payoutBatchRowInput).min(1).max(5000),
  reference: z.string().optional(),
  description: z.string().optional(),
});

const counts = z.object(Object.fromEntries(rowStatus.options.map((s) => [s, z.number().int()])));

export const payoutBatchSchema = named(
  'PayoutBatch',
  z.object({
    id: z.string(),
    object: z.literal('payout_batch'),
    reference: z.string().nullable(),
    description: z.string().nullable(),
    status: batchStatus,
    paused_reason: z.string().nullable(),
    count: z.number().int(),
    totals: z.array(currencyAmount),
    counts,
    sent_totals: z.array(currencyAmount),
    settled_totals: z.array(currencyAmount),
    failed_totals: z.array(currencyAmount),
    progress: z.object({
      total: z.number().int(),
      sent: z.number().int(),
      settled: z.number().int(),
      percent: z.number().int(),
    }),
    created_by: createdBySchema,
    approved_by: createdBySchema.nullable(),
    created_at: isoTime,
    approved_at: isoOrNull,
    completed_at: isoOrNull,
  }),
  'A payout batch: its counts per row status, totals requested, sent, paid and failed.',
);

export const payoutBatchRowSchema = named(
  'PayoutBatchRow',
  z.object({
    line: z.number().int(),
    reference: z.string(),
    payout_reference: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: rowStatus,
    upstream_reference: z.string().nullable(),
    failure: z.string().nullable(),
  }),
);

export const payoutBatchRowsSchema = named(
  'PayoutBatchRowPage',
  z.object({ data: z.array(payoutBatchRowSchema), has_more: z.boolean() }),
);

export const payoutBatchListSchema = named(
  'PayoutBatchList',
  z.object({
    data: z.array(
      z.object({
        id: z.string(),
        status: batchStatus,
        reference: z.string().nullable(),
        count: z.number().int(),
        totals: z.array(currencyAmount),
        created_at: isoTime,
        updated_at: isoTime,
        completed_at: isoOrNull,
      }),
    ),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  }),
);

/** The data of every `payout_batch.*` webhook. */
export const payoutBatchEvent = named(
  'PayoutBatchEventData',
  z.looseObject({
    batch_id: z.string(),
    reference: z.string().nullable(),
    status: batchStatus,
    count: z.number().int(),
    counts,
    totals: z.array(currencyAmount),
    sent_totals: z.array(currencyAmount),
    settled_totals: z.array(currencyAmount),
    failed_totals: z.array(currencyAmount),
  }),
  'The batch’s counts per row status and its totals; `.paused` adds `reason`, `.approved` adds ' +
    '`approved_by` and `partial`.',
);
