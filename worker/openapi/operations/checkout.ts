/**
 * The public checkout API the widget calls (worker/routes/checkout.ts, return-page.ts): no key,
 * CORS for ALLOWED_ORIGINS.
 * @module
 */
import { attemptBodySchema, otpBodySchema } from '../../../shared/schemas';
import { op } from '../operation';
import { checkoutViewSchema } from '../schemas/checkout-view';
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
];
