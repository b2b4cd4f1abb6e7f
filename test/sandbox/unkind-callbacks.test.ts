// Unkind callbacks and transfers: extra signed callbacks with overrides for an
// existing transaction (POST /control/transactions/:ref/callback), callbacks for references
// the sandbox never issued (POST /control/callbacks, GET /control/callbacks/:id), and virtual
// accounts paid short / exact / over or confirmed late (a transfer just before expiry confirmed
// after it is in timers.test.ts, beside the expiry it waits for).
import { describe, expect, it } from 'vitest';
import {
  call,
  controlTransaction,
  CREDENTIALS,
  PATHS,
  receiver,
  SCALE,
  signedPost,
  statusQuery,
  type Callback,
} from './client/client';
import { kenyaParams, openAccount } from './client/fixtures';
import { signatureOf } from './client/signer';

const MINUTE = 60_000 / SCALE;

/** A correctly signed envelope from the integration. */
async function expectSigned(callback: Callback) {
  expect(Object.keys(callback.body).sort()).toEqual(
    ['client_id', 'params', 'salt', 'sender', 'signature', 'timestamp'].sort(),
  );
  expect(callback.body.client_id).toBe(CREDENTIALS.clientId);
  expect(callback.body.sender).toBe(CREDENTIALS.sender);
  expect(callback.body.signature).toBe(await signatureOf(callback.body, CREDENTIALS.secret));
}

async function collect(ending: string, hook = receiver()) {
  const params = kenyaParams(hook.url, ending);
  const created = await signedPost(PATHS.collections, params);
  expect(created.status).toBe(200);
  return { hook, params, ref: created.body.data.depositId as string };
}

const extra = (ref: string, body: unknown) =>
  call('POST', `/control/transactions/${ref}/callback`, body);

