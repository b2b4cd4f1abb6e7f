/**
 * Public checkout API for the widget (docs/design.md, "Public checkout API"): view, attempts,
 * OTP, live stream.
 * @module
 */
import { Hono, type Context } from 'hono';
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
import { ATTEMPT_POLICY, rateLimitHeaders } from '../middleware/rate-limit-headers';
import { sessionStub } from '../stubs';
import { predictBodySchema } from '../payment-methods/predict-body';
import { predictMethod } from '../payment-methods/predict';
import { respond } from './respond';
import { contract } from '../openapi/contract';
import { UPSTREAM_ERRORS } from '../openapi/route-errors';
import { checkoutPredictionSchema } from '../views/payment-methods';
import { checkoutViewSchema } from '../views/checkout-view';

/**
 * The per-address limit of attempt, OTP and prediction posts (IPv6 by its /64;
 * worker/middleware/address-bucket.ts), for the JSON API and the hosted page's no-JS forms
 * alike. `refusedOrNot` hears the answer (the JSON API sends RateLimit-* headers from it).
 */
export async function limitAddress(
  env: ProxyEnv,
  what: 'attempt' | 'otp' | 'predict',
  address: string,
  refusedOrNot?: (refused: boolean) => void,
): Promise<void> {
  const limiter = env.ATTEMPT_LIMITER;
  if (!limiter) return;
  const { success } = await limiter.limit({ key: `${what}:${addressBucket(address)}` });
  refusedOrNot?.(!success);
  if (!success) {
    throw new CheckoutError('RATE_LIMITED', 'Too many payment attempts; wait a minute and retry.', {
      limit: 'address',
      retry_after: ATTEMPT_POLICY.period,
    });
  }
}

/** The JSON API's address limit, with its RateLimit-* headers. */
function limited(c: Context<ProxyApp>, what: 'attempt' | 'otp' | 'predict'): Promise<void> {
  return limitAddress(c.env, what, c.req.header('cf-connecting-ip') ?? 'local', (refused) =>
    rateLimitHeaders(c, ATTEMPT_POLICY, refused),
  );
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

  app.get(
    '/:id',
    contract({
      operationId: 'getCheckout',
      tag: 'Checkout (widget)',
      summary: 'Read the public view of a session',
      audience: 'checkout',
      responses: { 200: checkoutViewSchema },
      errors: [],
    }),
    async (c) => respond(c, await sessionStub(c.env, c.req.param('id')).view()),
  );

  const attempt = jsonBody(attemptBodySchema, { limit: 4096, invalid: ATTEMPT_INVALID });
  app.post(
    '/:id/attempts',
    contract({
      operationId: 'startAttempt',
      tag: 'Checkout (widget)',
      summary: 'Start a payment attempt',
      audience: 'checkout',
      responses: { 201: checkoutViewSchema },
      errors: [
        'RATE_LIMITED',
        'SESSION_CLOSED',
        'SESSION_EXPIRED',
        'ATTEMPT_IN_PROGRESS',
        'COUNTRY_NOT_AVAILABLE',
        'METHOD_NOT_AVAILABLE',
        'MERCHANT_UNAVAILABLE',
        ...UPSTREAM_ERRORS,
      ],
    }),
    sessionId,
    attempt,
    async (c) => {
      await limited(c, 'attempt');
      const stub = sessionStub(c.env, c.req.param('id'));
      return respond(c, await stub.startAttempt(c.req.valid('json')), 201);
    },
  );

  const otp = jsonBody(otpBodySchema, { limit: 1024, invalid: 'Enter the code you received.' });
  app.post(
    '/:id/otp',
    contract({
      operationId: 'submitOtp',
      tag: 'Checkout (widget)',
      summary: 'Submit the one-time code of the current attempt',
      audience: 'checkout',
      responses: { 200: checkoutViewSchema },
      errors: [
        'RATE_LIMITED',
        'SESSION_CLOSED',
        'SESSION_EXPIRED',
        'NO_ATTEMPT_WAITING',
        'ATTEMPT_IN_PROGRESS',
        'OTP_INVALID',
        'OTP_EXPIRED',
        'OTP_LOCKED',
        'MERCHANT_UNAVAILABLE',
        ...UPSTREAM_ERRORS,
      ],
    }),
    sessionId,
    otp,
    async (c) => {
      await limited(c, 'otp');
      return respond(
        c,
        await sessionStub(c.env, c.req.param('id')).submitOtp(c.req.valid('json').otp),
      );
    },
  );

  // The payer's number → its operator, among the session's offered methods. The
  // answer names the country and method only: the number stays with the payer.
  const predict = jsonBody(predictBodySchema, { limit: 1024, invalid: 'Enter a valid number.' });
  app.post(
    '/:id/predict',
    contract({
      operationId: 'predictCheckoutMethod',
      tag: 'Checkout (widget)',
      summary: "Guess the payer's operator from the number",
      description: "Among the session's offered methods; the answer holds no number.",
      audience: 'checkout',
      responses: { 200: checkoutPredictionSchema },
      errors: ['RATE_LIMITED'],
    }),
    sessionId,
    predict,
    async (c) => {
      await limited(c, 'predict');
      const outcome = await sessionStub(c.env, c.req.param('id')).view();
      if (!outcome.ok) return respond(c, outcome);
      const { catalogue } = c.var.config;
      const { mobile, country_id: countryId } = c.req.valid('json');
      const offered = outcome.value.countries.filter(
        (country) => countryId === undefined || country.id === countryId,
      );
      const countries = offered.flatMap((country) => catalogue.country(country.id) ?? []);
      // Among the offered methods only (a closed one is not in the view).
      const prediction = predictMethod(catalogue, mobile, countries, (id, value) =>
        offered.some(
          (country) => country.id === id && country.methods.some((m) => m.value === value),
        ),
      );
      if (!prediction) {
        throw new CheckoutError('VALIDATION_FAILED', 'Enter a valid number.', {
          issues: [{ path: 'mobile', message: 'must be a mobile number of an offered country' }],
        });
      }
      return c.json({ country_id: prediction.country_id, method: prediction.method });
    },
  );

  app.get(
    '/:id/stream',
    contract({
      operationId: 'streamCheckout',
      tag: 'Checkout (widget)',
      summary: 'Live view (WebSocket)',
      description:
        'Upgrade to a WebSocket: each message is `{ "type": "view", "seq", "view": CheckoutView }`.',
      audience: 'checkout',
      responses: { 101: { contentType: 'none', description: 'Switching to the WebSocket.' } },
      errors: ['VALIDATION_FAILED'],
    }),
    async (c) => {
      const stub = sessionStub(c.env, c.req.param('id'));
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
        throw new CheckoutError(
          'VALIDATION_FAILED',
          'The stream is a WebSocket; connect with ws://.',
        );
      }
      return stub.fetch(c.req.raw);
    },
  );

  // Other paths and methods under /v1/checkout answer 404 here, never the merchant API's 401.
  app.all('*', notFoundHandler());

  return app;
}
