/**
 * One list of stable error codes, shared by the widget, the worker and the sandbox's control
 * surface, and the error body shape (docs/design.md, "HTTP surface"):
 * `{"error": {"code": "STABLE_CODE", "message": "human sentence", "details"?: …}}`. The Worker
 * answers it completed with `param?`, `request_id` and `doc_url`
 * (shared/schemas/error-body.ts, worker/middleware/error-envelope.ts).
 *
 * Codes never change meaning once published; messages may be reworded.
 * @module
 */

/** Every error code the project can return, with the HTTP status it travels with. */
export const ErrorCode = {
  /** The body is not valid JSON. */
  INVALID_JSON: 'INVALID_JSON',
  /** The body or query failed validation; `details` lists the fields and why. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** The request's Content-Type is not application/json. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** The body is larger than the route accepts. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** No such route or resource. */
  NOT_FOUND: 'NOT_FOUND',
  /** The route exists but not for this HTTP method. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** Missing, wrong or expired merchant API key. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** The merchant API key is valid but its scope does not cover this request. */
  FORBIDDEN: 'FORBIDDEN',
  /** The console user's role does not allow this call (docs/console.md, "Roles"). */
  ROLE_FORBIDDEN: 'ROLE_FORBIDDEN',
  /** The request's Origin is not in ALLOWED_ORIGINS. */
  ORIGIN_NOT_ALLOWED: 'ORIGIN_NOT_ALLOWED',
  /** Too many requests; retry after the time in `details.retry_after`. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** No checkout session with that id. */
  SESSION_NOT_FOUND: 'SESSION_NOT_FOUND',
  /** The session already succeeded or failed for good; no new attempt. */
  SESSION_CLOSED: 'SESSION_CLOSED',
  /** The session's time ran out. */
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  /** A session with that merchant reference exists with other terms. */
  SESSION_CONFLICT: 'SESSION_CONFLICT',
  /** The Idempotency-Key was used before with another request body. */
  IDEMPOTENCY_MISMATCH: 'IDEMPOTENCY_MISMATCH',
  /** The first request with this Idempotency-Key is still running, or its outcome is unknown. */
  IDEMPOTENCY_IN_PROGRESS: 'IDEMPOTENCY_IN_PROGRESS',
  /** An attempt is still in flight; wait for its outcome. */
  ATTEMPT_IN_PROGRESS: 'ATTEMPT_IN_PROGRESS',
  /** The action needs an attempt that is waiting for it (e.g. an OTP). */
  NO_ATTEMPT_WAITING: 'NO_ATTEMPT_WAITING',
  /** The country is not offered for this session (currency, restriction or inactive). */
  COUNTRY_NOT_AVAILABLE: 'COUNTRY_NOT_AVAILABLE',
  /** The method is not offered for this country or session. */
  METHOD_NOT_AVAILABLE: 'METHOD_NOT_AVAILABLE',
  /** The OTP was refused. */
  OTP_INVALID: 'OTP_INVALID',
  /** The OTP's validity ran out. */
  OTP_EXPIRED: 'OTP_EXPIRED',
  /** Too many wrong OTPs; the attempt is locked. */
  OTP_LOCKED: 'OTP_LOCKED',
  /** A callback's signature did not verify. */
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  /** A callback's timestamp is outside the accepted window. */
  TIMESTAMP_OUT_OF_RANGE: 'TIMESTAMP_OUT_OF_RANGE',
  /** A callback came from an address outside CALLBACK_SOURCE_IPS. */
  SOURCE_NOT_ALLOWED: 'SOURCE_NOT_ALLOWED',
  /** The upstream refused the request (its message is kept in the merchant's records and, for
   * merchant API calls, in `details.upstream_message`; never in a payer's answer). */
  UPSTREAM_REJECTED: 'UPSTREAM_REJECTED',
  /** The upstream could not be reached or answered with a server error. */
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  /** The upstream did not answer in time; the outcome will be learned by status query. */
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  /**
   * The shop cannot take payments right now: the upstream refused the shop's own configuration
   * (e.g. an unknown `sub_merchant_id`), not the payer. Nothing was charged; the merchant gets an
   * `integration.error` webhook, and the session stays open for a retry once fixed.
   */
  MERCHANT_UNAVAILABLE: 'MERCHANT_UNAVAILABLE',
  /**
   * Payments are temporarily unavailable: the upstream refused the proxy's own credentials
   * (HTTP 403: secret, client id, sender or IP whitelist), a misconfiguration of the deployment,
   * not the payer's decline. Nothing was charged; the merchant gets an `integration.error`
   * webhook, one `upstream_auth_refused` error line is logged and `GET /health` says degraded.
   */
  UPSTREAM_AUTH: 'UPSTREAM_AUTH',
  /** The record's money outcome is not final yet (a pending or needs_review attempt or payout):
   * its personal data cannot be erased until it is (docs/data-retention.md). */
  NOT_SETTLED: 'NOT_SETTLED',
  /** The checkout cannot be expired: money of one of its attempts may be moving or held (the
   * payer acted or may still act, the upstream has not settled it, or it needs the shop's
   * decision); `details` names the attempt (docs/design.md, "Merchant API"). */
  PAYMENT_IN_PROGRESS: 'PAYMENT_IN_PROGRESS',
  /** The checkout is already paid: it cannot be expired. */
  ALREADY_PAID: 'ALREADY_PAID',
  /** A refund (with the session's other refunds that have not failed) would pass what the
   * session's payments paid; `details.refundable` says what is left. */
  REFUND_EXCEEDS_PAID: 'REFUND_EXCEEDS_PAID',
  /** The session has no successful payment to refund. */
  NOT_PAID: 'NOT_PAID',
  /** The refund's currency (by default, the session's) is not one its payments were paid in: a
   * payment reported in another currency is refundable only in that one (`details.amount` and
   * `details.currency` say what was paid; name it as `currency`). */
  CURRENCY_MISMATCH: 'CURRENCY_MISMATCH',
  /** The payment was made with a method that has no payout destination (bank, virtual account,
   * redirect wallet) or its payer's phone was erased: the refund needs `destination`
   * (`details.missing` names it). */
  REFUND_DESTINATION_REQUIRED: 'REFUND_DESTINATION_REQUIRED',
  /** An earlier replay to this webhook endpoint still has events to deliver (each is delivered
   * or dropped first); replay again after. */
  REPLAY_IN_PROGRESS: 'REPLAY_IN_PROGRESS',
  /** The refund cannot be canceled: its payout's create may have reached the payment service
   * (or it settled); `details` says its `status` and `create_state`. */
  REFUND_NOT_CANCELABLE: 'REFUND_NOT_CANCELABLE',
  /** A payout batch has bad rows and was refused whole (nothing recorded); `details.rows` lists
   * each as `{line, field, code, message}`, `line` as a spreadsheet numbers it (header = 1). */
  BATCH_INVALID: 'BATCH_INVALID',
  /** A payout batch is approved by the actor who created it: another key or user must. */
  SAME_APPROVER: 'SAME_APPROVER',
  /** The wallet balance is below a payout batch's total in some currency; `details.shortfalls`
   * gives `{currency, needed, available}`. Approve with `{"partial": true}` to send anyway. */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  /** The payout batch's state does not allow this (approve twice, resume a batch not paused,
   * cancel a finished one); `details.status` says its state. */
  BATCH_STATE_CONFLICT: 'BATCH_STATE_CONFLICT',
  /** The deployment's configuration is incomplete; `message` names what is missing. */
  CONFIG_INVALID: 'CONFIG_INVALID',
  /** Something failed on our side; nothing about the request was wrong. */
  INTERNAL: 'INTERNAL',
} as const;

