/**
 * Turns every thrown error into the shared error shape, never a stack trace or a secret
 * (completed on its way out by worker/middleware/error-envelope.ts).
 * @module
 */
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { CheckoutError, errorBody } from '../../shared/errors';
import { logLine, requestIdOf, routeOf } from './request-log';

/** The public answer of a deployment whose configuration does not validate: no detail. */
export const CONFIG_INVALID_MESSAGE =
  'This service is not configured correctly. Its operator can see why with `npm run doctor`.';

/**
 * The app's `onError` handler: CheckoutError → its code and status; anything else → 500 INTERNAL,
 * logged as one structured line with the request id and the route pattern (never the request's
 * path, body or the error's message, which may carry ids or payer data).
 *
 * @example
 * app.onError(errorHandler());
 */
export function errorHandler(): ErrorHandler {
  return (error, c) => {
    if (error instanceof CheckoutError && error.code === 'CONFIG_INVALID') {
      // The detail names settings (and their values' shape): only the operator reads it, with
      // `npm run doctor` (which asks GET /v1/diagnostics with a sound merchant key).
      return c.json(errorBody('CONFIG_INVALID', CONFIG_INVALID_MESSAGE), 500);
    }
    if (error instanceof CheckoutError) {
      // The wire shape (request_id, doc_url, param, Retry-After): worker/middleware/error-envelope.ts.
      return c.json(error.toBody(), error.status as 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody('VALIDATION_FAILED', error.message || 'Bad request.'), error.status);
    }
    logLine('error', 'unhandled_error', {
      request_id: requestIdOf(c),
      method: c.req.method,
      route: routeOf(c),
      error: (error as Error)?.name ?? 'Error',
    });
    return c.json(errorBody('INTERNAL', 'Something went wrong on our side. Please retry.'), 500);
  };
}

/**
 * The app's `notFound` handler.
 *
 * @example
 * app.notFound(notFoundHandler());
 */
export function notFoundHandler(): NotFoundHandler {
  return (c) =>
    c.json(errorBody('NOT_FOUND', `There is no route for ${c.req.method} ${c.req.path}.`), 404);
}
