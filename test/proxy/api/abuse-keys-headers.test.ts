// Abuse, continued (abuse.test.ts): the merchant key check, the callback timestamp window and
// source-address allowlist, and the security headers of every kind of page the proxy serves. All
// against the real proxy and sandbox; settings that differ from the test defaults
// (CALLBACK_MAX_AGE_SECONDS, CALLBACK_SOURCE_IPS) are given to the real Worker handler with a
// copy of the test env.
import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { timingSafeEqual } from '../../../shared/signing';
import { PAGE_CSP } from '../../../worker/middleware/security-headers';
import {
  BASE,
  createSession,
  expectNoSecrets,
  merchant,
  ref,
  seenBodies,
  signedCallback,
} from '../helpers';
import { ledgerCallbackCount } from '../hostile';
import { configProblems, expectBareConfigInvalid } from '../deployment/config-detail';
import { proxyWith, errorCode, kenyaSuccess, postSignedAt } from './abuse-support';

afterAll(() => expectNoSecrets());

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
    const res = await postSignedAt(
      vars,
      '/hooks/collections',
      kenyaSuccess(reference),
      offsetSeconds,
    );
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
    // The public answer names no setting; /v1/diagnostics does.
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
