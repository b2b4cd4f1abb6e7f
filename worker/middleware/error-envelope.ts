/**
 * The one place every error answer of the Worker gets its wire shape
 * (shared/schemas/error-body.ts): whatever produced the error body (a thrown CheckoutError, a
 * Durable Object's outcome, a 404, a refused origin), it leaves with `request_id` (the
 * `X-Request-Id` header's value), `doc_url` (the code's entry at `/docs`), `param` when the
 * error names one field, and `Retry-After` when it says when to come back.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import { isErrorBody, type ErrorBody } from '../../shared/errors';
import { errorDocUrl, errorParam, type ErrorResponseBody } from '../../shared/schemas/error-body';
import { requestIdOf } from './request-log';
import { retryAfterHeaders } from './retry-after';

/** Seconds a 429 without its own `details.retry_after` asks the caller to wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The wire body of an error body answered to the request with `requestId` on `origin`.
 *
 * @example
 * wireErrorBody(errorBody('NOT_FOUND', 'No route.'), 'rid', 'https://proxy.example');
 * // { error: { code: 'NOT_FOUND', message: 'No route.', request_id: 'rid',
 * //   doc_url: 'https://proxy.example/docs#error-NOT_FOUND' } }
 */
export function wireErrorBody(
  body: ErrorBody,
  requestId: string,
  origin: string,
): ErrorResponseBody {
  const { code, message, details } = body.error;
  const param = errorParam(details);
  return {
    error: {
      code,
      message,
      ...(param === undefined ? {} : { param }),
      ...(details === undefined ? {} : { details }),
      request_id: requestId,
      doc_url: errorDocUrl(origin, code),
    },
  };
}

/**
 * Rewrites every JSON error answer (status 400 and above) into the wire shape, once (a mounted
 * app's second instance finds `request_id` set and leaves it), and makes every 429 carry
 * `Retry-After`. Runs inside {@link requestLog} (which sets the request id).
 *
 * @example
 * app.use('*', requestLog());
 * app.use('*', errorEnvelope());
 */
export function errorEnvelope(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400) return;
    if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) return;
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    if (!isErrorBody(body) || 'request_id' in body.error) return;
    const wire = wireErrorBody(body, requestIdOf(c), new URL(c.req.url).origin);
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    for (const [name, value] of Object.entries(retryAfterHeaders(body))) {
      if (!headers.has(name)) headers.set(name, value);
    }
    if (res.status === 429 && !headers.has('Retry-After')) {
      headers.set('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
    }
    c.res = undefined;
    c.res = new Response(JSON.stringify(wire), { status: res.status, headers });
  };
}
