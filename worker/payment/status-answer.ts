/**
 * What one status query (docs/upstream-api.md, "POST /api/v3/get-unified-transaction-status")
 * answered, for every kind of payment: a transaction record, the upstream's "not created"
 * refusal, or nothing we can read (docs/design.md, "Money rules", rules 2 and 3).
 * @module
 */
import { statusRecordOutcome, type ReportedOutcome } from '../../shared/money-report';
import { answeredStatusCode, type AnsweredRecord, type StatusResponse } from '../../shared/schemas';
import type { UpstreamResult } from '../upstream';
import { amountOf, refsOf, text, type Refs, type Report } from './judge';

/** The upstream's "not found / not created" wording of a status query's 400. Any other 400
 * says something else (a bad signature, a bad parameter) and is unknown. */
const NOT_CREATED = /not created/i;

/** A record the upstream holds for the queried payment. */
export interface StatusRecord {
  kind: 'record';
  /** The record's fields (the answer's `data`, with a top-level `status_code` when `data` has
   * none: guides show it there). */
  data: AnsweredRecord;
  outcome: ReportedOutcome;
}

/** One status answer, read. */
export type StatusAnswer =
  | StatusRecord
  | { kind: 'not_created'; message: string }
  | { kind: 'unknown'; reason: string; httpStatus: number | null };

/** What a status query came back with (its success checked against `statusResponseSchema`). */
export type StatusResult = UpstreamResult<StatusResponse>;

/**
 * Reads a status query's result. A 200 is a record (its outcome from `status` and
 * `status_code`, read from `data` or else the root); a 400 with the "not created" message is
 * `not_created`; everything else (a timeout, a 5xx, another 4xx, an unreadable body or one
 * its schema refuses) is unknown.
 *
 * @example
 * readStatusAnswer({ kind: 'timeout' }); // { kind: 'unknown', reason: 'timeout', httpStatus: null }
 */
export function readStatusAnswer(result: StatusResult): StatusAnswer {
  if (result.kind === 'ok') {
    const data: AnsweredRecord = {
      ...result.body.data,
      status_code: answeredStatusCode(result.body),
    };
    return { kind: 'record', data, outcome: statusRecordOutcome(data) };
  }
  if (result.kind === 'rejected') {
    if (result.status === 400 && NOT_CREATED.test(result.message)) {
      return { kind: 'not_created', message: result.message };
    }
    return { kind: 'unknown', reason: `refused: ${result.message}`, httpStatus: result.status };
  }
  if (result.kind === 'timeout') return { kind: 'unknown', reason: 'timeout', httpStatus: null };
  return { kind: 'unknown', reason: result.reason, httpStatus: result.status ?? null };
}

/**
 * A status record as a report to judge: it answers a query by our own reference, so its
 * upstream references are the transaction's.
 */
export function recordReport(record: StatusRecord): Report {
  const d = record.data;
  return {
    outcome: record.outcome,
    amount: amountOf(d.amount),
    currency: text(d.currency),
    ownRef: text(d.third_party_reference_1),
    upstreamRefs: recordRefs(d),
    answersOwnRef: true,
  };
}

/** Every upstream reference a status record names, by role. */
export function recordRefs(d: AnsweredRecord): Refs {
  return {
    collection: refsOf(d.depositId, d.MerchantRequestID),
    transaction: refsOf(d.ref, d.transaction_id, d.reference),
  };
}

/** The failure a report gives (`failureReason`), when it gives one. */
export function failureOf(value: unknown): { code: string | null; message: string | null } | null {
  if (value === null || typeof value !== 'object') return null;
  const reason = value as { failureCode?: unknown; failureMessage?: unknown };
  return { code: text(reason.failureCode), message: text(reason.failureMessage) };
}
