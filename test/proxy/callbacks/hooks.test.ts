import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE, expectNoSecrets, postCallback, signedCallback } from '../helpers';

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
