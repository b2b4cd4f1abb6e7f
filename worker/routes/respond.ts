/**
 * An RPC outcome of a Durable Object as a response.
 * @module
 */
import type { Context } from 'hono';
import type { Outcome } from '../durable/outcome';

/**
 * Sends an RPC outcome: its value with `status`, or its error body with the error's status
 * (`Retry-After` and the rest of the wire shape: worker/middleware/error-envelope.ts).
 *
 * @example
 * return respond(c, await sessionStub(c.env, id).view());
 */
export function respond<T>(c: Context, outcome: Outcome<T>, status = 200): Response {
  if (outcome.ok) return c.json(outcome.value as object, status as 200);
  return c.json(outcome.body, outcome.status as 400);
}
