/**
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (the IETF httpapi draft's
 * field names) on the answers a per-address limit counted: attempt and OTP posts of the checkout
 * API (ATTEMPT_LIMITER) and refused merchant-API authentications (AUTH_LIMITER).
 * @module
 */
import type { Context } from 'hono';

/** A Rate Limiting binding's policy, as configured in wrangler.toml's `[[ratelimits]]`. */
export interface RatePolicy {
  /** Requests allowed per period. */
  readonly limit: number;
  /** The period, in seconds. */
  readonly period: number;
}

/** ATTEMPT_LIMITER in wrangler.toml: attempt and OTP posts per client address (IPv6 by /64). */
export const ATTEMPT_POLICY: RatePolicy = { limit: 20, period: 60 };

/** AUTH_LIMITER in wrangler.toml: failed merchant-API authentications per client address. */
export const AUTH_POLICY: RatePolicy = { limit: 10, period: 60 };

/**
 * Sets the RateLimit headers of one counted request: the policy's limit, and its period as the
 * reset (the longest wait). The Rate Limiting binding answers only `success` (no count left, no
 * window end): `RateLimit-Remaining` is sent only when it is known, 0 on a refusal.
 *
 * @example
 * rateLimitHeaders(c, ATTEMPT_POLICY, !success);
 */
export function rateLimitHeaders(c: Context, policy: RatePolicy, refused: boolean): void {
  c.header('RateLimit-Limit', String(policy.limit));
  if (refused) c.header('RateLimit-Remaining', '0');
  c.header('RateLimit-Reset', String(policy.period));
}
