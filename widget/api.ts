/**
 * The proxy's public checkout API over `fetch` (docs/design.md, "Public checkout API"): read
 * the view, start an attempt, submit an OTP. Every answer is a {@link CheckoutView} or an
 * {@link ApiError}.
 * @module
 */
import type { ErrorBody } from '../shared/errors';
import type { AttemptFields } from '../shared/payer-form';
import type { CheckoutView } from '../shared/view';
import type { ExplainedError } from './localize';
import { takeViewFetch } from './view-prefetch';

/** What the payer entered for a new attempt (the proxy's `POST …/attempts` body): one type
 * with the hosted page's no-JS forms (shared/payer-form.ts). */
export type AttemptRequest = AttemptFields;

/**
 * A refused or failed request: the proxy's error code (or `NETWORK` when no answer came).
 *
 * @example
 * try { await startAttempt(base, id, body); } catch (e) { if (e instanceof ApiError) e.code; }
 */
export class ApiError extends Error {
  readonly code: ExplainedError;
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ExplainedError,
    message: string,
    status: number,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/**
 * The origin that served the module (widget.es.js, which widget.js imports): the element's
 * default `endpoint`.
 */
export function scriptOrigin(): string {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
}

/**
 * The checkout URL of a session under `endpoint` (a base URL without a trailing slash).
 *
 * @example
 * checkoutUrl('https://pay.example.com', 'cs_1'); // 'https://pay.example.com/v1/checkout/cs_1'
 */
export function checkoutUrl(endpoint: string, session: string): string {
  return `${endpoint}/v1/checkout/${encodeURIComponent(session)}`;
}

/** `started`: the same request already under way (the loader's fetch of the first view). */
async function call(
  url: string,
  init?: RequestInit,
  started?: Promise<Response>,
): Promise<CheckoutView> {
  let response: Response;
  try {
    response = await (started ?? fetch(url, { ...init, credentials: 'omit', cache: 'no-store' }));
  } catch {
    throw new ApiError('NETWORK', 'No answer.', 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    /* not JSON: handled below */
  }
  if (response.ok && body !== null && typeof body === 'object' && 'seq' in body) {
    return body as CheckoutView;
  }
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error && typeof error.code === 'string') {
    throw new ApiError(error.code, error.message, response.status, error.details);
  }
  throw new ApiError('INTERNAL', `HTTP ${response.status}`, response.status);
}

function post(url: string, body: unknown): Promise<CheckoutView> {
  return call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * `GET /v1/checkout/:id`.
 *
 * @example
 * const view = await getView('https://pay.example.com', 'cs_1');
 */
export function getView(endpoint: string, session: string): Promise<CheckoutView> {
  const url = checkoutUrl(endpoint, session);
  // The first one may already be under way: the classic loader starts it beside the module.
  return call(url, undefined, takeViewFetch(url));
}

/**
 * `POST /v1/checkout/:id/attempts`: starts a payment attempt.
 *
 * @example
 * await startAttempt(base, 'cs_1', { country_id: 1, method: 'send money', mobile: '254712345000' });
 */
export function startAttempt(
  endpoint: string,
  session: string,
  body: AttemptRequest,
): Promise<CheckoutView> {
  return post(`${checkoutUrl(endpoint, session)}/attempts`, body);
}

/**
 * `POST /v1/checkout/:id/otp`: submits the one-time code of the waiting attempt.
 *
 * @example
 * await submitOtp(base, 'cs_1', '000000');
 */
export function submitOtp(endpoint: string, session: string, otp: string): Promise<CheckoutView> {
  return post(`${checkoutUrl(endpoint, session)}/otp`, { otp });
}

/**
 * `error` as an {@link ApiError}: itself, or a `NETWORK` one (a failed `fetch`, a chunk that
 * could not load).
 */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('NETWORK', String(error), 0);
}
