// Abuse: the CORS allowlist, the rate limits on attempts and OTP guesses, the OTP lock under
// parallel guessing, and probing for session ids (the merchant key check, the callback windows
// and the security headers: abuse-keys-headers.test.ts; shared setup: abuse-support.ts). All
// against the real proxy and sandbox.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { newSessionId } from '../../../worker/ids';
import {
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  postCallback,
  ref,
  signedCallback,
  startAttempt,
  attemptOn,
} from '../helpers';
import {
  devWebhooksNaming,
  freshIp,
  globalState,
  ledgerCallbackCount,
  sandboxTxFor,
  sessionState,
} from '../hostile';
import { errorCode } from './abuse-support';
import { sessionObject } from '../objects';

afterAll(() => expectNoSecrets());

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
    const { session, started } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('otp') },
      { country_id: 3, method: 'Orange', mobile: '2250712345000' },
    );
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
    // (workerd lists every object it instantiated, written or not: compare the rest. Earlier
    // tests' late callbacks and webhooks may land meanwhile, so those count only if they name
    // this id.)
    expect((await globalState()).payouts).toBe(before.payouts);
    expect(await ledgerCallbackCount({ reference: `${id}.1` })).toBe(0);
    expect(await devWebhooksNaming(id)).toBe(0);
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
