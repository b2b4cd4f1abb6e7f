// What a deployment may run with: its settings, and the dev routes' own checks of the request.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { webhookSecretProblem } from '../../../worker/config';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/dev-worker';
import { BASE, expectNoSecrets, seenBodies } from '../helpers';
import { configProblems, expectBareConfigInvalid } from './config-detail';

// What a deployment may run with. Each case calls the Worker's own fetch handler
// with the suite's env changed in one setting, as a deployment with that setting would run.

const LIVE = {
  SERVICE_SECRET_KEY: 'live-secret-0123456789',
  MERCHANT_API_KEY: 'live-merchant-key-0123456789',
  MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('0123456789abcdef01234567')}`,
};
const HTTPS = {
  PUBLIC_BASE_URL: 'https://pay.shop.example',
  SERVICE_BASE_URL: 'https://api.payments.example',
  MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
};

async function send(
  overrides: Partial<ProxyEnv>,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; json: { error?: { code: string; message: string } } }> {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(BASE + path, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  seenBodies.push(text);
  return { status: res.status, json: text ? JSON.parse(text) : {} };
}

const createSession = (overrides: Partial<ProxyEnv>, key: string) =>
  send(overrides, '/dev/sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ amount: 1000, currency: 'KES', reference: `dev-${Date.now()}` }),
  });

afterAll(() => expectNoSecrets([...Object.values(LIVE)]));

describe('development routes', () => {
  it('are mounted with DEV_MODE=1 and the development secrets', async () => {
    expect(env.DEV_MODE).toBe('1');
    const res = await createSession({}, '');
    expect(res.status).toBe(201);
  });

  it('are absent when DEV_MODE=1 sits beside real secrets (a deploy that kept DEV_MODE)', async () => {
    const res = await createSession({ ...LIVE, ...HTTPS }, '');
    expect(res.status).toBe(404);
    expect((await send({ ...LIVE, ...HTTPS }, '/sandbox/health')).status).toBe(404);
    expect((await send({ ...LIVE, ...HTTPS }, '/dev/webhooks')).status).toBe(404);
  });

  it('are absent without DEV_MODE, even with the development secrets', async () => {
    const res = await createSession({ DEV_MODE: undefined, ...HTTPS }, '');
    expect(res.status).toBe(404);
  });
});

describe('PUBLIC_BASE_URL', () => {
  const probe = (overrides: Partial<ProxyEnv>) =>
    send(overrides, '/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
      headers: { authorization: `Bearer ${overrides.MERCHANT_API_KEY ?? env.MERCHANT_API_KEY}` },
    });

  it('must be https outside development mode (the detail only at /v1/diagnostics)', async () => {
    const bad = { ...LIVE, ...HTTPS, PUBLIC_BASE_URL: 'http://pay.shop.example' };
    const res = await probe(bad);
    expect(res.status).toBe(500);
    expectBareConfigInvalid(res.json);
    expect(await configProblems(bad)).toMatch(/PUBLIC_BASE_URL must be an https:\/\/ URL/);
    expect((await probe({ ...LIVE, ...HTTPS })).status).toBe(404); // configured: unknown session
  });

  it('may be http in development mode', async () => {
    expect((await probe({})).status).toBe(404);
  });
});

describe('MERCHANT_WEBHOOK_SECRET', () => {
  it('must be whsec_ + base64 of at least 24 bytes, with a diagnostics message that says so', async () => {
    for (const bad of ['not-a-whsec', 'whsec_***', `whsec_${btoa('only-16-bytes!!!')}`]) {
      const res = await send({ ...LIVE, ...HTTPS, MERCHANT_WEBHOOK_SECRET: bad }, '/v1/sessions', {
        method: 'POST',
        headers: { authorization: `Bearer ${LIVE.MERCHANT_API_KEY}` },
      });
      expectBareConfigInvalid(res.json);
      const detail = await configProblems({ ...LIVE, ...HTTPS, MERCHANT_WEBHOOK_SECRET: bad });
      expect(detail).toMatch(
        /MERCHANT_WEBHOOK_SECRET must be whsec_ followed by the base64 of at least 24 random bytes/,
      );
      expect(detail).not.toContain(bad);
    }
  });

  it('accepts the development secret and a 32-byte key', () => {
    expect(webhookSecretProblem(env.MERCHANT_WEBHOOK_SECRET)).toBeNull();
    expect(webhookSecretProblem(`whsec_${btoa('x'.repeat(32))}`)).toBeNull();
    expect(webhookSecretProblem(`whsec_${btoa('x'.repeat(16))}`)).toMatch(/only 16 bytes/);
  });
});

describe('SERVICE_BASE_URL and MERCHANT_WEBHOOK_URL', () => {
  const probe = (overrides: Partial<ProxyEnv>) =>
    send({ ...LIVE, ...HTTPS, ...overrides }, '/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
      headers: { authorization: `Bearer ${LIVE.MERCHANT_API_KEY}` },
    });

  it.each([
    ['SERVICE_BASE_URL', 'http://api.payments.example'],
    ['MERCHANT_WEBHOOK_URL', 'http://shop.example/webhooks'],
  ] as const)('%s must be https outside development mode', async (name, url) => {
    const res = await probe({ [name]: url });
    expect(res.status).toBe(500);
    expectBareConfigInvalid(res.json);
    expect(await configProblems({ ...LIVE, ...HTTPS, [name]: url })).toContain(
      `${name} must be an https:// URL`,
    );
  });

  it('may be http in development mode (the sandbox and the dev inbox)', async () => {
    expect(env.SERVICE_BASE_URL).toMatch(/^http:/);
    expect(env.MERCHANT_WEBHOOK_URL).toMatch(/^http:/);
    expect(
      (
        await send({}, '/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
          headers: { authorization: `Bearer ${env.MERCHANT_API_KEY}` },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the public CONFIG_INVALID answer', () => {
  it('names no setting on any route; the merchant reads the detail at /v1/diagnostics', async () => {
    const bad = { ...LIVE, ...HTTPS, CALLBACK_SOURCE_IPS: 'not-an-ip', BRAND_COLOR: 'red' };
    for (const path of [
      '/v1/checkout/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa',
      '/pay/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa',
    ]) {
      const res = await send(bad, path);
      expect(res.status, path).toBe(500);
      expectBareConfigInvalid(res.json);
    }
    const detail = await configProblems(bad);
    expect(detail).toContain('CALLBACK_SOURCE_IPS');
    expect(detail).toContain('BRAND_COLOR');
  });
});

describe('return_url', () => {
  const create = (overrides: Partial<ProxyEnv>, key: string, returnUrl: string) =>
    send(overrides, '/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        amount: 1000,
        currency: 'KES',
        reference: `ret-${Date.now()}`,
        return_url: returnUrl,
      }),
    });

  it('may use http (on localhost) only in development mode', async () => {
    for (const url of ['http://localhost:5173/done', 'http://127.0.0.1:8080/done']) {
      const res = await create({ ...LIVE, ...HTTPS }, LIVE.MERCHANT_API_KEY, url);
      expect(res.status, url).toBe(400);
      expect(res.json).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          details: { issues: [{ path: 'return_url', message: 'return_url must be an https URL' }] },
        },
      });
    }
    expect((await create({}, env.MERCHANT_API_KEY, 'http://localhost:5173/done')).status).toBe(201);
  });
});

