/**
 * What a Durable Object's RPC method answers: a value, or an error body with its HTTP status
 * (the status comes from the shared error table, so a code always travels with one status).
 * @module
 */
import { errorBody, errorStatus, type ErrorBody, type ErrorCode } from '../../shared/errors';

/** A value, or an error body with its HTTP status. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; body: ErrorBody };

/**
 * A failed outcome for a stable error code.
 *
 * @example
 * if (!session) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
 */
export function fail<T>(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): Outcome<T> {
  return { ok: false, status: errorStatus[code], body: errorBody(code, message, details) };
}

/**
 * The value of an outcome, or null when it failed: for an internal caller to which "not found"
 * is a branch, not an answer to pass on (e.g. a deleted webhook endpoint's deliveries stop).
 *
 * @example
 * const endpoint = orNull(await registry(env).target(id)); // null: the endpoint was deleted
 */
export function orNull<T>(outcome: Outcome<T>): T | null {
  return outcome.ok ? outcome.value : null;
}
