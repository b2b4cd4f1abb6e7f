/**
 * The public checkout API the widget calls (worker/routes/checkout.ts, return-page.ts): no key,
 * CORS for ALLOWED_ORIGINS.
 * @module
 */
import { attemptBodySchema, otpBodySchema } from '../../../shared/schemas';
import { predictBodySchema } from '../../payment-methods/predict-body';
import { op } from '../operation';
import { checkoutViewSchema } from '../schemas/checkout-view';
import { checkoutPredictionSchema } from '../schemas/payment-methods';
import { UPSTREAM_ERRORS } from './common';

const html = { contentType: 'text/html', description: 'An HTML page.' };

export const checkoutOperations = [
  op({
    method: 'get',
    path: '/v1/checkout/{id}',
    operationId: 'getCheckout',
    tag: 'Checkout (widget)',
    summary: 'Read the public view of a session',
    audience: 'checkout',
    responses: { 200: checkoutViewSchema },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/v1/checkout/{id}/attempts',
    operationId: 'startAttempt',
    tag: 'Checkout (widget)',
    summary: 'Start a payment attempt',
    audience: 'checkout',
    body: attemptBodySchema,
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
  op({
    method: 'post',
    path: '/v1/checkout/{id}/otp',
    operationId: 'submitOtp',
    tag: 'Checkout (widget)',
    summary: 'Submit the one-time code of the current attempt',
    audience: 'checkout',
    body: otpBodySchema,
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
  op({
    method: 'post',
    path: '/v1/checkout/{id}/predict',
    operationId: 'predictCheckoutMethod',
    tag: 'Checkout (widget)',
    summary: "Guess the payer's operator from the number",
    description: "Among the session's offered methods; the answer holds no number.",
    audience: 'checkout',
    body: predictBodySchema,
    responses: { 200: checkoutPredictionSchema },
    errors: ['RATE_LIMITED'],
  }),
  op({
    method: 'get',
    path: '/v1/checkout/{id}/stream',
    operationId: 'streamCheckout',
    tag: 'Checkout (widget)',
    summary: 'Live view (WebSocket)',
    description:
      'Upgrade to a WebSocket: each message is `{ "type": "view", "seq", "view": CheckoutView }`.',
    audience: 'checkout',
    responses: { 101: { contentType: 'none', description: 'Switching to the WebSocket.' } },
    errors: ['VALIDATION_FAILED'],
  }),
  op({
    method: 'get',
    path: '/v1/checkout/{id}/return',
    operationId: 'checkoutReturn',
    tag: 'Checkout (widget)',
    summary: 'The page a redirect flow returns the payer to',
    audience: 'public',
    responses: { 200: html },
    errors: ['CONFIG_INVALID'],
  }),
  op({
    method: 'get',
    path: '/v1/checkout/return.js',
    operationId: 'checkoutReturnScript',
    tag: 'Checkout (widget)',
    summary: "The return page's script",
    audience: 'public',
    responses: { 200: { contentType: 'text/javascript', description: 'A script.' } },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/pay/{id}',
    operationId: 'hostedPage',
    tag: 'Hosted page',
    summary: 'The hosted checkout page (a session’s `checkout_url`)',
    audience: 'public',
    responses: { 200: html, 404: html, 410: html },
    errors: ['CONFIG_INVALID'],
  }),
  op({
    method: 'post',
    path: '/pay/{id}/{form}',
    operationId: 'hostedPageForm',
    tag: 'Hosted page',
    summary: "The hosted page's forms without JavaScript (`form`: choose, attempt or otp)",
    description:
      'An `application/x-www-form-urlencoded` post from the page itself (its form token): 303 ' +
      'to the next step (Post/Redirect/Get), or the same step again with what was wrong, in ' +
      "the refusal's status.",
    audience: 'public',
    responses: {
      200: html,
      303: { contentType: 'none', description: 'See Other: the next step.' },
      400: html,
      404: html,
      409: html,
      410: html,
      422: html,
      423: html,
      429: html,
    },
    errors: ['ORIGIN_NOT_ALLOWED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'CONFIG_INVALID'],
  }),
];
