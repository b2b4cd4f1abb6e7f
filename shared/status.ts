/**
 * Status codes of the upstream and the attempt and session state machines (DESIGN.md §5),
 * as pure functions: every change of an attempt or a session goes through
 * {@link nextAttemptStatus} or {@link nextSessionStatus}. Terminal states are absorbing.
 *
 * Attempt: `pending` → `succeeded` | `failed` | `timed_out` | `expired`.
 * Session: `open` → `pending` → `succeeded` | `failed` | `expired`; an attempt that ends
 * without success returns the session to `open`.
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

/** An attempt (one upstream collection). */
export type AttemptStatus = 'pending' | 'succeeded' | 'failed' | 'timed_out' | 'expired';

/** A checkout session. */
export type SessionStatus = 'open' | 'pending' | 'succeeded' | 'failed' | 'expired';

/** Every attempt status, the initial one first. */
export const ATTEMPT_STATUSES: readonly AttemptStatus[] = [
  'pending',
  'succeeded',
  'failed',
  'timed_out',
  'expired',
];

/** Every session status, the initial one first. */
export const SESSION_STATUSES: readonly SessionStatus[] = [
  'open',
  'pending',
  'succeeded',
  'failed',
  'expired',
];

/**
 * What can happen to an attempt:
 * - `callback_success` / `callback_failed`: a verified terminal callback (payment_step 2);
 * - `status_success` / `status_failed` / `status_timeout` / `status_pending`: a status query
 *   answered `000000` / `000005` / `000006` / `000001`;
 * - `otp_expired`: the OTP's validity ran out before a verdict;
 * - `account_expired`: the virtual account's 30 minutes ran out before a payment;
 * - `create_rejected`: the upstream refused the create request.
 */
export type AttemptEvent =
  | 'callback_success'
  | 'callback_failed'
  | 'status_success'
  | 'status_failed'
  | 'status_timeout'
  | 'status_pending'
  | 'otp_expired'
  | 'account_expired'
  | 'create_rejected';

/** Where each event takes a pending attempt. */
const ATTEMPT_TARGET: Readonly<Record<AttemptEvent, AttemptStatus>> = {
  callback_success: 'succeeded',
  callback_failed: 'failed',
  status_success: 'succeeded',
  status_failed: 'failed',
  status_timeout: 'timed_out',
  status_pending: 'pending',
  otp_expired: 'expired',
  account_expired: 'expired',
  create_rejected: 'failed',
};

/** Every attempt event. */
export const ATTEMPT_EVENTS: readonly AttemptEvent[] = Object.keys(
  ATTEMPT_TARGET,
) as AttemptEvent[];

/**
 * An upstream report that contradicts a terminal attempt (the attempt does not change):
 * - `success_after_terminal`: money was taken for an attempt already failed, timed out or
 *   expired (e.g. a virtual account paid after its expiry) — a person must look;
 * - `failure_after_success`: the upstream reports a failure (or refused the create) for an
 *   attempt that a verified report already declared succeeded.
 * Our own timers (`otp_expired`, `account_expired`) and `status_pending` never raise one.
 */
export type AttemptAnomaly = 'success_after_terminal' | 'failure_after_success';

/**
 * What a session learns: `attempt_started` (an attempt was created), `attempt_succeeded`,
 * `attempt_failed` (the attempt ended failed, timed out or expired), `expire` (the session's
 * time ran out), `close` (the merchant closed it, or a final failure).
 */
export type SessionEvent =
  'attempt_started' | 'attempt_succeeded' | 'attempt_failed' | 'expire' | 'close';

/** Every session event. */
export const SESSION_EVENTS: readonly SessionEvent[] = [
  'attempt_started',
  'attempt_succeeded',
  'attempt_failed',
  'expire',
  'close',
];

/**
 * A success for a session that is already final (the session does not change):
 * `second_success` (another attempt paid too: a double payment), `success_after_expiry`,
 * `success_after_failure`. Each warrants a `checkout.anomaly` webhook.
 */
export type SessionAnomaly = 'second_success' | 'success_after_expiry' | 'success_after_failure';

/** The result of applying one event. */
export interface Transition<S, A> {
  /** The status after the event (the same one when nothing changed). */
  status: S;
  /** True when `status` differs from the status before. */
  changed: boolean;
  /** Set when the event contradicts a final state; the state never changes then. */
  anomaly?: A;
}

/**
 * True when an attempt can no longer change.
 *
 * @example
 * isTerminalAttempt('timed_out'); // true
 */
export function isTerminalAttempt(status: AttemptStatus): boolean {
  return status !== 'pending';
}

/**
 * True when a session can no longer change.
 *
 * @example
 * isTerminalSession('open'); // false
 */
export function isTerminalSession(status: SessionStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'expired';
}

