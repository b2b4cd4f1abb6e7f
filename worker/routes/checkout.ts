/**
 * Public checkout API for the widget (docs/design.md, "Public checkout API"): view, attempts,
 * OTP, live stream.
 * @module
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CheckoutError } from '../../shared/errors';
import { attemptBodySchema, otpBodySchema } from '../../shared/schemas';
import type { ProxyEnv } from '../env';
import type { ProxyApp } from '../app-env';
import { config } from '../middleware/config';
import { addressBucket } from '../middleware/address-bucket';
import { checkoutCors } from '../middleware/cors';
import { notFoundHandler } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { sessionStub } from '../stubs';
import { respond } from './respond';

/** The per-address limit of attempt and OTP posts (IPv6 by its /64; worker/middleware/address-bucket.ts),
 * for the JSON API and the hosted page's no-JS forms alike. */
export async function limited(
  env: ProxyEnv,
  what: 'attempt' | 'otp',
  address: string,
): Promise<void> {
  if (!env.ATTEMPT_LIMITER) return;
  const { success } = await env.ATTEMPT_LIMITER.limit({ key: `${what}:${addressBucket(address)}` });
  if (!success) {
    throw new CheckoutError('RATE_LIMITED', 'Too many payment attempts; wait a minute and retry.', {
      limit: 'address',
      retry_after: 60,
    });
  }
}

/** The message of an attempt body that does not match its schema (the hosted page's form too). */
export const ATTEMPT_INVALID = 'Some details are missing or invalid.';

/** A malformed session id answers 404 SESSION_NOT_FOUND before the body is read. */
const sessionId = createMiddleware<ProxyApp>(async (c, next) => {
  sessionStub(c.env, c.req.param('id') ?? '');
  await next();
});

/**
 * `GET /v1/checkout/:id`, `POST /v1/checkout/:id/attempts`, `POST /v1/checkout/:id/otp`,
 * `GET /v1/checkout/:id/stream` (WebSocket).
 *
 * @example
 * app.route('/v1/checkout', checkoutApi());
 */
export function checkoutApi() {
  const app = new Hono<ProxyApp>();
  app.use('*', config(), checkoutCors());

  app.get('/:id', async (c) => respond(c, await sessionStub(c.env, c.req.param('id')).view()));

  const attempt = jsonBody(attemptBodySchema, { limit: 4096, invalid: ATTEMPT_INVALID });
  app.post('/:id/attempts', sessionId, attempt, async (c) => {
    await limited(c.env, 'attempt', c.req.header('cf-connecting-ip') ?? 'local');
    const stub = sessionStub(c.env, c.req.param('id'));
    return respond(c, await stub.startAttempt(c.req.valid('json')), 201);
  });

  const otp = jsonBody(otpBodySchema, { limit: 1024, invalid: 'Enter the code you received.' });
  app.post('/:id/otp', sessionId, otp, async (c) => {
    await limited(c.env, 'otp', c.req.header('cf-connecting-ip') ?? 'local');
    return respond(
      c,
      await sessionStub(c.env, c.req.param('id')).submitOtp(c.req.valid('json').otp),
    );
  });

  app.get('/:id/stream', async (c) => {
    const stub = sessionStub(c.env, c.req.param('id'));
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new CheckoutError(
        'VALIDATION_FAILED',
        'The stream is a WebSocket; connect with ws://.',
      );
    }
    return stub.fetch(c.req.raw);
  });

  // Other paths and methods under /v1/checkout answer 404 here, never the merchant API's 401.
  app.all('*', notFoundHandler());

  return app;
}