describe.concurrent('POST /control/transactions/:ref/callback', () => {
  it('a short success with differing non-key fields, signed, the record unchanged', async () => {
    const { hook, params, ref } = await collect('000');
    const [terminal] = await hook.waitFor(1);
    const sent = await extra(ref, {
      params: { amount: 1000, name: 'A. N. Other', mobile: '+254 711 111 000' },
      omit: ['third_party_reference_2'],
    });
    expect(sent.status).toBe(202);
    expect(sent.body.delivery_id).toEqual(expect.any(Number));
    expect(sent.body.url).toBe(hook.url);
    const expected = {
      amount: 1000,
      depositId: ref,
      mobile: '+254 711 111 000',
      name: 'A. N. Other',
      payment_step: 2,
      reference: ref,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: params.third_party_reference_1,
    };
    expect(sent.body.params).toEqual(expected);
    const calls = await hook.waitFor(2);
    await expectSigned(calls[1]!);
    expect(calls[1]!.body.params).toEqual(expected);
    expect(calls[1]!.body.signature).not.toBe(terminal!.body.signature);
    const view = await controlTransaction(ref);
    expect(view).toMatchObject({ status: 'success', amount: 1500, settled_amount: null });
    expect(view.callbacks.map((c: { reason: string }) => c.reason)).toEqual(['terminal', 'extra']);
    expect((await statusQuery(ref, 'payin')).body.data).toMatchObject({ amount: 1500, fee: 22.5 });
  });

  it('a foreign reference, a decimal amount, a non-terminal step: each as asked', async () => {
    const { hook, ref } = await collect('000');
    await hook.waitFor(1);
    const foreign = await extra(ref, {
      params: { reference: 'SBX-NOTOURS00001', depositId: 'SBX-NOTOURS00001', amount: 1500.5 },
    });
    const step1 = await extra(ref, {
      params: { payment_step: 1, status: 'pending', statusCode: '000001' },
    });
    const textAmount = await extra(ref, { params: { amount: '1500.00' } });
    for (const sent of [foreign, step1, textAmount]) expect(sent.status).toBe(202);
    const calls = await hook.waitFor(4);
    const byDelivery = new Map(calls.slice(1).map((c) => [JSON.stringify(c.body.params), c]));
    for (const sent of [foreign, step1, textAmount]) {
      const got = byDelivery.get(JSON.stringify(sent.body.params));
      expect(got, JSON.stringify(sent.body.params)).toBeDefined();
      await expectSigned(got!);
    }
    expect(foreign.body.params).toMatchObject({
      reference: 'SBX-NOTOURS00001',
      amount: 1500.5,
      status: 'success',
    });
    expect(step1.body.params).toMatchObject({ reference: ref, payment_step: 1, status: 'pending' });
    expect(textAmount.body.params.amount).toBe('1500.00');
  });

  it('a failed callback after a success (a contradiction); the transaction stays success', async () => {
    const { hook, ref } = await collect('000');
    await hook.waitFor(1);
    const sent = await extra(ref, {
      params: {
        status: 'failed',
        statusCode: '000005',
        failureReason: { failureCode: 'PM-001', failureMessage: 'Declined after all.' },
      },
    });
    expect(sent.status).toBe(202);
    const calls = await hook.waitFor(2);
    await expectSigned(calls[1]!);
    expect(calls[1]!.body.params).toMatchObject({
      reference: ref,
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-001', failureMessage: 'Declined after all.' },
    });
    expect((await statusQuery(ref, 'payin')).body.data.status).toBe('success');
  });

  it('on a pending transaction the base is a non-terminal notice (payment_step 1)', async () => {
    const { hook, ref } = await collect('005');
    const sent = await extra(ref, {});
    expect(sent.status).toBe(202);
    expect(sent.body.params).toMatchObject({
      reference: ref,
      payment_step: 1,
      status: 'pending',
      statusCode: '000001',
    });
    const [callback] = await hook.waitFor(1);
    await expectSigned(callback!);
    expect(callback!.body.params).toEqual(sent.body.params);
    expect((await controlTransaction(ref)).status).toBe('pending');
  });

  it('goes through the delivery retries (non-200 answers are retried)', async () => {
    const hook = receiver({ fail: 2 });
    const { ref } = await collect('005', hook);
    const sent = await extra(ref, { params: { status: 'success', statusCode: '000000' } });
    const calls = await hook.waitFor(3);
    expect(calls.map((c) => c.answered)).toEqual([500, 500, 200]);
    expect(new Set(calls.map((c) => c.body.signature)).size).toBe(1);
    const delivery = await call('GET', `/control/callbacks/${sent.body.delivery_id}`);
    expect(delivery.status).toBe(200);
    expect(delivery.body.callback).toMatchObject({
      id: sent.body.delivery_id,
      ref,
      reason: 'extra',
      attempts: 3,
      last_status: 200,
    });
    expect(delivery.body.callback.delivered_at).not.toBeNull();
  });

  it('payment-link payments are addressable: repeated callbacks with differing names', async () => {
    const hook = receiver();
    const link = await signedPost(PATHS.linkCreate, {
      business_name: 'Corner Shop',
      item_name: 'Poster A2',
      callback_url: hook.url,
      redirection_url: 'https://shop.example/thanks',
      currency: 'KES',
      amount: 1200,
      country_id: 1,
    });
    const paid = await call(
      'POST',
      `/links/${link.body.data.id}/pay`,
      'phone=254712345000&first_name=Amina&last_name=Wanjiru&payment_type=send+money',
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    const ref = new URL(paid.headers.get('location')!).searchParams.get('reference')!;
    await hook.waitFor(1);
    expect((await extra(ref, { params: { name: 'AMINA WANJIRU' } })).status).toBe(202);
    expect(
      (await extra(ref, { params: { name: 'Wanjiru Amina', mobile: '0712345000' } })).status,
    ).toBe(202);
    const calls = await hook.waitFor(3);
    const names = calls.map((c) => c.body.params.name).sort();
    expect(names).toEqual(['AMINA WANJIRU', 'Amina Wanjiru', 'Wanjiru Amina']);
    for (const c of calls) {
      await expectSigned(c);
      expect(c.body.params).toMatchObject({
        reference: ref,
        third_party_reference_1: link.body.data.id,
      });
    }
  });

  it('bad input answers 400 in the error shape and sends nothing', async () => {
    const { hook, ref } = await collect('005');
    const bad: unknown[] = [
      { params: [] },
      { params: 'amount=1000' },
      { omit: 'name' },
      { omit: [''] },
      { params: {}, url: 'http://receiver.test/elsewhere' },
      [],
    ];
    for (const body of bad) {
      const got = await extra(ref, body);
      expect(got.status, JSON.stringify(body)).toBe(400);
      expect(got.body.error.code).toBe('VALIDATION_FAILED');
    }
    const notJson = await extra(ref, 'params=');
    expect(notJson.body.error.code).toBe('INVALID_JSON');
    const missing = await extra('SBX-NOSUCHREF00', {});
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    expect(await hook.settled()).toHaveLength(0);
    expect((await controlTransaction(ref)).callbacks).toEqual([]);
  });
});

describe.concurrent('POST /control/callbacks (a reference the sandbox never issued)', () => {
  it('delivers exactly the given params, signed, to the given URL', async () => {
    const hook = receiver();
    const params = {
      amount: 2500,
      currency: 'UGX',
      mobile: '256772111000',
      payment_method_type: 'mtn',
      payment_reference: 'pay-unknown',
      payment_step: 2,
      reference: 'SBXP-NEVERISSUED',
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: 'po-unknown',
    };
    const sent = await call('POST', '/control/callbacks', { url: hook.url, params });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ delivery_id: expect.any(Number), url: hook.url, params });
    const [callback] = await hook.waitFor(1);
    await expectSigned(callback!);
    expect(callback!.body.params).toEqual(params);
    const delivery = await call('GET', `/control/callbacks/${sent.body.delivery_id}`);
    expect(delivery.body.callback).toMatchObject({ ref: '-', reason: 'foreign', attempts: 1 });
    const status = await statusQuery('SBXP-NEVERISSUED', 'payout');
    expect(status.status).toBe(400);
  });

  it('bad input answers 400 and sends nothing; an unknown delivery id is 404', async () => {
    const hook = receiver();
    const bad: unknown[] = [
      { url: hook.url },
      { params: { reference: 'x' } },
      { url: 'ftp://receiver.test/hooks/x', params: {} },
      { url: 'not a url', params: {} },
      { url: hook.url, params: [] },
      { url: hook.url, params: {}, extra: true },
    ];
    for (const body of bad) {
      const got = await call('POST', '/control/callbacks', body);
      expect(got.status, JSON.stringify(body)).toBe(400);
      expect(got.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await hook.settled()).toHaveLength(0);
    for (const id of ['abc', '0', '99999999999']) {
      const got = await call('GET', `/control/callbacks/${id}`);
      expect(got.status).toBe(404);
      expect(got.body.error.code).toBe('NOT_FOUND');
    }
  });
});

