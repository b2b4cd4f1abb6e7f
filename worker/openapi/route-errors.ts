/**
 * The error codes every route of an audience may answer, added to each route's own (its
 * contract's `errors`), and the codes a body, a query or an upstream call brings.
 * @module
 */
import type { ErrorCode } from '../../shared/errors';
import type { Audience, RouteContract } from './contract';

/** Codes any route of the audience may answer (auth, rate limits, configuration, our fault). */
export const AUDIENCE_ERRORS: Readonly<Record<Audience, readonly ErrorCode[]>> = {
  merchant: ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'CONFIG_INVALID', 'INTERNAL'],
  checkout: ['ORIGIN_NOT_ALLOWED', 'SESSION_NOT_FOUND', 'CONFIG_INVALID', 'INTERNAL'],
  callback: [
    'INVALID_JSON',
    'UNSUPPORTED_MEDIA_TYPE',
    'PAYLOAD_TOO_LARGE',
    'VALIDATION_FAILED',
    'SIGNATURE_INVALID',
    'TIMESTAMP_OUT_OF_RANGE',
    'SOURCE_NOT_ALLOWED',
    'CONFIG_INVALID',
    'INTERNAL',
  ],
  public: ['INTERNAL'],
};

/** Codes a JSON body brings (worker/middleware/json-body.ts). */
export const BODY_ERRORS: readonly ErrorCode[] = [
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'VALIDATION_FAILED',
];

/** Codes an Idempotency-Key brings (worker/idempotency/claim.ts). */
export const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
];

/** Codes a call to the upstream brings. */
export const UPSTREAM_ERRORS: readonly ErrorCode[] = [
  'UPSTREAM_REJECTED',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_AUTH',
];

/** Every code an operation may answer, without repeats, in shared/errors.ts order. */
export function errorsOf(operation: RouteContract): ErrorCode[] {
  const all = new Set<ErrorCode>([
    ...AUDIENCE_ERRORS[operation.audience],
    ...(operation.body ? BODY_ERRORS : []),
    ...(operation.query ? ['VALIDATION_FAILED' as const] : []),
    ...(operation.idempotent ? IDEMPOTENCY_ERRORS : []),
    ...operation.errors,
  ]);
  return [...all];
}
