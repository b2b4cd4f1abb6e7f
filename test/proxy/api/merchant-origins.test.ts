// A merchant's own page in development: with DEV_MODE (the suite's [env.dev]) any
// http://localhost:<port> or http://127.0.0.1:<port> page may call the checkout API, beside
// ALLOWED_ORIGINS; production (no DEV_MODE, real secrets) keeps exact origins only.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { originAllowed } from '../../../worker/middleware/cors';
import { BASE, checkout, createSession, ref } from '../helpers';

const PRODUCTION: Partial<ProxyEnv> = {
  DEV_MODE: undefined,
  SERVICE_SECRET_KEY: 'live-secret-0123456789',
  MERCHANT_API_KEY: 'live-merchant-key-0123456789',
  MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('0123456789abcdef01234567')}`,
  PUBLIC_BASE_URL: 'https://pay.shop.example',
  // Production requires https for these too.
  SERVICE_BASE_URL: 'https://api.payments.example',
  MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
  ALLOWED_ORIGINS: 'https://shop.example,http://127.0.0.1:8124',
};

/** A preflight for an attempt from `origin`, through the Worker's own fetch with `overrides`. */
async function preflight(origin: string, overrides: Partial<ProxyEnv> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}/v1/checkout/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa/attempts`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('development: any local http origin may use the checkout API', () => {
  it('serves a shop page on another local port (GET and preflight), with Vary: Origin', async () => {
    expect(env.DEV_MODE).toBe('1');
    expect(env.ALLOWED_ORIGINS).not.toContain('8123');
    const session = await createSession({ amount: 100, currency: 'KES', reference: ref('dev') });
    for (const origin of ['http://127.0.0.1:8123', 'http://localhost:5173', 'http://localhost']) {
      const res = await checkout(`/${session.id}`, { headers: { origin } });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toMatch(/Origin/);
      const pre = await preflight(origin);
      expect(pre.status, origin).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('still refuses what is not a local http origin', async () => {
    for (const origin of [
      'https://127.0.0.1:8123',
      'http://127.0.0.2:8123',
      'http://192.168.1.10:8123',
      'http://localhost:8123.evil.example',
      'http://evil.localhost:8123',
      'http://localhost:8123/',
      'null',
    ]) {
      const res = await preflight(origin);
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});

describe('production: exact origins only', () => {
  it('refuses a local origin that is not in ALLOWED_ORIGINS, and allows one that is', async () => {
    const refused = await preflight('http://127.0.0.1:8123', PRODUCTION);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'ORIGIN_NOT_ALLOWED',
    );
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of ['https://shop.example', 'http://127.0.0.1:8124']) {
      const allowed = await preflight(origin, PRODUCTION);
      expect(allowed.status, origin).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('originAllowed: the local rule only in development mode', () => {
    const config = {
      publicBaseUrl: 'https://pay.shop.example',
      allowedOrigins: new Set(['https://shop.example']),
    };
    const self = 'https://pay.shop.example';
    expect(originAllowed('http://localhost:3000', self, { ...config, devMode: true })).toBe(true);
    expect(originAllowed('http://localhost:3000', self, { ...config, devMode: false })).toBe(false);
    expect(originAllowed('https://shop.example', self, { ...config, devMode: false })).toBe(true);
    expect(originAllowed(undefined, self, { ...config, devMode: false })).toBe(true);
  });
});
