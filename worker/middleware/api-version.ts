/**
 * The `API-Version` header (shared/api-version.ts) on every response of the Worker.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import { API_VERSION, API_VERSION_HEADER } from '../../shared/api-version';

/**
 * Sets `API-Version: <date>` on every answer but a WebSocket upgrade (whose headers are fixed).
 *
 * @example
 * app.use('*', apiVersion());
 */
export function apiVersion(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 101 || c.res.headers.get(API_VERSION_HEADER) === API_VERSION) return;
    // A response passed through from fetch() has immutable headers: copy it before adding ours.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(API_VERSION_HEADER, API_VERSION);
  };
}
