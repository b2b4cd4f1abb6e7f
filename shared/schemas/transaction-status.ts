/**
 * The upstream's status query (`POST /api/v3/get-unified-transaction-status`): its params,
 * the transaction record it answers with, and the whole response.
 * @module
 */
import * as z from 'zod/mini';
import { STATUS_CODES, type StatusCode } from '../status';
import { failureReasonSchema } from './failure-reason';
import { maybe, successFlag, text, upstreamDateTime } from './fields';

/**
 * Status query params: `id` (third_party_reference_1 or _2, or the upstream's ref) and
 * `type` (`payin` or `payout`, as the transaction was created).
 */
export const statusQueryParamsSchema = z.looseObject({
  id: text(128),
  type: z.enum(['payin', 'payout']),
});

/**
 * A transaction record (the `data` of a status response). `status` and `status_code` are
 * required (they decide what happens); every other field may be missing or `null`. Dates
 * are `YYYY-MM-DD HH:MM:SS`.
 *
 * @example
 * statusRecordOutcome(transactionRecordSchema.parse(data)); // 'success' for success + 000000
 */
export const transactionRecordSchema = z.looseObject({
  amount: maybe(z.number()),
  fee: maybe(z.number()),
  currency: maybe(z.string()),
  status: z.enum(['success', 'failed', 'pending']),
  status_code: z.enum(STATUS_CODES),
  payee: maybe(z.string()),
  invoice_no: maybe(z.string()),
  mobile: maybe(z.string()),
  account_number: maybe(z.string()),
  ref: maybe(z.string()),
  balance: maybe(z.string()),
  transaction_detail: maybe(z.string()),
  payment_channel: maybe(z.string()),
  transaction_date: maybe(upstreamDateTime),
  created_at: maybe(upstreamDateTime),
  updated_at: maybe(upstreamDateTime),
  callback_url: maybe(z.string()),
  failureReason: maybe(failureReasonSchema),
  transaction_id: maybe(z.union([z.string(), z.number()])),
  payment_method_type: maybe(z.string()),
  third_party_reference_1: maybe(z.string()),
  third_party_reference_2: maybe(z.string()),
});

/**
 * A transaction record as a status response carries it: the guides' examples put
 * `status_code` at the root, so the record may leave it out (it is read from `data`, else from
 * the root: {@link answeredStatusCode}).
 */
export const answeredRecordSchema = z.extend(transactionRecordSchema, {
  status_code: maybe(z.enum(STATUS_CODES)),
});

/**
 * A successful status response; `status_code` at the root appears in the guide's examples.
 *
 * @example
 * const answer = validate(statusResponseSchema, await response.json());
 */
export const statusResponseSchema = z.looseObject({
  success: successFlag,
  message: maybe(z.string()), // informational: its absence changes nothing
  data: answeredRecordSchema,
  status_code: maybe(z.enum(STATUS_CODES)),
});

/**
 * The record's status code: `data.status_code`, else the root's (docs/upstream-api.md,
 * "POST /api/v3/get-unified-transaction-status").
 *
 * @example
 * answeredStatusCode({ success: true, message: 'ok', status_code: '000000', data: { status: 'success' } }); // '000000'
 */
export function answeredStatusCode(answer: StatusResponse): StatusCode | null {
  return answer.data.status_code ?? answer.status_code ?? null;
}

/** Status query params. */
export type StatusQueryParams = z.output<typeof statusQueryParamsSchema>;
/** A transaction record. */
export type TransactionRecord = z.output<typeof transactionRecordSchema>;
/** A transaction record as a status response carries it. */
export type AnsweredRecord = z.output<typeof answeredRecordSchema>;
/** A successful status response. */
export type StatusResponse = z.output<typeof statusResponseSchema>;
