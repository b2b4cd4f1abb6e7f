/**
 * CORS for the public checkout API, limited to ALLOWED_ORIGINS, always with `Vary: Origin`.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../../shared/errors';
import { loadConfig } from '../config';
import type { ProxyEnv } from '../env';

/**
 * Answers preflights and sets CORS headers for allowed origins; a cross-origin request from any
 * other origin is refused with 403 ORIGIN_NOT_ALLOWED. Same-origin and origin-less requests pass.
 *
 * @example
 * app.use('/v1/checkout/*', checkoutCors());
 */
export function checkoutCors(): MiddlewareHandler<{ Bindings: ProxyEnv }> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const config = loadConfig(c.env);
    const self = new URL(c.req.url).origin;
    const allowed =
      origin === undefined ||
      origin === self ||
      origin === config.publicBaseUrl ||
      config.allowedOrigins.has(origin);
    if (!allowed) {
      const res = c.json(
        errorBody('ORIGIN_NOT_ALLOWED', `The origin ${origin} may not use this checkout.`),
        403,
      );
      res.headers.set('Vary', 'Origin');
      return res;
    }
    if (c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin ?? self,
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Max-Age': '600',
          Vary: 'Origin',
        },
      });
    }
    await next();
    if (c.res.status === 101) return; // a WebSocket upgrade's headers are immutable
    // A response passed through from fetch() (a Durable Object's, the sandbox's) has immutable
    // headers: copy it before adding ours.
    c.res = new Response(c.res.body, c.res);
    if (origin !== undefined) c.res.headers.set('Access-Control-Allow-Origin', origin);
    c.res.headers.append('Vary', 'Origin');
  };
}
