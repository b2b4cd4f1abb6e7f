/**
 * What a terminal callback (collection or payout) means for the attempt or payout it names.
 * @module
 */
import { statusEventFromCode, type AttemptEvent } from '../../shared/status';

/** The fields of a callback that decide its meaning. */
export interface TerminalFields {
  payment_step?: unknown;
  status?: unknown;
  statusCode?: unknown;
}

/**
 * The event a callback stands for, or null when it must change nothing: only payment_step 2
 * counts, and status must agree with statusCode (`success`+`000000`, `failed`+`000005`, or
 * `failed`+`000006` for a timeout). Crediting happens only on `callback_success`.
 *
 * @example
 * terminalEvent({ payment_step: 2, status: 'success', statusCode: '000000' }); // 'callback_success'
 * terminalEvent({ payment_step: 1, status: 'success', statusCode: '000000' }); // null
 */
export function terminalEvent(params: TerminalFields): AttemptEvent | null {
  if (Number(params.payment_step) !== 2) return null;
  if (params.status === 'success' && params.statusCode === '000000') return 'callback_success';
  if (params.status === 'failed' && params.statusCode === '000005') return 'callback_failed';
  if (params.status === 'failed' && params.statusCode === '000006') return 'status_timeout';
  return null;
}

const AGREEING: Readonly<Record<string, string>> = {
  '000000': 'success',
  '000005': 'failed',
  '000006': 'failed',
  '000001': 'pending',
};

/**
 * What a status-query record means: its status code's event when `status` agrees with it,
 * otherwise `status_pending` (take no action on a contradictory or unreadable record).
 *
 * @example
 * statusQueryEvent({ status: 'success', status_code: '000000' }); // 'status_success'
 * statusQueryEvent({ status: 'failed', status_code: '000000' }); // 'status_pending'
 */
export function statusQueryEvent(record: {
  status?: unknown;
  status_code?: unknown;
}): AttemptEvent {
  const code = typeof record.status_code === 'string' ? record.status_code : '';
  if (AGREEING[code] === undefined || AGREEING[code] !== record.status) return 'status_pending';
  return statusEventFromCode(code) ?? 'status_pending';
}
