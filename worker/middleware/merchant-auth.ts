/**
 * Bearer authentication of the merchant API with MERCHANT_API_KEY, compared in constant time.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { timingSafeEqual } from '../../shared/signing';
import type { ProxyApp } from '../env';

/** The error of a request without the merchant key. */
function unauthorized(): CheckoutError {
  return new CheckoutError(
    'UNAUTHORIZED',
    'Send your merchant API key as Authorization: Bearer <key>.',
  );
}

/**
 * Throws 401 UNAUTHORIZED unless the request carries `Authorization: Bearer <key>` (compared in
 * constant time); an unset key matches nothing.
 *
 * @example
 * requireMerchantKey(c, c.env.MERCHANT_API_KEY); // diagnostics: before the configuration is read
 */
export function requireMerchantKey(c: Context, key: unknown): void {
  const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
  if (typeof key !== 'string' || key === '' || !match || !timingSafeEqual(match[1]!.trim(), key)) {
    throw unauthorized();
  }
}

/**
 * Refuses a request without `Authorization: Bearer <MERCHANT_API_KEY>` with 401 UNAUTHORIZED.
 * Not hono/bearer-auth: it answers a malformed header with 400 and its own body, where the
 * merchant API answers 401 in the shared error shape.
 *
 * @example
 * merchant.use('*', config(), merchantAuth());
 */
export function merchantAuth(): MiddlewareHandler<ProxyApp> {
  return async (c, next) => {
    requireMerchantKey(c, c.env.MERCHANT_API_KEY);
    await next();
  };
}
