// CALLBACK_MAX_AGE_SECONDS on every hosted callback route, the callback URL of a link the proxy
// created (/hooks/payment-links/:link) included: a callback signed outside the window is refused
// and stored nowhere, unless it is an exact retry of one already recorded, which keeps its 200.
import { afterAll, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../../shared/signing';
import { expectNoSecrets, ref } from '../helpers';
import { errorCode, kenyaSuccess, proxyWith } from '../api/abuse-support';
import { createOurLink, paid } from '../links/support';

afterAll(() => expectNoSecrets());

const WINDOW = { CALLBACK_MAX_AGE_SECONDS: '300' };
const DAY_AGO = -86_400;

/** Posts `params`, signed `offsetSeconds` from now, to `path` with the window set. */
async function postSigned(path: string, params: Record<string, unknown>, offsetSeconds = 0) {
  const body = await signEnvelope(
    params,
    { clientId: 'test-client', sender: 'Test Shop', secretKey: 'test-secret' },
    Date.now() + offsetSeconds * 1000,
  );
  const res = await proxyWith(WINDOW, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    code: res.ok ? null : await errorCode(res),
    duplicate: res.ok ? ((await res.json()) as { duplicate: boolean }).duplicate : null,
  };
}

/** Each callback route with params of a payment nobody recorded yet. */
async function routes(): Promise<[string, Record<string, unknown>][]> {
  // The proxy's id of the link names its callback URL; the upstream's is the payments' reference.
  const { linkId, body } = await createOurLink();
  const upstream = () => `SBX-${ref('age')}`;
  return [
    ['/hooks/collections', kenyaSuccess(ref('age'))],
    ['/hooks/payouts', { ...kenyaSuccess(ref('age')), payment_reference: upstream() }],
    ['/hooks/payment-links', paid(upstream())],
    [
      `/hooks/payment-links/${body.id as string}`,
      paid(upstream(), { third_party_reference_1: linkId }),
    ],
  ];
}

describe('CALLBACK_MAX_AGE_SECONDS on every callback route', () => {
  it('refuses a callback signed a day ago, and stores nothing of it', async () => {
    for (const [path, params] of await routes()) {
      expect(await postSigned(path, params, DAY_AGO), path).toEqual({
        status: 401,
        code: 'TIMESTAMP_OUT_OF_RANGE',
        duplicate: null,
      });
      // Nothing was kept: the same callback inside the window is new.
      expect(await postSigned(path, params), path).toEqual({
        status: 200,
        code: null,
        duplicate: false,
      });
    }
  });

  it('answers 200 to an exact retry of a recorded callback, re-signed a day ago', async () => {
    for (const [path, params] of await routes()) {
      expect((await postSigned(path, params)).duplicate, path).toBe(false);
      expect(await postSigned(path, params, DAY_AGO), path).toEqual({
        status: 200,
        code: null,
        duplicate: true,
      });
    }
  });
});
