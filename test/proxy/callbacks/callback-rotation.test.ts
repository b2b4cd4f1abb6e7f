// An upstream secret rotates with an overlap. During the overlap a callback
// verifies under the current or the previous SERVICE_SECRET_KEY; after SERVICE_SECRET_KEY_PREVIOUS_UNTIL
// only under the current one. Each case calls the Worker's own fetch handler with the suite's
// env changed as a production deployment in the middle of a rotation would run.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../../shared/signing';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { BASE, expectNoSecrets, ref, seenBodies } from '../helpers';
import { projectScheme } from '../money';

const OLD = 'retired-upstream-secret-9876543210';
const NEW = 'rotated-upstream-secret-0123456789';
const PRODUCTION = {
  MERCHANT_API_KEY: 'live-merchant-key-0123456789',
  MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('0123456789abcdef01234567')}`,
  PUBLIC_BASE_URL: 'https://pay.shop.example',
  SERVICE_BASE_URL: 'https://api.payments.example',
  MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
  SERVICE_SECRET_KEY: NEW,
  SERVICE_SECRET_KEY_PREVIOUS: OLD,
};

afterAll(() => expectNoSecrets([NEW, PRODUCTION.MERCHANT_API_KEY]));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A payout callback for a reference nobody here created (kept in the ledger), signed by `secretKey`. */
async function postSigned(overrides: Partial<ProxyEnv>, secretKey: string) {
  const reference = ref('rot');
  const envelope = await signEnvelope(
    {
      amount: 100,
      currency: 'UGX',
      mobile: '256772111999',
      payment_method_type: 'mobile money',
      payment_reference: reference,
      payment_step: 2,
      reference: `SBX-${reference}`,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: reference,
    },
    { clientId: 'test-client', sender: 'Test Shop', secretKey, scheme: projectScheme() },
  );
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}/hooks/payouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(envelope),
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...PRODUCTION, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  seenBodies.push(text);
  return { status: res.status, json: JSON.parse(text) as { error?: { code: string } } };
}

describe('callbacks during a rotation of SERVICE_SECRET_KEY', () => {
  it('verify under the old and the new upstream secret during the overlap', async () => {
    const during = { SERVICE_SECRET_KEY_PREVIOUS_UNTIL: inDays(7) };
    expect(await postSigned(during, NEW)).toMatchObject({ status: 200 });
    expect(await postSigned(during, OLD)).toMatchObject({ status: 200 });
    expect(await postSigned(during, 'some-other-secret')).toMatchObject({
      status: 401,
      json: { error: { code: 'SIGNATURE_INVALID' } },
    });
  });

  it('verify only under the new one after SERVICE_SECRET_KEY_PREVIOUS_UNTIL', async () => {
    const after = { SERVICE_SECRET_KEY_PREVIOUS_UNTIL: inDays(-1 / 24) };
    expect(await postSigned(after, NEW)).toMatchObject({ status: 200 });
    expect(await postSigned(after, OLD)).toMatchObject({
      status: 401,
      json: { error: { code: 'SIGNATURE_INVALID' } },
    });
  });

  it('a previous secret without an end, or with an end over 30 days away, is a configuration error', async () => {
    for (const until of [undefined, 'next week', inDays(31)]) {
      const res = await postSigned({ SERVICE_SECRET_KEY_PREVIOUS_UNTIL: until }, NEW);
      expect(res.status).toBe(500);
      expect(res.json.error?.code).toBe('CONFIG_INVALID');
    }
  });
});
