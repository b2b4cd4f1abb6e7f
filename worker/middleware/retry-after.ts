/**
 * `Retry-After` on every refusal that says when to come back: an error body whose
 * `details.retry_after` is a whole number of seconds (RATE_LIMITED answers carry one). Applied
 * to every error answer by worker/middleware/error-envelope.ts.
 * @module
 */
import type { ErrorBody } from '../../shared/errors';

/**
 * The `Retry-After` header of an error body, or none.
 *
 * @example
 * retryAfterHeaders(errorBody('RATE_LIMITED', '…', { retry_after: 60 })); // { 'Retry-After': '60' }
 */
export function retryAfterHeaders(body: ErrorBody): Record<string, string> {
  const seconds = body.error.details?.retry_after;
  return typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds > 0
    ? { 'Retry-After': String(seconds) }
    : {};
}
