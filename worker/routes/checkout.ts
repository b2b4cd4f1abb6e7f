/**
 * Public checkout API for the widget (DESIGN.md §4): view, attempts, OTP, live stream.
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { attemptBodySchema, otpBodySchema } from '../../shared/schemas';
import { validate } from '../../shared/validation';
import type { ProxyEnv } from '../env';
import { checkoutCors } from '../middleware/cors';
import { readJson } from '../middleware/json-body';
import { respond, sessionStub } from './respond';

async function limited(env: ProxyEnv, key: string): Promise<void> {
  if (!env.ATTEMPT_LIMITER) return;
  const { success } = await env.ATTEMPT_LIMITER.limit({ key });
  if (!success) {
    throw new CheckoutError('RATE_LIMITED', 'Too many payment attempts; wait a minute and retry.', {
      retry_after: 60,
    });
  }
}

/**
 * `GET /v1/checkout/:id`, `POST /v1/checkout/:id/attempts`, `POST /v1/checkout/:id/otp`,
 * `GET /v1/checkout/:id/stream` (WebSocket).
 *
 * @example
 * app.route('/v1/checkout', checkoutApi());
 */
export function checkoutApi() {
  const app = new Hono<{ Bindings: ProxyEnv }>();
  app.use('*', checkoutCors());

  app.get('/:id', async (c) => respond(c, await sessionStub(c.env, c.req.param('id')).view()));

  app.post('/:id/attempts', async (c) => {
    const stub = sessionStub(c.env, c.req.param('id'));
    const parsed = validate(attemptBodySchema, await readJson(c, 4096));
    if (!parsed.ok) {
      throw new CheckoutError('VALIDATION_FAILED', 'Some details are missing or invalid.', {
        issues: parsed.issues,
      });
    }
    await limited(c.env, `attempt:${c.req.header('cf-connecting-ip') ?? 'local'}`);
    return respond(c, await stub.startAttempt(parsed.value), 201);
  });

  app.post('/:id/otp', async (c) => {
    const stub = sessionStub(c.env, c.req.param('id'));
    const parsed = validate(otpBodySchema, await readJson(c, 1024));
    if (!parsed.ok) {
      throw new CheckoutError('VALIDATION_FAILED', 'Enter the code you received.', {
        issues: parsed.issues,
      });
    }
    await limited(c.env, `otp:${c.req.header('cf-connecting-ip') ?? 'local'}`);
    return respond(c, await stub.submitOtp(parsed.value.otp));
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

  return app;
}
