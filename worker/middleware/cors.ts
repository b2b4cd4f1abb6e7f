/**
 * CORS for the public checkout API, limited to ALLOWED_ORIGINS, always with `Vary: Origin`. In
 * development mode (DEV_MODE=1 with the development secrets) any `http://localhost:<port>` and
 * `http://127.0.0.1:<port>` page may use it too, so a merchant's own page served locally works
 * against `npm run dev` without configuration.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { errorBody } from '../../shared/errors';
import type { Config } from '../config';
import type { ProxyApp } from '../app-env';

/** A local development page's origin: plain http on localhost or 127.0.0.1, any port. */
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/**
 * Whether a page on `origin` may call the checkout API: the proxy's own origin, the exact
 * origins of ALLOWED_ORIGINS, and in development mode any local http origin. A request
 * without an Origin header (same-origin GET, server-side) passes.
 *
 * @example
 * originAllowed('http://127.0.0.1:8123', 'http://127.0.0.1:8787', config); // true in development
 * originAllowed('http://127.0.0.1:8123', 'https://pay.example', config); // false in production
 */
export function originAllowed(
  origin: string | undefined,
  self: string,
  config: Pick<Config, 'publicBaseUrl' | 'allowedOrigins' | 'devMode'>,
): boolean {
  return (
    origin === undefined ||
    origin === self ||
    origin === config.publicBaseUrl ||
    config.allowedOrigins.has(origin) ||
    (config.devMode && LOCAL_ORIGIN.test(origin))
  );
}

/**
 * Answers preflights and sets CORS headers (hono/cors) for allowed origins; a cross-origin
 * request from any other origin is refused with 403 ORIGIN_NOT_ALLOWED (hono/cors would only
 * leave out its headers). Reads `c.var.config` (worker/middleware/config.ts). Same-origin and
 * origin-less requests pass. WebSocket upgrades are checked but get no CORS headers (browsers
 * do not ask for them, and a 101's headers are immutable).
 *
 * @example
 * app.use('/v1/checkout/*', config(), checkoutCors());
 */
export function checkoutCors(): MiddlewareHandler<ProxyApp> {
  const headers = cors({
    origin: (origin, c: Context<ProxyApp>) =>
      origin && originAllowed(origin, new URL(c.req.url).origin, c.var.config) ? origin : null,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type'],
    maxAge: 600,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!originAllowed(origin, new URL(c.req.url).origin, c.var.config)) {
      const res = c.json(
        errorBody('ORIGIN_NOT_ALLOWED', `The origin ${origin} may not use this checkout.`),
        403,
      );
      res.headers.set('Vary', 'Origin');
      return res;
    }
    if (c.req.header('upgrade')?.toLowerCase() === 'websocket') return next();
    return headers(c, next);
  };
}
