// Abuse: the CORS allowlist, the rate limits on attempts and OTP guesses, the OTP lock under
// parallel guessing, the merchant key check, the callback timestamp window and source-address
// allowlist, and the security headers of every kind of page the proxy serves. All against the
// real proxy and sandbox; settings that differ from the test defaults (CALLBACK_MAX_AGE_SECONDS,
// CALLBACK_SOURCE_IPS) are given to the real Worker handler with a copy of the test env.
import { env, exports } from 'cloudflare:workers';
import {
  createExecutionContext,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { signEnvelope, timingSafeEqual } from '../../../shared/signing';
import type { ProxyEnv } from '../../../worker/env';
import { newSessionId } from '../../../worker/ids';
import worker from '../../../worker/index';
import { PAGE_CSP } from '../../../worker/middleware/security-headers';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  postCallback,
  ref,
  seenBodies,
  signedCallback,
  startAttempt,
} from '../helpers';
import {
  freshIp,
  globalState,
  ledgerCallbackCount,
  sandboxTxFor,
  sessionObject,
  sessionState,
} from './support';
import { configProblems, expectBareConfigInvalid } from '../hardening/config-detail';

afterAll(() => expectNoSecrets());

/** The real Worker with some vars changed (a fresh env object, so config is re-validated). */
async function proxyWith(
  vars: Partial<Record<keyof ProxyEnv, string>>,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(BASE + path, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...vars } as ProxyEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  seenBodies.push(await response.clone().text());
  return response;
}

async function errorCode(res: Response): Promise<string | undefined> {
  return ((await res.clone().json()) as { error?: { code?: string } }).error?.code;
}

const kenyaSuccess = (reference: string) => ({
  amount: 1500,
  depositId: `DP-${reference}`,
  mobile: '254712345000',
  payment_step: 2,
  reference: `TX-${reference}`,
  status: 'success',
  statusCode: '000000',
  third_party_reference_1: reference,
});

