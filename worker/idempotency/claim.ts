/**
 * The merchant API's Idempotency-Key (docs/design.md, "State: session ids"): the header is read
 * and checked here, and its record claimed in its IdempotencyKey object.
 *
 * The record is named by the route, the key and the scope group of the merchant API key that
 * sent it (`full`, or `checkout` for the lower scopes): not by the key's secret nor by its id.
 * Every key of a deployment belongs to the one merchant, and a retry sent with the new key
 * after a rotation within the same scope must find the record the old key wrote (else it would
 * open a second session or payout, and could charge twice); a `checkout` key cannot claim a key
 * a `full` key will use later (its create would be refused for the record's 30 days).
 * @module
 */
import type { Context } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { ProxyEnv } from '../env';
import type { ProxyApp } from '../app-env';
import type { KeyScope } from '../keys/merchant-keys';
import { bodyHashes } from './body-hash';
import type { Claim } from './idempotency-key';

/** The routes that take an Idempotency-Key, each with its own key space. */
export type IdempotentRoute =
  'sessions' | 'payouts' | 'payment-links' | 'refunds' | 'payout-batches';

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

/** The scope groups whose Idempotency-Keys are apart: `full`, and the lower scopes. */
export type ScopeGroup = 'full' | 'checkout';

/** The scope group of a merchant API key's scope. */
export function scopeGroup(scope: KeyScope): ScopeGroup {
  return scope === 'full' ? 'full' : 'checkout';
}

/** The IdempotencyKey object of one route's key in one scope group (`full` keeps the name it
 * had before the groups, so its records written then are still found). */
export function idempotencyStub(
  env: ProxyEnv,
  route: IdempotentRoute,
  key: string,
  group: ScopeGroup = 'full',
) {
  const name = group === 'full' ? `${route}\u0000${key}` : `${route}\u0000${group}\u0000${key}`;
  return env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(name));
}

/** The IdempotencyKey object of `key` for the request's merchant API key. */
export function claimStub(c: Context<ProxyApp>, route: IdempotentRoute, key: string) {
  return idempotencyStub(c.env, route, key, scopeGroup(c.var.keyScope));
}

/**
 * Claims `key` for `body` on `route` in the request's scope group, proposing `resource`: answers
 * the record (the first request's resource when the key was used before), or throws 409
 * IDEMPOTENCY_MISMATCH when the key was used with another body (as Stripe does). The body is
 * compared by its keyed hash under the current `idempotency body` key, and under the previous
 * secret's while its overlap lasts (a record written before a rotation still matches its retry).
 *
 * @example
 * const { record } = await claimKey(c, 'sessions', key, input, newSessionId());
 */
export async function claimKey(
  c: Context<ProxyApp>,
  route: IdempotentRoute,
  key: string,
  body: unknown,
  resource: string,
): Promise<Claim> {
  const hashes = await bodyHashes(c.var.config, body);
  const claim = await claimStub(c, route, key).claim(hashes[0]!, resource);
  if (!hashes.includes(claim.record.bodyHash)) {
    throw new CheckoutError(
      'IDEMPOTENCY_MISMATCH',
      'This Idempotency-Key was used with another request body; use a new key for a new request.',
    );
  }
  return claim;
}
