/**
 * Optional allowlist of the addresses hosted callbacks may come from (CALLBACK_SOURCE_IPS).
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { ProxyApp } from '../app-env';

/**
 * When CALLBACK_SOURCE_IPS lists addresses, refuses a callback whose `CF-Connecting-IP` (set by
 * Cloudflare, not by the client) is not one of them with 403 SOURCE_NOT_ALLOWED, before its
 * body is read. An empty list turns the check off. The signature check still applies to every
 * callback that passes.
 *
 * @example
 * app.use('*', config(), callbackSources());
 */
// Not hono/ip-restriction: its rules are fixed when it is built (ours come from the request's
// configuration), it throws on entries our configuration accepts, and its 403 has its own body.
export function callbackSources(): MiddlewareHandler<ProxyApp> {
  return async (c, next) => {
    const allowed = c.var.config.callbackSourceIps;
    if (allowed.size > 0) {
      const ip = (c.req.header('cf-connecting-ip') ?? '').trim().toLowerCase();
      if (!allowed.has(ip)) {
        throw new CheckoutError(
          'SOURCE_NOT_ALLOWED',
          ip === ''
            ? 'Callbacks are accepted only from known addresses; this one has no source address.'
            : `Callbacks are accepted only from known addresses; ${ip} is not one of them.`,
        );
      }
    }
    await next();
  };
}