describe('CORS: only ALLOWED_ORIGINS (and, in development, local http pages), always with Vary: Origin', () => {
  it('echoes an allowed origin and refuses every look-alike with 403 and no state change', async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('cors') });
    const allowed = await checkout(`/${session.id}`, {
      headers: { origin: 'http://localhost:8787' },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:8787');
    expect(allowed.headers.get('vary')).toMatch(/Origin/);

    const before = await sessionState(session.id);
    const lookAlikes = [
      'https://evil.example',
      'null',
      'http://localhost:8787.evil.example',
      'http://192.168.1.10:8787',
      'https://localhost:8787',
      'http://LOCALHOST:8787',
      'http://localhost:8787/',
    ];
    for (const origin of lookAlikes) {
      for (const [method, path, body] of [
        ['GET', `/${session.id}`, undefined],
        [
          'POST',
          `/${session.id}/attempts`,
          { country_id: 1, method: 'send money', mobile: '254712345000' },
        ],
        ['OPTIONS', `/${session.id}/attempts`, undefined],
      ] as const) {
        const res = await checkout(path, {
          method,
          headers: { origin, 'access-control-request-method': 'POST' },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect(res.status, `${method} from ${origin}`).toBe(403);
        expect(await errorCode(res)).toBe('ORIGIN_NOT_ALLOWED');
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('vary')).toMatch(/Origin/);
      }
    }
    expect(await sessionState(session.id)).toEqual(before);
  });

  it('answers an allowed preflight with 204, the allowed methods and Vary: Origin', async () => {
    const res = await checkout('/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa/attempts', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8787', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8787');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('never grants CORS on the merchant API', async () => {
    const res = await merchant('/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
      headers: { origin: 'http://localhost:8787' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limits and the OTP lock', () => {
  /** Minute windows of the limiter binding (20 per 60 s per address, wrangler.toml). */
  const LIMIT = 20;
  /**
   * Requests enough to exceed the limit even when they straddle a window boundary: spread
   * over two windows, one of them still gets more than LIMIT.
   */
  const ENOUGH = 2 * LIMIT + 2;
  const windowOf = () => Math.floor(Date.now() / 60_000);

  it('attempt creation: at most 20 a minute per address, then 429 RATE_LIMITED; nothing stored', async () => {
    const ip = freshIp();
    const session = await createSession({ amount: 300, currency: 'TZS', reference: ref('rl') });
    const body = { country_id: 10, method: 'Tigo', mobile: '255712345005' };
    const headers = { 'cf-connecting-ip': ip };
    const served = new Map<number, number>();
    const first = await checkout(`/${session.id}/attempts`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    expect(first.status).toBe(201);
    // Counted by the per-address limit: its policy, no remaining count (the binding has none).
    expect(first.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(first.headers.get('ratelimit-reset')).toBe('60');
    expect(first.headers.get('ratelimit-remaining')).toBeNull();
    served.set(windowOf(), 1);
    const before = await sessionState(session.id);
    const codes: string[] = [];
    for (let i = 0; i < ENOUGH && !codes.includes('RATE_LIMITED'); i++) {
      const window = windowOf();
      const res = await checkout(`/${session.id}/attempts`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const code = (await errorCode(res))!;
      codes.push(code);
      if (code === 'RATE_LIMITED') {
        expect(res.status).toBe(429);
        expect(await res.json()).toMatchObject({ error: { details: { retry_after: 60 } } });
        expect(res.headers.get('retry-after')).toBe('60');
        expect(res.headers.get('ratelimit-limit')).toBe(String(LIMIT));
        expect(res.headers.get('ratelimit-remaining')).toBe('0');
        expect(res.headers.get('ratelimit-reset')).toBe('60');
      } else {
        expect(code).toBe('ATTEMPT_IN_PROGRESS');
        served.set(window, (served.get(window) ?? 0) + 1);
      }
    }
    for (const count of served.values()) expect(count).toBeLessThanOrEqual(LIMIT);
    expect(codes).toContain('RATE_LIMITED');
    expect(await sessionState(session.id)).toEqual(before);
    // Another address is not affected.
    const other = await checkout(`/${session.id}/attempts`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': freshIp() },
      body: JSON.stringify(body),
    });
    expect(await errorCode(other)).toBe('ATTEMPT_IN_PROGRESS');
  });

  it('OTP guesses: parallel wrong codes are checked one at a time and the attempt locks after 3', async () => {
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('otp') });
    const started = await startAttempt(session.id, {
      country_id: 3,
      method: 'Orange',
      mobile: '2250712345000',
    });
    expect(started.status).toBe(201);
    const codes: string[] = [];
    for (let burst = 0; burst < 4; burst++) {
      const ip = freshIp();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          checkout(`/${session.id}/otp`, {
            method: 'POST',
            headers: { 'cf-connecting-ip': ip },
            body: JSON.stringify({ otp: `12345${i}` }),
          }).then(errorCode),
        ),
      );
      codes.push(...answers.map(String));
    }
    // 24 guesses, yet the upstream checked exactly 3: the others waited their turn (409) or
    // came after the lock (the attempt's input is closed: refused here, never forwarded).
    const [tx] = await sandboxTxFor(`${session.id}.1`);
    expect(tx?.otp_attempts).toBe(3);
    expect(codes.filter((c) => c === 'OTP_INVALID')).toHaveLength(2);
    expect(codes.filter((c) => c === 'OTP_LOCKED').length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c === 'ATTEMPT_IN_PROGRESS').length).toBeGreaterThan(0);
    for (const code of codes) {
      expect(['OTP_INVALID', 'OTP_LOCKED', 'ATTEMPT_IN_PROGRESS', 'NO_ATTEMPT_WAITING']).toContain(
        code,
      );
    }
    const state = await sessionState(session.id);
    // Wrong codes close the input, not the money: the upstream alone settles the attempt.
    const session2 = await getSession(session.id);
    expect(session2.attempts[0]).toMatchObject({
      status: 'pending',
      input: 'lapsed',
      lapse_reason: 'otp_locked',
    });
    expect(state.status).toBe('open');
  });

  it('OTP guesses from one address are rate-limited too', async () => {
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('otp') });
    await startAttempt(session.id, { country_id: 3, method: 'Orange', mobile: '2250712345000' });
    const ip = freshIp();
    const codes: string[] = [];
    for (let i = 0; i < ENOUGH && !codes.includes('RATE_LIMITED'); i++) {
      const res = await checkout(`/${session.id}/otp`, {
        method: 'POST',
        headers: { 'cf-connecting-ip': ip },
        body: JSON.stringify({ otp: '1234' }),
      });
      codes.push((await errorCode(res))!);
    }
    expect(codes).toContain('RATE_LIMITED');
  });
});

describe('probing session ids', () => {
  /** The tables of a Durable Object (SQLite's own and Cloudflare's left out). */
  const tablesOf = <O extends Rpc.DurableObjectBranded>(stub: DurableObjectStub<O>) =>
    runInDurableObject(stub as DurableObjectStub<never>, (_instance, state) =>
      state.storage.sql
        .exec("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((row) => String(row.name))
        .filter((name) => !name.startsWith('_cf_') && !name.startsWith('sqlite_')),
    );

  it('an id that was never issued answers 404 on every route and leaves no stored object', async () => {
    const id = await newSessionId(); // well-formed, never issued
    const before = await globalState();
    const json = { 'content-type': 'application/json' };
    const answers = [
      await checkout(`/${id}`),
      await checkout(`/${id}/attempts`, {
        method: 'POST',
        headers: { ...json, 'cf-connecting-ip': freshIp() },
        body: JSON.stringify({ country_id: 1, method: 'send money', mobile: '254712345000' }),
      }),
      await checkout(`/${id}/otp`, {
        method: 'POST',
        headers: { ...json, 'cf-connecting-ip': freshIp() },
        body: JSON.stringify({ otp: '123456' }),
      }),
      await checkout(`/${id}/stream`, { headers: { upgrade: 'websocket' } }),
      await merchant(`/v1/sessions/${id}`),
      await merchant(`/v1/sessions/${id}/webhooks/evt_${id}.1_succeeded/resend`, {
        method: 'POST',
      }),
    ];
    for (const res of answers) {
      expect(res.status, res.url).toBe(404);
      expect(['SESSION_NOT_FOUND', 'NOT_FOUND']).toContain(await errorCode(res));
    }
    // (workerd lists every object it instantiated, written or not: compare the rest.)
    expect(await globalState()).toEqual({ ...before, sessions: expect.any(Number) });
    expect(await tablesOf(sessionObject(id))).toEqual([]);
  });

  it('a signed callback for an id that was never issued is kept as an orphan, not in a new object', async () => {
    const id = await newSessionId(); // well-formed, never issued
    const res = await postCallback(
      '/hooks/collections',
      await signedCallback({
        amount: 1500,
        payment_step: 2,
        reference: `TX-${id}`,
        status: 'success',
        statusCode: '000000',
        third_party_reference_1: `${id}.1`,
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(await ledgerCallbackCount({ reference: `${id}.1` })).toBe(1);
    expect(await tablesOf(sessionObject(id))).toEqual([]);
  });

  it('a payout reference never used answers 404 and a signed callback for it stays an orphan; no stored object', async () => {
    const reference = `probe-${crypto.randomUUID()}`;
    expect((await merchant(`/v1/payouts/${reference}`)).status).toBe(404);
    const resend = await merchant(`/v1/payouts/${reference}/webhooks/evt_x/resend`, {
      method: 'POST',
    });
    expect(resend.status).toBe(404);
    const callback = await postCallback(
      '/hooks/payouts',
      await signedCallback({
        amount: 2500,
        currency: 'UGX',
        payment_reference: reference,
        payment_step: 2,
        status: 'success',
        statusCode: '000000',
        third_party_reference_1: reference,
      }),
    );
    expect(callback.status).toBe(200);
    expect(await ledgerCallbackCount({ reference })).toBe(1);
    expect(await tablesOf(env.PAYOUTS.get(env.PAYOUTS.idFromName(reference)))).toEqual([]);
  });

  it('an issued session still has its tables (the check above can fail)', async () => {
    const session = await createSession({ amount: 300, currency: 'KES', reference: ref('probe') });
    expect(await tablesOf(sessionObject(session.id))).toEqual(
      expect.arrayContaining(['session', 'attempts', 'tasks', 'outbox']),
    );
  });
});

describe('merchant API key', () => {
  it('refuses every near miss with 401 and accepts only the exact key', async () => {
    const key = env.MERCHANT_API_KEY;
    const nearMisses = [
      '',
      key.slice(0, -1),
      `${key}x`,
      `x${key.slice(1)}`,
      `${key.slice(0, -1)}${key.endsWith('y') ? 'z' : 'y'}`,
      key.toUpperCase(),
      `${key} x`,
    ];
    for (const candidate of nearMisses) {
      const res = await merchant('/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
        headers: { authorization: `Bearer ${candidate}` },
      });
      expect(res.status, JSON.stringify(candidate.length)).toBe(401);
      expect(await errorCode(res)).toBe('UNAUTHORIZED');
    }
    for (const header of [`Basic ${key}`, key, `Bearer`, `Token ${key}`]) {
      const res = await merchant('/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
        headers: { authorization: header },
      });
      expect(res.status).toBe(401);
    }
    const good = await merchant('/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(good.status).toBe(404);
  });

  it('compares with a function whose work depends only on the lengths', () => {
    expect(timingSafeEqual('dev-merchant-key', 'dev-merchant-key')).toBe(true);
    expect(timingSafeEqual('dev-merchant-key', 'dev-merchant-kez')).toBe(false);
    expect(timingSafeEqual('dev-merchant-key', 'dev-merchant-ke')).toBe(false);
    expect(timingSafeEqual('', 'x')).toBe(false);
    expect(timingSafeEqual('é', 'e\u0301')).toBe(false);
  });
});

describe('callback timestamp tolerance (CALLBACK_MAX_AGE_SECONDS)', () => {
  async function postAt(vars: Record<string, string>, offsetSeconds: number) {
    const reference = `ts-${offsetSeconds}-${Date.now()}`;
    const body = await signEnvelope(
      kenyaSuccess(reference),
      { clientId: 'test-client', sender: 'Test Shop', secretKey: 'test-secret' },
      Date.now() + offsetSeconds * 1000,
    );
    const res = await proxyWith(vars, '/hooks/collections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      code: res.ok ? null : await errorCode(res),
      stored: await ledgerCallbackCount({ reference }),
    };
  }

  it('accepts callbacks inside the window and refuses older or later ones, storing nothing', async () => {
    const vars = { CALLBACK_MAX_AGE_SECONDS: '300' };
    expect(await postAt(vars, 0)).toEqual({ status: 200, code: null, stored: 1 });
    expect(await postAt(vars, -290)).toEqual({ status: 200, code: null, stored: 1 });
    expect(await postAt(vars, 290)).toEqual({ status: 200, code: null, stored: 1 });
    for (const offset of [-310, 310, -86_400, 86_400]) {
      expect(await postAt(vars, offset)).toEqual({
        status: 401,
        code: 'TIMESTAMP_OUT_OF_RANGE',
        stored: 0,
      });
    }
  });

  it('is configurable: 0 (the default) turns the check off', async () => {
    expect(await postAt({ CALLBACK_MAX_AGE_SECONDS: '0' }, -86_400)).toMatchObject({
      status: 200,
      stored: 1,
    });
    expect(await postAt({ CALLBACK_MAX_AGE_SECONDS: '60' }, -120)).toMatchObject({
      status: 401,
      stored: 0,
    });
  });
});

describe('callback source addresses (CALLBACK_SOURCE_IPS)', () => {
  const vars = { CALLBACK_SOURCE_IPS: '203.0.113.7, 2001:DB8::1' };

  async function postFrom(ip: string | null, settings: Record<string, string> = vars) {
    const reference = `ip-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (ip !== null) headers['cf-connecting-ip'] = ip;
    const res = await proxyWith(settings, '/hooks/collections', {
      method: 'POST',
      headers,
      body: JSON.stringify(await signedCallback(kenyaSuccess(reference))),
    });
    const stored = await ledgerCallbackCount({ reference });
    return { status: res.status, code: res.ok ? null : await errorCode(res), stored };
  }

  it('accepts listed addresses (IPv6 in any case) and refuses others with 403 before reading', async () => {
    expect(await postFrom('203.0.113.7')).toEqual({ status: 200, code: null, stored: 1 });
    expect(await postFrom('2001:db8::1')).toEqual({ status: 200, code: null, stored: 1 });
    for (const ip of ['198.51.100.9', '203.0.113.70', '', '2001:db8::2', null]) {
      expect(await postFrom(ip), String(ip)).toEqual({
        status: 403,
        code: 'SOURCE_NOT_ALLOWED',
        stored: 0,
      });
    }
    // Payout and payment-link callbacks are covered by the same rule.
    const payout = await proxyWith(vars, '/hooks/payouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.9' },
      body: '{}',
    });
    expect(payout.status).toBe(403);
  });

  it('is off when empty, and a malformed entry is a configuration error naming the var', async () => {
    expect(await postFrom('198.51.100.9', { CALLBACK_SOURCE_IPS: '' })).toMatchObject({
      status: 200,
    });
    const res = await proxyWith(
      { CALLBACK_SOURCE_IPS: '203.0.113.7, not-an-ip' },
      '/hooks/collections',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.7' },
        body: '{}',
      },
    );
    expect(res.status).toBe(500);
    // Issue #24: the public answer names no setting; /v1/diagnostics does.
    expectBareConfigInvalid(await res.json());
    expect(await configProblems({ CALLBACK_SOURCE_IPS: '203.0.113.7, not-an-ip' })).toContain(
      'CALLBACK_SOURCE_IPS',
    );
  });
});

describe('security headers on every page the proxy serves', () => {
  function expectHeaders(res: Response, what: string): void {
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
    if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
      expect(res.headers.get('content-security-policy'), what).toBe(PAGE_CSP);
      expect(PAGE_CSP).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  }

  it('JSON answers, errors, the return page and its script, dev pages and forwarded sandbox pages', async () => {
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('hdr') });
    const requests: [string, RequestInit | undefined][] = [
      ['/health', undefined],
      [`/v1/checkout/${session.id}`, undefined],
      [`/v1/checkout/${session.id}/return?outcome=success`, undefined],
      ['/v1/checkout/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa/return?outcome=failure', undefined],
      ['/v1/checkout/return.js', undefined],
      ['/v1/checkout/nope', undefined],
      ['/no/such/route', undefined],
      ['/v1/sessions', { method: 'POST', body: '{}' }],
      [
        `/v1/checkout/${session.id}/attempts`,
        { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } },
      ],
      [
        `/v1/checkout/${session.id}/stream`,
        { headers: { upgrade: 'websocket', origin: 'https://evil.example' } },
      ],
      ['/v1/checkout/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa/stream', { headers: { upgrade: 'websocket' } }],
      ['/dev/webhooks', undefined],
      ['/sandbox/health', undefined],
    ];
    for (const [path, init] of requests) {
      const res = await exports.default.fetch(new Request(BASE + path, init));
      seenBodies.push(await res.clone().text());
      expect(res.status, path).toBeLessThan(500);
      expectHeaders(res, path);
    }
  });

  it('static assets (the widget bundles) carry the same headers (public/_headers)', async () => {
    for (const path of ['/widget.js', '/widget.es.js']) {
      const res = await env.ASSETS!.fetch(new Request(BASE + path));
      await res.body?.cancel();
      if (res.status === 404) continue; // not built in this checkout
      expectHeaders(res, path);
    }
  });
});
