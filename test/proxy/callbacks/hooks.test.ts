// The hosted callback routes (/hooks/*): verification before anything else, the envelope's root
// keys, and the age window of a signed callback.

import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE, expectNoSecrets, postCallback, signedCallback, sentPhones, ref } from '../helpers';
import { sign } from '../../../shared/signing';
import { errorCode, kenyaSuccess, postSignedAt } from '../api/abuse-support';
import { createOurLink, paid } from '../links/support';

afterAll(() => expectNoSecrets());

const success = (reference: string) => ({
  amount: 1500,
  depositId: `DP-${reference}`,
  mobile: '254712345000',
  name: 'Amina W',
  payment_step: 2,
  reference: `TX-${reference}`,
  status: 'success',
  statusCode: '000000',
  third_party_reference_1: reference,
  third_party_reference_2: 'order-42',
});

async function ledgerCallbacks(reference: string) {
  const ledger = env.LEDGER.get(env.LEDGER.idFromName('ledger'));
  return ledger.listCallbacks({ reference });
}

describe('hosted callbacks: verification before anything else', () => {
  it('stores a valid callback for a reference we never issued, once; a duplicate answers 200', async () => {
    const reference = `foreign-${Date.now()}`;
    const body = await signedCallback(success(reference));
    const first = await postCallback('/hooks/collections', body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    // The same params re-signed with a fresh salt and timestamp are still a duplicate.
    const again = await postCallback(
      '/hooks/collections',
      await signedCallback(success(reference)),
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await ledgerCallbacks(reference)).toHaveLength(1);
  });

  it('refuses a forged callback (wrong secret) with 401 and stores nothing', async () => {
    const reference = `forged-${Date.now()}`;
    const res = await postCallback(
      '/hooks/collections',
      await signedCallback(success(reference), 'guess'),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'SIGNATURE_INVALID' } });
    expect(await ledgerCallbacks(reference)).toHaveLength(0);
  });

  it('refuses a tampered callback (any field changed after signing) with 401', async () => {
    const reference = `tampered-${Date.now()}`;
    const body = await signedCallback(success(reference));
    const tampered = [
      { ...body, params: { ...body.params, amount: 1 } },
      { ...body, params: { ...body.params, status: 'failed' } },
      { ...body, timestamp: body.timestamp + 1 },
      { ...body, salt: `${body.salt}x` },
      { ...body, client_id: 'other' },
      { ...body, signature: body.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...body, signature: undefined },
    ];
    for (const forged of tampered) {
      const res = await postCallback('/hooks/collections', forged);
      expect(res.status, JSON.stringify(forged).slice(0, 80)).toBe(401);
    }
    expect(await ledgerCallbacks(reference)).toHaveLength(0);
  });

  it('refuses a malformed callback with 400 (bad JSON, non-object, bad params) and 415 on a wrong type', async () => {
    expect((await postCallback('/hooks/collections', '{"params":')).status).toBe(400);
    expect((await postCallback('/hooks/collections', '[1,2]')).status).toBe(400);
    const noParams = await signedCallback({ payment_step: 'two' });
    const res = await postCallback('/hooks/collections', noParams);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const plain = await exports.default.fetch(
      new Request(`${BASE}/hooks/payouts`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(noParams),
      }),
    );
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('stores payout and payment-link callbacks in the ledger', async () => {
    const reference = `po-${Date.now()}`;
    const payout = await signedCallback({
      amount: 2500,
      currency: 'UGX',
      mobile: '256772000001',
      payment_method_type: 'mtn',
      payment_reference: reference,
      payment_step: 2,
      reference: 'TX-PO-5',
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: reference,
    });
    const res = await postCallback('/hooks/payouts', payout);
    expect(res.status).toBe(200);
    const stored = await ledgerCallbacks(reference);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'payout', status: 'success' });
  });
});

// Callback envelope root keys: the upstream may
// add root fields. One the signature covers (the canonical string covers whatever keys the
// envelope carries) is accepted, stored by its params and ignored; one added after signing
// does not verify (401) and nothing is stored.

sentPhones.add('254712345000');

/** A correctly signed envelope carrying one more root key. */
async function withExtraRootKey(reference: string, key: string, value: unknown) {
  const { signature: _dropped, ...unsigned } = await signedCallback(success(reference));
  const envelope = { ...unsigned, [key]: value };
  return { ...envelope, signature: await sign(envelope, 'test-secret') };
}

describe('callback envelope root keys', () => {
  it('accepts a signed envelope with a seventh root key (200, stored, the key ignored)', async () => {
    for (const [key, value] of [
      ['status', 'failed'],
      ['amount', 1],
      ['meta', { note: 'x' }],
    ] as const) {
      const reference = `extra-root-${key}-${Date.now()}`;
      const res = await postCallback(
        '/hooks/collections',
        await withExtraRootKey(reference, key, value),
      );
      expect(res.status, key).toBe(200);
      const kept = JSON.stringify(await ledgerCallbacks(reference));
      expect(kept, key).toContain(reference);
      // The root key changed nothing: the params (a success) are what was stored.
      expect(kept).not.toContain('"meta"');
    }
  });

  it('refuses a root key added after signing (401, nothing stored)', async () => {
    const reference = `unsigned-root-${Date.now()}`;
    const body = { ...(await signedCallback(success(reference))), version: '2' };
    const res = await postCallback('/hooks/collections', body);
    expect(res.status).toBe(401);
    expect(await ledgerCallbacks(reference)).toHaveLength(0);
  });

  it('still accepts the six keys', async () => {
    const reference = `six-keys-${Date.now()}`;
    const body = await signedCallback(success(reference));
    expect(Object.keys(body).sort()).toEqual([
      'client_id',
      'params',
      'salt',
      'sender',
      'signature',
      'timestamp',
    ]);
    const res = await postCallback('/hooks/collections', body);
    expect(res.status).toBe(200);
  });
});

// CALLBACK_MAX_AGE_SECONDS on every hosted callback route, the callback URL of a link the proxy
// created (/hooks/payment-links/:link) included: a callback signed outside the window is refused
// and stored nowhere, unless it is an exact retry of one already recorded, which keeps its 200.

const WINDOW = { CALLBACK_MAX_AGE_SECONDS: '300' };
const DAY_AGO = -86_400;

/** Posts `params`, signed `offsetSeconds` from now, to `path` with the window set. */
async function postSigned(path: string, params: Record<string, unknown>, offsetSeconds = 0) {
  const res = await postSignedAt(WINDOW, path, params, offsetSeconds);
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
