// The sandbox's payout endpoint (POST /api/v1/sandbox/payouts; the spec does not show the real
// one): signed envelope, the last-three-digits table, payout callbacks with the spec's payout
// field set, status queries of type payout, and the wallet debit.
import { describe, expect, it } from 'vitest';
import {
  call,
  CREDENTIALS,
  MESSAGES,
  PATHS,
  receiver,
  signedPost,
  statusQuery,
  uniqueRef,
  waitForStatus,
} from './client/client';
import { signatureOf } from './client/signer';

const PAYOUT_FIELDS = [
  'amount',
  'currency',
  'mobile',
  'payment_method_type',
  'payment_reference',
  'payment_step',
  'reference',
  'status',
  'statusCode',
  'third_party_reference_1',
];

function payoutParams(url: string, ending: string, extra: Record<string, unknown> = {}) {
  return {
    amount: 2500,
    currency: 'UGX',
    mobile: `256772111${ending}`,
    payment_method_type: 'mtn',
    third_party_reference_1: uniqueRef('po'),
    payment_reference: uniqueRef('pay'),
    client_callback_url: url,
    ...extra,
  };
}

async function payout(ending: string, extra: Record<string, unknown> = {}) {
  const hook = receiver();
  const params = payoutParams(hook.url, ending, extra);
  const created = await signedPost(PATHS.payouts, params);
  expect(created.status, created.headers.get('x-sandbox-reason') ?? '').toBe(200);
  return { hook, params, created, ref: created.body.data.reference as string };
}

describe.concurrent('payouts', () => {
  it('creation answers the payout data, pending, payment_step 1', async () => {
    const { created, params, ref } = await payout('000');
    expect(created.body).toEqual({
      success: true,
      message: 'Payout request accepted and is being processed.',
      status_code: '000000',
      data: {
        reference: ref,
        amount: 2500,
        currency: 'UGX',
        mobile: params.mobile,
        payment_method_type: 'mtn',
        third_party_reference_1: params.third_party_reference_1,
        payment_reference: params.payment_reference,
        client_callback_url: params.client_callback_url,
        status: 'pending',
        payment_step: 1,
      },
    });
    expect(ref).toMatch(/^SBXP-[A-Z0-9]{12}$/);
  });

  it('000: a signed success callback with the payout field set', async () => {
    const { hook, params, ref } = await payout('000');
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.signature).toBe(await signatureOf(callback!.body, CREDENTIALS.secret));
    expect(Object.keys(callback!.body.params).sort()).toEqual(PAYOUT_FIELDS);
    expect(callback!.body.params).toEqual({
      amount: 2500,
      currency: 'UGX',
      mobile: params.mobile,
      payment_method_type: 'mtn',
      payment_reference: params.payment_reference,
      payment_step: 2,
      reference: ref,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: params.third_party_reference_1,
    });
  });

  it('001: failed callback with failureReason PO-001', async () => {
    const { hook } = await payout('001');
    const [callback] = await hook.waitFor(1);
    expect(Object.keys(callback!.body.params).sort()).toEqual(
      [...PAYOUT_FIELDS, 'failureReason'].sort(),
    );
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PO-001', failureMessage: expect.any(String) },
    });
  });

  it('002: timeout: status 000006 and a failed callback', async () => {
    const { hook, ref } = await payout('002');
    await hook.waitFor(1);
    expect((await statusQuery(ref, 'payout')).body.data).toMatchObject({
      status: 'failed',
      status_code: '000006',
      failureReason: { failureCode: 'PO-002' },
    });
  });

  it('003: no callback, status query success; 004: three callbacks; 005: pending forever', async () => {
    const silent = await payout('003');
    const triple = await payout('004');
    const stuck = await payout('005');
    await waitForStatus(silent.ref, 'payout', '000000');
    expect(await triple.hook.waitFor(3)).toHaveLength(3);
    expect(await silent.hook.settled()).toHaveLength(0);
    expect(await stuck.hook.settled()).toHaveLength(0);
    expect((await statusQuery(stuck.ref, 'payout')).body.data.status_code).toBe('000001');
  });

  it('status query of type payout by third_party_reference_1, payment_reference and reference', async () => {
    const { params, ref } = await payout('000');
    await waitForStatus(ref, 'payout', '000000');
    for (const id of [params.third_party_reference_1, params.payment_reference, ref]) {
      const got = await statusQuery(id, 'payout');
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({
        ref,
        payee: params.mobile,
        fee: 25,
        payment_reference: params.payment_reference,
        callback_url: params.client_callback_url,
      });
    }
    const asPayin = await statusQuery(ref, 'payin');
    expect(asPayin.status).toBe(400);
    expect(asPayin.body.message).toBe(MESSAGES.statusNotFound);
  });

  it('refuses a duplicate reference, a decimal amount, an unknown currency, a foreign phone', async () => {
    const { params } = await payout('000');
    const refusals = [
      {
        ...payoutParams(params.client_callback_url, '000'),
        third_party_reference_1: params.third_party_reference_1,
      },
      payoutParams(params.client_callback_url, '000', { amount: 10.5 }),
      payoutParams(params.client_callback_url, '000', { currency: 'EUR' }),
      payoutParams(params.client_callback_url, '000', { mobile: '254712111000' }),
      payoutParams(params.client_callback_url, '000', { client_callback_url: 'not a url' }),
    ];
    for (const refused of refusals) {
      const got = await signedPost(PATHS.payouts, refused);
      expect(got.status).toBe(400);
      expect(got.body).toEqual({ success: false, message: MESSAGES.collectionRefused });
    }
  });

  it('refuses a payout larger than the wallet balance', async () => {
    const hook = receiver();
    const got = await signedPost(
      PATHS.payouts,
      payoutParams(hook.url, '000', { amount: 2_000_000 }),
    );
    expect(got.status).toBe(400);
    expect(got.body).toEqual({
      success: false,
      message: 'Insufficient wallet balance for this payout.',
    });
  });

  it('a payout the same reference as a collection is fine (references are per type)', async () => {
    const hook = receiver();
    const reference = uniqueRef('shared');
    const collection = await signedPost(PATHS.collections, {
      amount: 100,
      country_id: 11,
      currency: 'UGX',
      payment_method_type: 'mtn',
      mobile: '256772111000',
      callback_url: hook.url,
      third_party_reference_1: reference,
    });
    expect(collection.status).toBe(200);
    const got = await signedPost(
      PATHS.payouts,
      payoutParams(hook.url, '000', { third_party_reference_1: reference }),
    );
    expect(got.status).toBe(200);
    expect((await statusQuery(reference, 'payout')).body.data.ref).toBe(got.body.data.reference);
    expect((await statusQuery(reference, 'payin')).body.data.ref).toBe(
      collection.body.data.depositId,
    );
  });

  it('the envelope is checked (403)', async () => {
    const got = await call('POST', PATHS.payouts, { client_id: 'x' });
    expect(got.status).toBe(403);
    expect(got.body.message).toBe(MESSAGES.notVerified);
  });
});
