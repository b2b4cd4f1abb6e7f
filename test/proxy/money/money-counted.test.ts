// Money heard is money counted: every verified report that money moved lands on its attempt as
// an amount and a currency, the refund budget reads those records per currency, and every
// anomaly's refund call runs as given. The real proxy, the real sandbox; the upstream at its
// worst legal behaviour (another currency, a success after a failure, a second and larger
// report, an NGN transfer reported against another reference).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSession, expectNoSecrets, ref, startAttempt } from '../helpers';
import { clearFaults } from '../hostile/support';
import {
  anomalyOf,
  drainRefund,
  pendingKesAttempt,
  requestRefund,
  runRefundCall,
} from './refunds-support';
import {
  collectionCallback,
  eventsFor,
  failedParams,
  successParams,
  upstreamRefOf,
  waitUntil,
} from './sessions-support';

afterEach(() => clearFaults());
afterAll(() => expectNoSecrets());

describe('a payment reported in another currency', () => {
  it('is refundable only in that currency: {} is 409 CURRENCY_MISMATCH naming it; the anomaly call refunds 100,000 UGX', async () => {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(1000);
    const params = successParams(attemptId, upstreamRef, 100_000, { currency: 'UGX' });
    expect(await collectionCallback(params)).toBe(200);
    const anomaly = await anomalyOf(
      id,
      ['checkout.anomaly', 'checkout.requires_action'],
      'mismatch',
    );
    for (const body of [{}, { currency: 'KES' }, { amount: 1000 }]) {
      const refused = await requestRefund(id, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.json.error).toMatchObject({
        code: 'CURRENCY_MISMATCH',
        details: { attempt: attemptId, amount: 100_000, currency: 'UGX' },
      });
    }
    expect(anomaly.refund!.body).toEqual({ attempt: attemptId, amount: 100_000, currency: 'UGX' });
    const made = await runRefundCall(anomaly);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ attempt: attemptId, amount: 100_000, currency: 'UGX' });
    await drainRefund(made.json.id, id);
  });
});

describe('a success after a failure', () => {
  it('moves the session to requires_action (success_after_failure) and its amount is refundable', async () => {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(1000);
    expect(await collectionCallback(failedParams(attemptId, upstreamRef))).toBe(200);
    await waitUntil(id, (s) => expect(s.attempts[0]?.status).toBe('failed'));
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    const session = await waitUntil(id, (s) => expect(s.status).toBe('requires_action'));
    expect(session.attempts[0]?.status).toBe('failed');
    const anomaly = await anomalyOf(
      id,
      ['checkout.failed', 'checkout.anomaly', 'checkout.requires_action'],
      'success_after_failure',
    );
    const held = (await eventsFor(id)).find((w) => w.body.type === 'checkout.requires_action');
    expect(held!.body.data).toMatchObject({
      status: 'requires_action',
      action: 'refund_or_accept',
      reason: 'success_after_failure',
    });
    // No new attempt while the shop decides: the payer was charged.
    const again = await startAttempt(id, {
      country_id: 1,
      method: 'send money',
      mobile: '254712345005',
    });
    expect(again.status).toBe(409);
    const made = await runRefundCall(anomaly);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ attempt: attemptId, amount: 1000, currency: 'KES' });
    await drainRefund(made.json.id, id);
  });
});

describe('a second report on a paid attempt', () => {
  it('of more money on the same transaction: one overpaid anomaly whose call refunds the extra; the budget grows to what was reported', async () => {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(1000);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    await waitUntil(id, (s) => expect(s.status).toBe('succeeded'));
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1200))).toBe(200);
    const anomaly = await anomalyOf(id, ['checkout.succeeded', 'checkout.anomaly'], 'overpaid');
    expect(anomaly.refund!.body).toEqual({ attempt: attemptId, amount: 200, currency: 'KES' });
    const extra = await runRefundCall(anomaly);
    expect(extra.status, JSON.stringify(extra.json)).toBe(201);
    const rest = await requestRefund(id);
    expect(rest.json).toMatchObject({ amount: 1000, currency: 'KES' });
    const none = await requestRefund(id, { amount: 1 });
    expect(none.json.error).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', details: { paid: 1200 } });
    await drainRefund(extra.json.id, id);
    await drainRefund(rest.json.id, id);
  });

  it('of another transaction: one second_success anomaly whose call refunds all of it', async () => {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(1000);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    await waitUntil(id, (s) => expect(s.status).toBe('succeeded'));
    const other = ref('SBX-OTHER');
    expect(await collectionCallback(successParams(attemptId, other, 1000))).toBe(200);
    const anomaly = await anomalyOf(
      id,
      ['checkout.succeeded', 'checkout.anomaly'],
      'second_success',
    );
    expect(anomaly.refund!.body).toEqual({ attempt: attemptId, amount: 1000, currency: 'KES' });
    const made = await runRefundCall(anomaly);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    // 2000 was counted: the first payment can still be refunded too.
    const first = await requestRefund(id);
    expect(first.json).toMatchObject({ amount: 1000 });
    await drainRefund(made.json.id, id);
    await drainRefund(first.json.id, id);
  });
});

describe('an NGN virtual account', () => {
  it('reported mismatch at or above the amount counts what the upstream kept (the amount), not nothing', async () => {
    const session = await createSession({ amount: 1000, currency: 'NGN', reference: ref('ngn') });
    const started = await startAttempt(session.id, {
      country_id: 17,
      method: 'virtual_account',
      account_name: 'Chidi Okafor',
      bank_code: '17001',
    });
    const attemptId = started.json.attempt!.id;
    await upstreamRefOf(attemptId);
    // 1,500 naming another transaction: a mismatch; the upstream reversed the 500 excess.
    const foreign = ref('SBX-FOREIGN');
    expect(await collectionCallback(successParams(attemptId, foreign, 1500))).toBe(200);
    const anomaly = await anomalyOf(
      session.id,
      ['checkout.anomaly', 'checkout.requires_action'],
      'mismatch',
    );
    expect(anomaly.refund!.body).toEqual({ attempt: attemptId, amount: 1000, currency: 'NGN' });
    // A transfer has no payout destination: the call needs one besides.
    const destination = { method: 'bank', mobile: '2348012345000' };
    const made = await runRefundCall(anomaly, { destination });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ amount: 1000, currency: 'NGN' });
    const over = await requestRefund(session.id, { amount: 1, destination });
    expect(over.json.error?.code).toBe('REFUND_EXCEEDS_PAID');
    await drainRefund(made.json.id, session.id);
  });
});