/** A stable error code. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status each code is answered with. */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ROLE_FORBIDDEN: 403,
  ORIGIN_NOT_ALLOWED: 403,
  RATE_LIMITED: 429,
  SESSION_NOT_FOUND: 404,
  SESSION_CLOSED: 409,
  SESSION_EXPIRED: 410,
  SESSION_CONFLICT: 409,
  IDEMPOTENCY_MISMATCH: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  ATTEMPT_IN_PROGRESS: 409,
  NO_ATTEMPT_WAITING: 409,
  COUNTRY_NOT_AVAILABLE: 422,
  METHOD_NOT_AVAILABLE: 422,
  OTP_INVALID: 422,
  OTP_EXPIRED: 410,
  OTP_LOCKED: 423,
  SIGNATURE_INVALID: 401,
  TIMESTAMP_OUT_OF_RANGE: 401,
  SOURCE_NOT_ALLOWED: 403,
  UPSTREAM_REJECTED: 422,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_TIMEOUT: 504,
  MERCHANT_UNAVAILABLE: 503,
  UPSTREAM_AUTH: 503,
  NOT_SETTLED: 409,
  PAYMENT_IN_PROGRESS: 409,
  ALREADY_PAID: 409,
  REFUND_EXCEEDS_PAID: 409,
  NOT_PAID: 409,
  CURRENCY_MISMATCH: 409,
  REFUND_DESTINATION_REQUIRED: 422,
  REPLAY_IN_PROGRESS: 409,
  REFUND_NOT_CANCELABLE: 409,
  BATCH_INVALID: 422,
  SAME_APPROVER: 409,
  INSUFFICIENT_BALANCE: 409,
  BATCH_STATE_CONFLICT: 409,
  CONFIG_INVALID: 500,
  INTERNAL: 500,
};

/** One problem with one field, in `details.issues`. */
export interface FieldIssue {
  /** Dot path of the field, e.g. `params.mobile`; empty for the whole body. */
  path: string;
  /** Why it was refused, as a sentence. */
  message: string;
}

/** The error body a route or an object builds (the Worker completes it on the wire:
 * shared/schemas/error-body.ts). */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: Record<string, unknown>;
  };
}

/**
 * Builds the error body for a code.
 *
 * @example
 * return c.json(errorBody('SESSION_NOT_FOUND', 'No checkout session cs_x.'), 404);
 */
export function errorBody(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ErrorBody {
  return details === undefined
    ? { error: { code, message } }
    : { error: { code, message, details } };
}

/**
 * An error that carries a stable code; thrown inside the worker and turned into an
 * {@link ErrorBody} response by the error handler.
 *
 * @example
 * throw new CheckoutError('ATTEMPT_IN_PROGRESS', 'Wait for the current payment to finish.');
 */
export class CheckoutError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'CheckoutError';
    this.code = code;
    this.details = details;
  }

  /** The HTTP status for this error's code. */
  get status(): number {
    return errorStatus[this.code];
  }

  /** The response body for this error. */
  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

/** True when `value` has the shape of an {@link ErrorBody}. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (value === null || typeof value !== 'object') return false;
  const error = (value as { error?: unknown }).error;
  return (
    error !== null &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
