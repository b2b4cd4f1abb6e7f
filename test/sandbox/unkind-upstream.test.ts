// The upstream's worst legal answers on demand: a status query saying "not created" for a
// transaction that exists, an OTP applied whose answer is lost (or one lost before it arrived), references that are not one
// value, a success callback without some fields, payout funds locked at creation, and no
// resend of a callback answered 200. Settings are scoped to this file's receiver buckets
// (callback_url_prefix), so concurrent files see none of them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  controlTransaction,
  CREDENTIALS,
  MESSAGES,
  PATHS,
  receiver,
  signedPost,
  statusQuery,
  uniqueRef,
  waitForStatus,
} from './client/client';
import { collectionParams, countryOf, kenyaParams, methodOf, phoneOf } from './client/fixtures';
import { signatureOf } from './client/signer';

const GATEWAY_TIMEOUT = {
  success: false,
  message: 'Gateway timeout. The request may or may not have been processed.',
};

async function kenya(hookUrl: string, ending: string) {
  const created = await signedPost(PATHS.collections, kenyaParams(hookUrl, ending));
  expect(created.status, created.headers.get('x-sandbox-reason') ?? '').toBe(200);
  return created.body.data as Record<string, string>;
}

describe('a status query that says "not created" for a transaction that exists', () => {
  it('control not-created: the next N queries naming it answer the documented 400', async () => {
    const hook = receiver();
    const data = await kenya(hook.url, '000');
    await waitForStatus(data.third_party_reference_1!, 'payin', '000000');
    const lag = await call('POST', `/control/transactions/${data.depositId}/not-created`, {
      count: 2,
    });
    expect(lag.status).toBe(200);
    expect(lag.body.transaction).toMatchObject({ status: 'success', lagging_queries: 2 });
    for (const id of [data.third_party_reference_1!, data.depositId!]) {
      const got = await statusQuery(id, 'payin');
      expect(got.status).toBe(400);
      expect(got.body).toEqual({ success: false, message: MESSAGES.statusNotFound });
    }
    const after = await statusQuery(data.depositId!, 'payin');
    expect(after.status).toBe(200);
    expect(after.body.data.status).toBe('success');
    const other = await call('POST', '/control/transactions/SBX-NOPE/not-created', { count: 1 });
    expect(other.status).toBe(404);
  });

  it('the not_created fault answers the next status query 400 without looking', async () => {
    const refused = await call('POST', '/control/faults', {
      endpoint: 'collections',
      fault: 'not_created',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.issues[0].path).toBe('fault');
    const set = await call('POST', '/control/faults', { endpoint: 'status', fault: 'not_created' });
    expect(set.status).toBe(201);
    expect(set.body.fault).toMatchObject({ endpoint: 'status', fault: 'not_created' });
    await call('DELETE', '/control/faults');
  });
});

describe('answer_lost on process-transaction', () => {
  async function startOtp(ending: string) {
    const hook = receiver();
    const ci = countryOf(3);
    const params = collectionParams(ci, methodOf(3, 'otp_operator'), hook.url, {
      mobile: phoneOf(ci, ending),
    });
    const created = await signedPost(PATHS.collections, params);
    expect(created.status).toBe(200);
    return {
      hook,
      ref: created.body.data.depositId as string,
      token: created.body.data.payment_token as string,
    };
  }

  it('the OTP is applied and the payment goes on, but the caller gets a 504', async () => {
    const { hook, ref, token } = await startOtp('000');
    // Injected right before its call: the window for a concurrent OTP test to take it is tiny.
    const set = await call('POST', '/control/faults', {
      endpoint: 'process-transaction',
      fault: 'answer_lost',
    });
    expect(set.status).toBe(201);
    const lost = await signedPost(PATHS.processTransaction, {
      otp: '000000',
      payment_token: token,
    });
    expect(lost.status).toBe(504);
    expect(lost.body).toEqual(GATEWAY_TIMEOUT);
    const again = await signedPost(PATHS.processTransaction, {
      otp: '000000',
      payment_token: token,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This transaction has already been processed.');
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({ reference: ref, status: 'success' });
    expect((await controlTransaction(ref)).otp_attempts).toBe(0);
  });

  it('with delay_ms, the 504 comes that late (past a caller timeout)', async () => {
    const { ref, token } = await startOtp('005');
    await call('POST', '/control/faults', {
      endpoint: 'process-transaction',
      fault: 'answer_lost',
      delay_ms: 400,
    });
    const started = Date.now();
    const lost = await signedPost(PATHS.processTransaction, {
      otp: '000000',
      payment_token: token,
    });
    expect(lost.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect((await controlTransaction(ref)).stage).toBe('stalled');
  });
});

describe('request_lost on process-transaction', () => {
  it('the same 504 (after delay_ms), but the OTP never arrived: the same code then applies', async () => {
    const hook = receiver();
    const ci = countryOf(3);
    const params = collectionParams(ci, methodOf(3, 'otp_operator'), hook.url, {
      mobile: phoneOf(ci, '000'),
    });
    const created = await signedPost(PATHS.collections, params);
    const { depositId: ref, payment_token: token } = created.body.data as Record<string, string>;
    await call('POST', '/control/faults', {
      endpoint: 'process-transaction',
      fault: 'request_lost',
      delay_ms: 200,
    });
    const started = Date.now();
    const lost = await signedPost(PATHS.processTransaction, {
      otp: '000000',
      payment_token: token,
    });
    expect(lost.status).toBe(504);
    expect(lost.body).toEqual(GATEWAY_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect((await controlTransaction(ref!)).stage).toBe('awaiting_otp');
    const again = await signedPost(PATHS.processTransaction, {
      otp: '000000',
      payment_token: token,
    });
    expect(again.status).toBe(200);
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({ reference: ref, status: 'success' });
  });
});

describe('a callback that omits chosen fields', () => {
  it('outcome with omit: the terminal callback leaves them out; the status query has them', async () => {
    const hook = receiver();
    const data = await kenya(hook.url, '005');
    const forced = await call('POST', `/control/transactions/${data.depositId}/outcome`, {
      outcome: 'success',
      omit: ['amount', 'depositId'],
    });
    expect(forced.status).toBe(200);
    expect(forced.body.transaction.callback_omit).toEqual(['amount', 'depositId']);
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).not.toHaveProperty('amount');
    expect(callback!.body.params).not.toHaveProperty('depositId');
    expect(callback!.body.params).toMatchObject({ status: 'success', statusCode: '000000' });
    const status = await statusQuery(data.depositId!, 'payin');
    expect(status.body.data.amount).toBe(1500);
  });
});

describe('a create refused after its callback was answered (answer_refused)', () => {
  it('the payout is made and its success callback delivered, then the create answers 400 "Insufficient wallet balance"', async () => {
    const hook = receiver();
    const reference = uniqueRef('po');
    // Injected right before its call: the window for a concurrent payout test to take it is tiny.
    const set = await call('POST', '/control/faults', {
      endpoint: 'payouts',
      fault: 'answer_refused',
    });
    expect(set.status).toBe(201);
    const refused = await signedPost(PATHS.payouts, {
      amount: 2500,
      currency: 'UGX',
      mobile: '256772111000',
      payment_method_type: 'mtn',
      third_party_reference_1: reference,
      client_callback_url: hook.url,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      message: 'Insufficient wallet balance for this payout.',
    });
    // Already there when the refusal came: the callback says the payout succeeded.
    const calls = await hook.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.params).toMatchObject({
      third_party_reference_1: reference,
      status: 'success',
    });
    const status = await statusQuery(reference, 'payout');
    expect(status.body.data.status).toBe('success');
  });
});

describe.sequential('settings', () => {
  afterEach(async () => {
    expect((await call('DELETE', '/control/settings')).status).toBe(200);
  });

  const settings = (body: Record<string, unknown>) => call('PUT', '/control/settings', body);

  it('are all off by default; an unknown setting is refused', async () => {
    const got = await call('GET', '/control/settings');
    expect(got.body.settings).toEqual({
      distinct_references: false,
      lock_payout_funds: false,
      refuse_resend_after_200: false,
      callback_url_prefix: null,
    });
    const bad = await settings({ distinct: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('distinct_references: depositId, MerchantRequestID and reference/ref differ', async () => {
    const hook = receiver();
    const other = receiver();
    const set = await settings({ distinct_references: true, callback_url_prefix: hook.url });
    expect(set.body.settings).toMatchObject({ distinct_references: true });
    const data = await kenya(hook.url, '000');
    expect(data.MerchantRequestID).not.toBe(data.depositId);
    const [callback] = await hook.waitFor(1);
    const reference = callback!.body.params.reference as string;
    expect(callback!.body.params.depositId).toBe(data.depositId);
    expect(new Set([data.depositId, data.MerchantRequestID, reference]).size).toBe(3);
    for (const id of [data.depositId!, data.MerchantRequestID!, reference]) {
      const status = await statusQuery(id, 'payin');
      expect(status.status).toBe(200);
      expect(status.body.data).toMatchObject({ ref: reference, transaction_id: reference });
    }
    // Outside the prefix: one value, as before.
    const plain = await kenya(other.url, '000');
    expect(plain.MerchantRequestID).toBe(plain.depositId);
  });

  it('distinct_references: a payout calls back and answers with another reference than its create', async () => {
    const hook = receiver();
    await settings({ distinct_references: true, callback_url_prefix: hook.url });
    const created = await signedPost(PATHS.payouts, payoutParams(hook.url, 2500, '000'));
    const reference = created.body.data.reference as string;
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params.reference).not.toBe(reference);
    const status = await statusQuery(reference, 'payout');
    expect(status.body.data.ref).toBe(callback!.body.params.reference);
  });

  it('lock_payout_funds: the balance falls at creation; pending payouts count against the next', async () => {
    const hook = receiver();
    await settings({ lock_payout_funds: true, callback_url_prefix: hook.url });
    const before = await balanceOf('ZMW');
    const first = await signedPost(PATHS.payouts, payoutParams(hook.url, 600_000, '005'));
    expect(first.status).toBe(200);
    expect(await balanceOf('ZMW')).toBe(before - 606_000);
    const firstRef = first.body.data.reference as string;
    expect((await controlTransaction(firstRef)).locked).toBe(606_000);
    const second = await signedPost(PATHS.payouts, payoutParams(hook.url, 600_000, '005'));
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Insufficient wallet balance for this payout.');
    // The first fails: its funds come back, and the second fits again.
    await call('POST', `/control/transactions/${firstRef}/outcome`, { outcome: 'failed' });
    expect(await balanceOf('ZMW')).toBe(before);
    const third = await signedPost(PATHS.payouts, payoutParams(hook.url, 600_000, '000'));
    expect(third.status).toBe(200);
    await waitForStatus(third.body.data.reference, 'payout', '000000');
    // Settled: paid once, not twice.
    expect(await balanceOf('ZMW')).toBe(before - 606_000);
    const refund = await signedPost(PATHS.collections, zambiaRefund(hook.url));
    expect(refund.status).toBe(200);
  });

  it('refuse_resend_after_200: no resend of a callback answered 200; one never answered 200 is resent', async () => {
    const hook = receiver();
    const failing = receiver({ fail: 100 });
    const prefix = 'http://receiver.test/hooks/';
    await settings({ refuse_resend_after_200: true, callback_url_prefix: prefix });
    const delivered = await kenya(hook.url, '001');
    await hook.waitFor(1);
    await waitDelivered(delivered.depositId!);
    const refused = await call('POST', `/control/transactions/${delivered.depositId}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NO_ATTEMPT_WAITING');
    const undelivered = await kenya(failing.url, '001');
    await failing.waitFor(1);
    const resent = await call('POST', `/control/transactions/${undelivered.depositId}/resend`);
    expect(resent.status).toBe(202);
  });
});

/** Waits until a transaction's terminal callback is recorded as delivered (answered 200). */
async function waitDelivered(ref: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const tx = await controlTransaction(ref);
      expect(tx.callbacks.some((d: { delivered_at: string | null }) => d.delivered_at)).toBe(true);
    },
    { timeout: 5000, interval: 20 },
  );
}

function payoutParams(url: string, amount: number, ending: string) {
  return {
    amount,
    currency: 'ZMW',
    mobile: phoneOf(countryOf(12), ending),
    payment_method_type: 'mtn',
    third_party_reference_1: uniqueRef('po'),
    payment_reference: uniqueRef('pay'),
    client_callback_url: url,
  };
}

/** A ZMW collection putting the settled payout's money back, so the wallet stays near its opening. */
function zambiaRefund(url: string) {
  const zambia = countryOf(12);
  return collectionParams(zambia, methodOf(12, 'operator_prompt'), url, {
    amount: 616_000,
    mobile: phoneOf(zambia, '000'),
  });
}

async function balanceOf(currency: string): Promise<number> {
  const token = await call('POST', PATHS.token, {
    client_id: CREDENTIALS.clientId,
    secret_key: CREDENTIALS.secret,
  });
  const got = await call('GET', PATHS.balance, undefined, {
    headers: { Authorization: `Bearer ${token.body.data.token}` },
  });
  const wallet = got.body.data.find((w: { currency: string }) => w.currency === currency);
  return Number(wallet.balance);
}

describe('a callback with root fields the upstream may add', () => {
  it('extra callback root: the envelope carries them, signed with the rest; the signed body is shown', async () => {
    const hook = receiver();
    const data = await kenya(hook.url, '000');
    const [terminal] = await hook.waitFor(1);
    const sent = await call('POST', `/control/transactions/${data.depositId}/callback`, {
      root: { version: '2', meta: { region: 'ke' } },
    });
    expect(sent.status).toBe(202);
    const calls = await hook.waitFor(2);
    const extra = calls[1]!.body;
    expect(extra).toMatchObject({ version: '2', meta: { region: 'ke' } });
    expect(extra.signature).toBe(await signatureOf(extra, CREDENTIALS.secret));
    expect(terminal!.body).not.toHaveProperty('version');
    const delivery = await call('GET', `/control/callbacks/${sent.body.delivery_id}`);
    expect(delivery.body.callback.body).toEqual(extra);
    const refused = await call('POST', `/control/transactions/${data.depositId}/callback`, {
      root: { signature: 'x' },
    });
    expect(refused.status).toBe(400);
  });
});
