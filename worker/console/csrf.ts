/**
 * The console's guard against cross-site writes: a request that may change something (anything
 * but GET and HEAD) must come from the console's own origin (`Origin`) and carry
 * `X-Console: 1`, which a form or a cross-origin page cannot send without a preflight the
 * console never answers. hono/csrf alone checks form posts only, and the console writes JSON.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { ProxyApp } from '../app-env';

/**
 * 403 FORBIDDEN for a write without the same-origin `Origin` and `X-Console: 1`.
 *
 * @example
 * app.use('*', consoleCsrf());
 */
export function consoleCsrf(): MiddlewareHandler<ProxyApp> {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (origin !== new URL(c.req.url).origin || c.req.header('x-console') !== '1') {
        throw new CheckoutError(
          'FORBIDDEN',
          'A console write must come from the console itself (same-origin Origin and X-Console: 1).',
        );
      }
    }
    await next();
  };
}