// The dev routes trust the request, not only a setting: in development mode (the suite's
// [env.dev], PUBLIC_BASE_URL http://127.0.0.1:8787) `/dev/*`, `/sandbox/*` and the dev inbox
// answer a request whose Host is 127.0.0.1, localhost or [::1] on the dev port, and 404 any
// other Host: a dev stack behind a tunnel or reached by DNS rebinding carries the outside name.

afterAll(() => expectNoSecrets());

/** The dev routes, each with a request that answers below 300 from a loopback Host. */
const DEV_ROUTES: [string, RequestInit][] = [
  ['/dev/webhooks', {}],
  ['/sandbox/health', {}],
  ['/dev/webhooks/status/204', { method: 'POST', body: '{}' }],
  [
    '/dev/sessions',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100, currency: 'KES', reference: `dev-host-${Date.now()}` }),
    },
  ],
];

/** Sends each dev route to `origin` (its URL's host), with `headers` added. */
async function statuses(origin: string, headers: Record<string, string> = {}) {
  const out: Record<string, number> = {};
  for (const [path, init] of DEV_ROUTES) {
    const request = new Request(origin + path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...headers },
    });
    const res = await exports.default.fetch(request);
    seenBodies.push(await res.text());
    out[path] = res.status;
  }
  return out;
}

describe('the dev routes by the request Host (development mode)', () => {
  it.each(['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787'])(
    'answer %s',
    async (origin) => {
      for (const [path, status] of Object.entries(await statuses(origin))) {
        expect(status, `${origin}${path}`).toBeLessThan(300);
      }
    },
  );

  it.each([
    'http://abc.trycloudflare.com', // a tunnel
    'http://rebind.attacker.example:8787', // DNS rebinding: a name that resolves to 127.0.0.1
    'http://localhost.attacker.example:8787',
    'http://127.0.0.1:9999', // another port: not this dev stack's address
    'http://127.0.0.2:8787',
    'http://192.168.1.20:8787', // the LAN address of the developer's machine
  ])('answer %s with 404, in the shape of an unknown route', async (origin) => {
    expect(await statuses(origin)).toEqual(
      Object.fromEntries(DEV_ROUTES.map(([path]) => [path, 404])),
    );
    const res = await exports.default.fetch(new Request(`${origin}/dev/webhooks`));
    expect(await res.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'There is no route for GET /dev/webhooks.' },
    });
  });

  it('a loopback URL with another Host header is refused too', async () => {
    const routes = await statuses('http://127.0.0.1:8787', { host: 'tunnel.example' });
    expect(Object.values(routes)).toEqual(DEV_ROUTES.map(() => 404));
  });

  it('the rest of the proxy answers any Host', async () => {
    const res = await exports.default.fetch(new Request('http://abc.trycloudflare.com/health'));
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });
});