/**
 * True when a new attempt may start: the session is open (not pending, not final).
 *
 * @example
 * if (!canStartAttempt(session.status)) throw new CheckoutError('ATTEMPT_IN_PROGRESS', '…');
 */
export function canStartAttempt(status: SessionStatus): boolean {
  return status === 'open';
}

const UPSTREAM_FAILURES: ReadonlySet<AttemptEvent> = new Set([
  'callback_failed',
  'status_failed',
  'status_timeout',
  'create_rejected',
]);

/**
 * The attempt state machine: `pending` moves to the event's outcome; terminal states absorb
 * every event, reporting an {@link AttemptAnomaly} when the event contradicts them.
 *
 * @example
 * nextAttemptStatus('pending', 'callback_success'); // { status: 'succeeded', changed: true }
 * nextAttemptStatus('expired', 'callback_success');
 * // { status: 'expired', changed: false, anomaly: 'success_after_terminal' }
 */
export function nextAttemptStatus(
  status: AttemptStatus,
  event: AttemptEvent,
): Transition<AttemptStatus, AttemptAnomaly> {
  const target = ATTEMPT_TARGET[event];
  if (status === 'pending') return { status: target, changed: target !== 'pending' };
  if (target === 'succeeded' && status !== 'succeeded') {
    return { status, changed: false, anomaly: 'success_after_terminal' };
  }
  if (status === 'succeeded' && UPSTREAM_FAILURES.has(event)) {
    return { status, changed: false, anomaly: 'failure_after_success' };
  }
  return { status, changed: false };
}

const SESSION_SUCCESS_ANOMALY: Readonly<Partial<Record<SessionStatus, SessionAnomaly>>> = {
  succeeded: 'second_success',
  expired: 'success_after_expiry',
  failed: 'success_after_failure',
};

/**
 * The session state machine. From `open` or `pending`: `attempt_started` → `pending` (from
 * `open` only), `attempt_succeeded` → `succeeded`, `attempt_failed` → `open`, `expire` →
 * `expired`, `close` → `failed`. Terminal states absorb every event; a success reaching one
 * is reported as a {@link SessionAnomaly}.
 *
 * @example
 * nextSessionStatus('open', 'attempt_started'); // { status: 'pending', changed: true }
 * nextSessionStatus('succeeded', 'attempt_succeeded');
 * // { status: 'succeeded', changed: false, anomaly: 'second_success' }
 */
export function nextSessionStatus(
  status: SessionStatus,
  event: SessionEvent,
): Transition<SessionStatus, SessionAnomaly> {
  if (isTerminalSession(status)) {
    const anomaly = event === 'attempt_succeeded' ? SESSION_SUCCESS_ANOMALY[status] : undefined;
    return anomaly ? { status, changed: false, anomaly } : { status, changed: false };
  }
  const next: SessionStatus =
    event === 'attempt_started'
      ? 'pending'
      : event === 'attempt_succeeded'
        ? 'succeeded'
        : event === 'attempt_failed'
          ? 'open'
          : event === 'expire'
            ? 'expired'
            : 'failed';
  return { status: next, changed: next !== status };
}

/**
 * The session event an attempt's new status implies, or `null` while it is pending.
 *
 * @example
 * sessionEventForAttempt('timed_out'); // 'attempt_failed'
 */
export function sessionEventForAttempt(status: AttemptStatus): SessionEvent | null {
  if (status === 'pending') return null;
  return status === 'succeeded' ? 'attempt_succeeded' : 'attempt_failed';
}

const CODE_STATUS: Readonly<Record<StatusCode, AttemptStatus>> = {
  '000000': 'succeeded',
  '000001': 'pending',
  '000005': 'failed',
  '000006': 'timed_out',
};

const CODE_EVENT: Readonly<Record<StatusCode, AttemptEvent>> = {
  '000000': 'status_success',
  '000001': 'status_pending',
  '000005': 'status_failed',
  '000006': 'status_timeout',
};

/** True when `code` is one of the upstream's status codes. */
export function isStatusCode(code: unknown): code is StatusCode {
  return typeof code === 'string' && Object.hasOwn(CODE_STATUS, code);
}

/**
 * The attempt status an upstream status code means, or `undefined` for an unknown code.
 *
 * @example
 * statusFromCode('000006'); // 'timed_out'
 */
export function statusFromCode(code: string): AttemptStatus | undefined {
  return isStatusCode(code) ? CODE_STATUS[code] : undefined;
}

/**
 * The attempt event a status query's code triggers, or `undefined` for an unknown code.
 *
 * @example
 * nextAttemptStatus(attempt.status, statusEventFromCode(record.status_code) ?? 'status_pending');
 */
export function statusEventFromCode(code: string): AttemptEvent | undefined {
  return isStatusCode(code) ? CODE_EVENT[code] : undefined;
}
