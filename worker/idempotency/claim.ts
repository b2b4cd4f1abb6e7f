/**
 * The merchant API's Idempotency-Key (docs/design.md, "State: session ids"): the header is read
 * and checked here, and its record claimed in its IdempotencyKey object.
 *
 * The record is named by the route and the key alone: not by the merchant API key's secret nor
 * by its id. Every key of a deployment belongs to the one merchant, and a retry sent with the new
 * key after a rotation must find the record the old key wrote (else it would open a second
 * session or payout, and could charge twice).
 * @module
 */
import type { Context } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { ProxyEnv } from '../env';
import type { ProxyApp } from '../app-env';
import { bodyHash } from './body-hash';
import type { Claim } from './idempotency-key';

/** The routes that take an Idempotency-Key, each with its own key space. */
export type IdempotentRoute = 'sessions' | 'payouts' | 'payment-links' | 'refunds';

/** The longest Idempotency-Key accepted. */
export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * The request's Idempotency-Key, or undefined without one; 400 VALIDATION_FAILED when it is
 * empty or longer than 255 characters.
 */
export function idempotencyKeyOf(c: Context<ProxyApp>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX)) {
    throw new CheckoutError(
      'VALIDATION_FAILED',
      `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`,
    );
  }
  return key;
}

/** The IdempotencyKey object of one route's key. */
export function idempotencyStub(env: ProxyEnv, route: IdempotentRoute, key: string) {
  return env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(`${route}\u0000${key}`));
}

/**
 * Claims `key` for `body` on `route`, proposing `resource`: answers the record (the first
 * request's resource when the key was used before), or throws 409 IDEMPOTENCY_MISMATCH when the
 * key was used with another body (as Stripe does).
 *
 * @example
 * const { record } = await claimKey(c.env, 'sessions', key, input, newSessionId());
 */
export async function claimKey(
  env: ProxyEnv,
  route: IdempotentRoute,
  key: string,
  body: unknown,
  resource: string,
): Promise<Claim> {
  const hash = await bodyHash(body);
  const claim = await idempotencyStub(env, route, key).claim(hash, resource);
  if (claim.record.bodyHash !== hash) {
    throw new CheckoutError(
      'IDEMPOTENCY_MISMATCH',
      'This Idempotency-Key was used with another request body; use a new key for a new request.',
    );
  }
  return claim;
}
