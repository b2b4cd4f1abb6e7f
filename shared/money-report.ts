/**
 * What one upstream report (a verified callback or a status-query record) says about the money,
 * before it is matched against our records (docs/design.md, "Money rules", rules 1 and 2): its
 * outcome, and the shape of the fields that disagree. The matching itself is
 * worker/payment/judge.ts (one rule for every kind of payment); shared/status.ts turns its result
 * into the attempt event (`reportEvent`).
 * @module
 */
/** The upstream's transaction status codes. */
export const StatusCode = {
  SUCCESS: '000000',
  PENDING: '000001',
  FAILED: '000005',
  TIMEOUT: '000006',
} as const;
export type StatusCode = (typeof StatusCode)[keyof typeof StatusCode];

/** Every upstream status code. */
export const STATUS_CODES: readonly StatusCode[] = ['000000', '000001', '000005', '000006'];

const AGREEING: Readonly<Record<StatusCode, string>> = {
  '000000': 'success',
  '000001': 'pending',
  '000005': 'failed',
  '000006': 'failed',
};

/** True when `code` is one of the upstream's status codes. */
export function isStatusCode(code: unknown): code is StatusCode {
  return typeof code === 'string' && Object.hasOwn(AGREEING, code);
}

/** What one upstream report says about the money, before it is matched against our records. */
export type ReportedOutcome = 'success' | 'failed' | 'unknown';

/**
 * The outcome a verified callback (collection or payout) reports: only payment_step 2 with
 * `success`+`000000` is a success and only `failed`+`000005` a failure; `000006` (timeout),
 * payment_step 1 and every other combination say nothing final.
 *
 * @example
 * callbackOutcome({ payment_step: 2, status: 'success', statusCode: '000000' }); // 'success'
 * callbackOutcome({ payment_step: 2, status: 'failed', statusCode: '000006' }); // 'unknown'
 */
export function callbackOutcome(params: {
  payment_step?: unknown;
  status?: unknown;
  statusCode?: unknown;
}): ReportedOutcome {
  if (Number(params.payment_step) !== 2) return 'unknown';
  if (params.status === 'success' && params.statusCode === StatusCode.SUCCESS) return 'success';
  if (params.status === 'failed' && params.statusCode === StatusCode.FAILED) return 'failed';
  return 'unknown';
}

/**
 * The outcome a status-query record reports: `000000` with `success`, `000005` with `failed`;
 * `000001`, `000006`, a contradictory or unreadable record say nothing final.
 *
 * @example
 * statusRecordOutcome({ status: 'success', status_code: '000000' }); // 'success'
 * statusRecordOutcome({ status: 'failed', status_code: '000006' }); // 'unknown'
 */
export function statusRecordOutcome(record: {
  status?: unknown;
  status_code?: unknown;
}): ReportedOutcome {
  const code = record.status_code;
  if (!isStatusCode(code) || AGREEING[code] !== record.status) return 'unknown';
  if (code === StatusCode.SUCCESS) return 'success';
  if (code === StatusCode.FAILED) return 'failed';
  return 'unknown';
}

/** What an upstream report says was paid, as recorded with the attempt it settled. */
export interface ReportedMoney {
  amount?: number | null;
  currency?: string | null;
  upstreamRef?: string | null;
}

/** One field where a report disagrees with our records. */
export interface MoneyDifference {
  field: 'amount' | 'currency' | 'upstream_reference';
  expected: string | number;
  reported: string | number;
}