const pay = (account: string, body: Record<string, unknown>) =>
  call('POST', `/control/virtual-accounts/${account}/pay`, body);

describe.concurrent('virtual accounts: short, exact, over, late confirmation', () => {
  it('short (the default): credited as paid, success with the short amount', async () => {
    const { hook, ref, account } = await openAccount(5000);
    const paid = await pay(account, { amount: 4000 });
    expect(paid.status).toBe(200);
    expect(paid.body.transfer).toMatchObject({
      paid: 4000,
      credited: 4000,
      reversed: 0,
      outcome: 'short',
    });
    expect(paid.body.transaction).toMatchObject({
      status: 'success',
      amount: 5000,
      settled_amount: 4000,
    });
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      amount: 4000,
      status: 'success',
    });
    expect((await statusQuery(ref, 'payin')).body.data).toMatchObject({
      amount: 4000,
      fee: 60,
      status: 'success',
    });
  });

  it('exact and over: the expected amount is credited and reported', async () => {
    const exact = await openAccount(5000);
    const over = await openAccount(5000);
    const a = await pay(exact.account, { amount: 5000 });
    const b = await pay(over.account, { amount: 7000, underpayment: 'reverse' });
    expect(a.body.transfer).toMatchObject({ credited: 5000, reversed: 0, outcome: 'credited' });
    expect(b.body.transfer).toMatchObject({ credited: 5000, reversed: 2000, outcome: 'credited' });
    const [ca] = await exact.hook.waitFor(1);
    const [cb] = await over.hook.waitFor(1);
    expect(ca!.body.params.amount).toBe(5000);
    expect(cb!.body.params.amount).toBe(5000);
    expect(b.body.transaction.settled_amount).toBeNull();
  });

  it('settle_after_ms: the transfer is recorded now, the success lands later', async () => {
    const { hook, ref, account } = await openAccount(5000);
    const paidAt = Date.now();
    const paid = await pay(account, { amount: 4500, settle_after_ms: 3 * 60_000 });
    expect(paid.status).toBe(200);
    expect(paid.body.transfer).toMatchObject({ credited: 4500, outcome: 'short' });
    expect(paid.body.transaction).toMatchObject({
      status: 'pending',
      planned: { outcome: 'success', amount: 4500 },
    });
    expect((await statusQuery(ref, 'payin')).body.data.status_code).toBe('000001');
    const again = await pay(account, { amount: 5000 });
    expect(again.status).toBe(409);
    const [callback] = await hook.waitFor(1);
    expect(callback!.at - paidAt).toBeGreaterThanOrEqual(3 * MINUTE);
    expect(callback!.body.params).toMatchObject({ amount: 4500, status: 'success' });
    expect((await controlTransaction(ref)).transfers).toHaveLength(1);
  });

  it('bad input answers 400 and records no transfer', async () => {
    const { account, ref } = await openAccount(5000);
    const bad: Record<string, unknown>[] = [
      { amount: 4000, underpayment: 'refund' },
      { amount: 4000, settle_after_ms: -1 },
      { amount: 4000, settle_after_ms: '60000' },
      { amount: 4000, settleAfterMs: 1000 },
      { amount: 0 },
    ];
    for (const body of bad) {
      const got = await pay(account, body);
      expect(got.status, JSON.stringify(body)).toBe(400);
      expect(got.body.error.code).toBe('VALIDATION_FAILED');
    }
    const view = await controlTransaction(ref);
    expect(view).toMatchObject({ status: 'pending', stage: 'awaiting_transfer', transfers: [] });
  });
});
