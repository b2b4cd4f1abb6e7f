import { exports } from 'cloudflare:workers';
import { expect, it } from 'vitest';

it('the sandbox answers its health route inside workerd', async () => {
  const res = await exports.default.fetch('http://sandbox.test/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true, service: 'sandbox' });
});
