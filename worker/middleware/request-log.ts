/**
 * Structured logs: one JSON line per refused or failed request and per error, carrying the request id and the
 * route pattern (Hono's `routePath`, e.g. `/v1/checkout/:id`), never the concrete path — so no
 * session id, attempt id, reference, phone number, token or secret reaches a log line.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';

/** A Cloudflare ray id (`8f1e2d3c4b5a6978-NBO`), set by Cloudflare's edge, not by the client. */
const RAY = /^[0-9a-f]{16}-[A-Z]{3}$/;

/** The fields of one log line; values must never be request data (paths, bodies, headers). */
export type LogFields = Record<string, string | number | boolean | null>;

/**
 * Prints one structured log line (Workers Logs indexes JSON lines field by field).
 *
 * @example
 * logLine('error', 'webhook_unsignable', { event_type: 'checkout.succeeded' });
 */
export function logLine(level: 'info' | 'warn' | 'error', event: string, fields: LogFields = {}) {
  const line = JSON.stringify({ level, event, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** The request id of this request (empty outside {@link requestLog}). */
export function requestIdOf(c: Context): string {
  return (c.get('requestId' as never) as string | undefined) ?? '';
}

/**
 * The route pattern of the handler that answered or threw (Hono's `routePath` at the current
 * route index, e.g. `/v1/checkout/:id`), or `(no route)` when only wildcard middleware ran.
 */
export function routeOf(c: Context): string {
  const path = routePath(c);
  return path === '' || path === '/*' || path === '*' ? '(no route)' : path;
}

const ids = requestId({
  // Hono's requestId would adopt a caller's X-Request-Id (any [\w-=] text, a session id
  // included) and print it in our logs: the id is the Cloudflare ray id or a fresh UUID instead,
  // and the X-Request-Id answer header is set below.
  headerName: '',
  generator: (c) => {
    const ray = c.req.header('cf-ray') ?? '';
    return RAY.test(ray) ? ray : crypto.randomUUID();
  },
});

/**
 * Gives the request an id (answered as `X-Request-Id`) and logs one line when it is answered
 * with a 4xx or 5xx: method, route pattern, status and duration. Idempotent: a second instance in a mounted app
 * does nothing.
 *
 * @example
 * app.use('*', requestLog());
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    if (requestIdOf(c) !== '') return next();
    const started = Date.now();
    await ids(c, async () => {});
    await next();
    const id = requestIdOf(c);
    if (c.res.status !== 101) {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Request-Id', id);
    }
    // Answered requests are in Cloudflare's invocation logs already; ours records the refused
    // and failed ones, which is what a support question starts from.
    if (c.res.status < 400) return;
    logLine(c.res.status >= 500 ? 'error' : 'info', 'request', {
      request_id: id,
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      ms: Date.now() - started,
      // The merchant API key that acted (its id, never the key), when one authenticated.
      key_id: (c.get('keyId' as never) as string | undefined) ?? null,
    });
  };
}
