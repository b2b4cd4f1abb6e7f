/**
 * Scripted outcomes: the last three digits of the payer's (or payout recipient's) phone number
 * decide what happens to a transaction. The table is documented in sandbox/README.md.
 * @module
 */

/** What a transaction is scripted to do. */
export type Script =
  /** 000 and every unlisted ending: success callback after the callback delay. */
  | 'success'
  /** 001: failed callback with failureReason PM-001 (PO-001 for payouts). */
  | 'failed'
  /** 002: timeout: status code 000006, failed callback with failureReason PM-002 (PO-002). */
  | 'timeout'
  /** 003: succeeds without ever calling back; only a status query tells. */
  | 'silent_success'
  /** 004: succeeds and the success callback is delivered three times. */
  | 'repeat_success'
  /** 005: stays pending forever (status 000001), no callback. */
  | 'pending_forever'
  /** 006: pending (000001) for the late-settle time, then a success callback. */
  | 'late_success'
  /** 007: status 000006 (timeout) for the late-settle time, then a success callback. */
  | 'timeout_then_success'
  /** 008: status 000006 (timeout) for the late-settle time, then a failed callback (000005). */
  | 'timeout_then_failed'
  /** 009: pending (000001) for the late-settle time, then a failed callback (000005). */
  | 'late_failed'
  /** Redirect methods: the payer approves or declines on the authorization page. */
  | 'payer_decides'
  /** Virtual accounts: the payer transfers money in (control route) or the account expires. */
  | 'transfer';

/**
 * The last-three-digits table.
 *
 * @example
 * SCRIPTS_BY_ENDING['004']; // 'repeat_success'
 */
export const SCRIPTS_BY_ENDING: Readonly<Record<string, Script>> = {
  '000': 'success',
  '001': 'failed',
  '002': 'timeout',
  '003': 'silent_success',
  '004': 'repeat_success',
  '005': 'pending_forever',
  '006': 'late_success',
  '007': 'timeout_then_success',
  '008': 'timeout_then_failed',
  '009': 'late_failed',
};

/** Scripts that settle after the late-settle time (`SANDBOX_LATE_SETTLE_MINUTES`) instead of the callback delay. */
export const LATE_SCRIPTS: readonly Script[] = [
  'late_success',
  'timeout_then_success',
  'timeout_then_failed',
  'late_failed',
];

/** Scripts whose status query answers 000006 (timeout) until they settle. */
export const TIMEOUT_WINDOW_SCRIPTS: readonly Script[] = [
  'timeout_then_success',
  'timeout_then_failed',
];

/** Sandbox minutes the late scripts (006–009) wait before settling when the var is unset. */
export const DEFAULT_LATE_SETTLE_MINUTES = 3;

/**
 * A duration in sandbox minutes from a var's text: a number ≥ 0 (fractions allowed), `fallback`
 * otherwise.
 *
 * @example
 * minutesSetting(undefined, 3); // 3
 * minutesSetting('0.5', 3); // 0.5
 * minutesSetting('soon', 2); // 2
 */
export function minutesSetting(text: string | undefined, fallback: number): number {
  const parsed = text === undefined || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

/**
 * The late-settle time in sandbox minutes (`SANDBOX_LATE_SETTLE_MINUTES`), or
 * {@link DEFAULT_LATE_SETTLE_MINUTES} when unset or not a number ≥ 0.
 *
 * @example
 * lateSettleMinutes(undefined); // 3
 * lateSettleMinutes('0.5'); // 0.5
 */
export function lateSettleMinutes(text: string | undefined): number {
  return minutesSetting(text, DEFAULT_LATE_SETTLE_MINUTES);
}

/**
 * The script for a phone number: by its last three digits, `success` for any other ending.
 *
 * @example
 * scriptForPhone('254712345001'); // 'failed'
 * scriptForPhone('254712345678'); // 'success'
 */
export function scriptForPhone(mobile: string | null | undefined): Script {
  return SCRIPTS_BY_ENDING[(mobile ?? '').slice(-3)] ?? 'success';
}

/** A failure's reason, as callbacks and status records carry it. */
export interface FailureReason {
  failureCode: string;
  failureMessage: string;
}

/**
 * Every failure reason the sandbox gives, by cause.
 *
 * @example
 * FAILURES.declined.failureCode; // 'PM-001'
 */
export const FAILURES = {
  declined: { failureCode: 'PM-001', failureMessage: 'The payer declined the payment request.' },
  timeout: { failureCode: 'PM-002', failureMessage: 'The payer did not respond in time.' },
  declinedOnPage: {
    failureCode: 'PM-003',
    failureMessage: 'The payer declined the payment on the authorization page.',
  },
  otpExpired: {
    failureCode: 'OT-001',
    failureMessage: 'The OTP was not confirmed before the payment token expired.',
  },
  accountExpired: {
    failureCode: 'VA-001',
    failureMessage: 'The virtual account expired before the expected amount was received.',
  },
  payoutFailed: {
    failureCode: 'PO-001',
    failureMessage: 'The recipient account could not be credited.',
  },
  payoutTimeout: {
    failureCode: 'PO-002',
    failureMessage: 'The recipient provider did not confirm in time.',
  },
} as const satisfies Record<string, FailureReason>;
