import { exports } from 'cloudflare:workers';
import { expect, it } from 'vitest';

it('the proxy answers its health route and its 404s in the error shape', async () => {
  const ok = await exports.default.fetch('http://proxy.test/health');
  expect(ok.status).toBe(200);
  const missing = await exports.default.fetch('http://proxy.test/nope');
  expect(missing.status).toBe(404);
  expect(await missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
});

it('the sandbox auxiliary worker is reachable through the UPSTREAM binding', async () => {
  const { env } = await import('cloudflare:workers');
  const res = await env.UPSTREAM!.fetch('http://sandbox.internal/health');
  expect(await res.json()).toEqual({ ok: true, service: 'sandbox' });
});
