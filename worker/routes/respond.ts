/**
 * Small helpers shared by the routes: the session stub for an id, and an RPC outcome as a response.
 * @module
 */
import type { Context } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { Outcome } from '../durable/outcome';
import type { ProxyEnv } from '../env';
import { SESSION_ID } from '../ids';

/**
 * The Durable Object of a session; throws SESSION_NOT_FOUND for a malformed id (so junk ids never
 * reach storage).
 *
 * @example
 * const stub = sessionStub(c.env, c.req.param('id'));
 */
export function sessionStub(env: ProxyEnv, id: string): ReturnType<ProxyEnv['SESSIONS']['get']> {
  if (!SESSION_ID.test(id)) {
    throw new CheckoutError('SESSION_NOT_FOUND', 'No checkout session has that id.');
  }
  return env.SESSIONS.get(env.SESSIONS.idFromName(id));
}

/**
 * Sends an RPC outcome: its value with `status`, or its error body with the error's status.
 *
 * @example
 * return respond(c, await stub.view());
 */
export function respond<T>(c: Context, outcome: Outcome<T>, status = 200): Response {
  if (outcome.ok) return c.json(outcome.value as object, status as 200);
  return c.json(outcome.body, outcome.status as 400);
}
