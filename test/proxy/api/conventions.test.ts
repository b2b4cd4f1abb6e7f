// API conventions: every error answer of the Worker has the wire shape
// `{ error: { code, message, param?, details?, request_id, doc_url } }` (request_id = the
// X-Request-Id header, doc_url = <origin>/docs#error-<CODE>, param for one-field errors), and
// every answer carries the dated API-Version header.
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../../shared/api-version';
import { errorBody, type ErrorCode } from '../../../shared/errors';
import { errorBodySchema, type ErrorResponseBody } from '../../../shared/schemas/error-body';
import { validate } from '../../../shared/validation';
import {
  DEFAULT_RETRY_AFTER_SECONDS,
  errorEnvelope,
} from '../../../worker/middleware/error-envelope';
import { requestLog } from '../../../worker/middleware/request-log';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  merchant,
  postCallback,
  ref,
} from '../helpers';

afterAll(() => expectNoSecrets());

/** Reads an error answer, checks it against the wire schema and answers its `error`. */
async function wireError(
  res: Response,
  code: ErrorCode,
  versioned = true,
): Promise<ErrorResponseBody['error']> {
  const body: unknown = await res.json();
  const checked = validate(errorBodySchema, body);
  expect(checked.ok, JSON.stringify(body)).toBe(true);
  const { error } = (checked as { ok: true; value: ErrorResponseBody }).value;
  expect(error.code).toBe(code);
  expect(error.request_id).not.toBe('');
  expect(error.request_id).toBe(res.headers.get('x-request-id'));
  expect(error.doc_url).toBe(`${BASE}/docs#error-${code}`);
  if (versioned) expect(res.headers.get('api-version')).toBe(API_VERSION);
  return error;
}

describe('error bodies', () => {
  it('every kind of error answer has request_id = X-Request-Id and the code’s doc_url', async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('conv') });
    const answers: [Promise<Response>, ErrorCode, number][] = [
      // The router's 404, the merchant API's 401, a Durable Object's outcome, a thrown error.
      [merchant('/v1/no-such-route'), 'NOT_FOUND', 404],
      [
        merchant('/v1/sessions', { headers: { authorization: 'Bearer nope' } }),
        'UNAUTHORIZED',
        401,
      ],
      [checkout('/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa'), 'SESSION_NOT_FOUND', 404],
      [merchant('/v1/sessions', { method: 'POST', body: '{', headers: {} }), 'INVALID_JSON', 400],
      [
        merchant('/v1/sessions', {
          method: 'POST',
          body: 'amount=1',
          headers: { 'content-type': 'text/plain' },
        }),
        'UNSUPPORTED_MEDIA_TYPE',
        415,
      ],
      [
        merchant('/v1/sessions', {
          method: 'POST',
          body: JSON.stringify({ pad: 'x'.repeat(70_000) }),
        }),
        'PAYLOAD_TOO_LARGE',
        413,
      ],
      // The checkout API's CORS refusal (middleware, before any route).
      [
        checkout(`/${session.id}`, { headers: { origin: 'https://evil.example' } }),
        'ORIGIN_NOT_ALLOWED',
        403,
      ],
      // A hosted callback's JSON error.
      [postCallback('/hooks/collections', { nope: true }), 'SIGNATURE_INVALID', 401],
    ];
    for (const [pending, code, status] of answers) {
      const res = await pending;
      expect(res.status, code).toBe(status);
      await wireError(res, code);
    }
  });

  it('two answers never share a request id', async () => {
    const [a, b] = await Promise.all([merchant('/v1/nope'), merchant('/v1/nope')]);
    const [ea, eb] = [await wireError(a, 'NOT_FOUND'), await wireError(b, 'NOT_FOUND')];
    expect(ea.request_id).not.toBe(eb.request_id);
  });

  it('param names the one field a validation error is about, and only then', async () => {
    const one = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify({
        amount: 100,
        currency: 'KES',
        reference: ref('param'),
        customer: { mobile: 'not-a-phone' },
      }),
    });
    expect(one.status).toBe(400);
    const error = await wireError(one, 'VALIDATION_FAILED');
    expect(error.param).toBe('customer.mobile');
    expect(error.details).toMatchObject({ issues: [{ path: 'customer.mobile' }] });

    const two = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify({ amount: -1, currency: 'KES', reference: 'bad ref!' }),
    });
    const both = await wireError(two, 'VALIDATION_FAILED');
    expect((both.details?.issues as unknown[]).length).toBeGreaterThan(1);
    expect(both.param).toBeUndefined();

    const query = await merchant('/v1/sessions?status=nope');
    expect((await wireError(query, 'VALIDATION_FAILED')).param).toBe('status');
  });
});

describe('API-Version', () => {
  it('is on answers, errors and pages alike', async () => {
    for (const res of [
      await merchant('/health'),
      await merchant('/v1/sessions?limit=1'),
      await merchant('/v1/nope'),
      await checkout('/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa'),
    ]) {
      expect(res.headers.get('api-version'), res.url).toBe(API_VERSION);
      await res.body?.cancel();
    }
    expect(API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('Retry-After', () => {
  it('is on every 429, from details.retry_after or else 60 seconds', async () => {
    const app = new Hono();
    app.use('*', requestLog(), errorEnvelope());
    app.get('/said', (c) => c.json(errorBody('RATE_LIMITED', 'Wait.', { retry_after: 7 }), 429));
    app.get('/unsaid', (c) => c.json(errorBody('RATE_LIMITED', 'Wait.'), 429));
    const said = await app.request(`${BASE}/said`);
    expect(said.headers.get('retry-after')).toBe('7');
    expect((await wireError(said, 'RATE_LIMITED', false)).details).toEqual({ retry_after: 7 });
    const unsaid = await app.request(`${BASE}/unsaid`);
    expect(unsaid.headers.get('retry-after')).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    await wireError(unsaid, 'RATE_LIMITED', false);
  });
});
