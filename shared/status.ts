/**
 * Status codes of the upstream and the attempt and session state machines (DESIGN.md §5).
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

/** An attempt (one upstream collection). */
export type AttemptStatus = 'pending' | 'succeeded' | 'failed' | 'timed_out' | 'expired';

/** A checkout session. */
export type SessionStatus = 'open' | 'pending' | 'succeeded' | 'failed' | 'expired';
