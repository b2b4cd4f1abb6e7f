/**
 * Bearer authentication of the merchant API with MERCHANT_API_KEY, compared in constant time.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { timingSafeEqual } from '../../shared/signing';
import { loadConfig } from '../config';
import type { ProxyEnv } from '../env';

/**
 * Refuses a request without `Authorization: Bearer <MERCHANT_API_KEY>` with 401 UNAUTHORIZED.
 *
 * @example
 * app.use('/v1/sessions/*', merchantAuth());
 */
export function merchantAuth(): MiddlewareHandler<{ Bindings: ProxyEnv }> {
  return async (c, next) => {
    loadConfig(c.env);
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !timingSafeEqual(match[1]!.trim(), c.env.MERCHANT_API_KEY)) {
      throw new CheckoutError(
        'UNAUTHORIZED',
        'Send your merchant API key as Authorization: Bearer <key>.',
      );
    }
    await next();
  };
}
