import { expect, it } from 'vitest';
import { sandbox } from './worker';

it('the sandbox answers its health route inside workerd', async () => {
  const res = await sandbox.fetch('http://sandbox.test/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true, service: 'sandbox' });
});
