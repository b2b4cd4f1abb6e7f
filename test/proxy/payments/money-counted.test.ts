// Money heard is money counted: every verified report that money moved lands on its attempt as
// an amount and a currency, the refund budget reads those records per currency, and every
// anomaly's refund call runs as given. The real proxy, the real sandbox; the upstream at its
// worst legal behaviour (another currency, a success after a failure, a second and larger
// report, an NGN transfer reported against another reference).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectNoSecrets, ref, startAttempt } from '../helpers';
import { clearFaults } from '../hostile';
import type { SettlementReport } from '../../../worker/query/settlement-report';
import { getJson, waitForRow } from '../index/support';
import {
  anomalyOf,
  drainRefund,
  pendingKesAttempt,
  requestRefund,
  runRefundCall,
  waitForRefund,
} from '../refunds/support';
import {
  collectionCallback,
  eventsFor,
  failedParams,
  successParams,
  waitUntil,
  awaitingTransfer,
} from '../sessions/support';

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

  it('then reported paid again in another currency: one second_success anomaly whose call refunds that money too', async () => {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(1000);
    expect(await collectionCallback(failedParams(attemptId, upstreamRef))).toBe(200);
    await waitUntil(id, (s) => expect(s.attempts[0]?.status).toBe('failed'));
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    await waitUntil(id, (s) => expect(s.status).toBe('requires_action'));
    const again = successParams(attemptId, upstreamRef, 100_000, { currency: 'UGX' });
    expect(await collectionCallback(again)).toBe(200);
    const anomaly = await anomalyOf(
      id,
      ['checkout.failed', 'checkout.anomaly', 'checkout.requires_action', 'checkout.anomaly'],
      'second_success',
    );
    expect(anomaly.refund!.body).toEqual({ attempt: attemptId, amount: 100_000, currency: 'UGX' });
    const made = await runRefundCall(anomaly, {
      destination: { method: 'mtn', mobile: '256772111005' },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
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
    const { session, attemptId } = await awaitingTransfer(1000);
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

describe('the settlement report', () => {
  /** A KES attempt of `amount` reported paid `paid`, then refunded each of `refunds` (to a
   * payer the sandbox pays at once); waits until the index has it all. */
  async function settled(amount: number, paid: number, refunds: number[]) {
    const { id, attemptId, upstreamRef } = await pendingKesAttempt(amount);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, paid))).toBe(200);
    await waitUntil(id, (s) => expect(s.attempts[0]?.status).not.toBe('pending'));
    const destination = { method: 'send money', mobile: '254712345000' };
    for (const refund of refunds) {
      const made = await requestRefund(id, { amount: refund, destination });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      await waitForRefund(made.json.id, 'succeeded');
      await drainRefund(made.json.id, id);
      await waitForRow('refunds', made.json.id, { status: 'succeeded' });
    }
    // Its index row is written with its status (what it counted with it).
    await waitForRow('attempts', attemptId, { status: paid < amount ? 'mismatch' : 'succeeded' });
    return id;
  }

  it('collected is what the records counted (overpaid and mismatch apart), and net is exact', async () => {
    // From now: the file's earlier tests paid KES too, a moment before.
    const from = new Date().toISOString();
    const sessions = [
      await settled(1000, 1200, [200]), // overpaid, the excess refunded
      await settled(1000, 800, [800]), // a mismatch (paid short), fully refunded
      await settled(1000, 1000, [1000]), // paid, fully refunded
      await settled(1000, 1000, [300]), // paid, partly refunded
    ];
    const to = new Date(Date.now() + 1000).toISOString();
    const { status, json } = await getJson<SettlementReport>(
      `/v1/reports/settlement?from=${from}&to=${to}`,
    );
    expect(status).toBe(200);
    const ours = json.rows.filter((r) => sessions.includes(r.session_id ?? ''));
    const collections = ours.filter((r) => r.kind === 'collection');
    expect(collections.map((r) => [r.amount, r.overpaid, r.mismatch])).toEqual(
      expect.arrayContaining([
        [1200, 200, 0],
        [800, 0, 800],
        [1000, 0, 0],
        [1000, 0, 0],
      ]),
    );
    expect(collections).toHaveLength(4);
    const sum = (rows: typeof ours, field: 'amount' | 'overpaid' | 'mismatch') =>
      rows.reduce((total, r) => total + r[field], 0);
    const refunded = sum(
      ours.filter((r) => r.kind === 'refund'),
      'amount',
    );
    expect([sum(collections, 'amount'), refunded]).toEqual([4000, 2300]);
    // Nothing else paid in KES since `from`: the report's KES net is these payments' alone.
    const net = json.net.filter((n) => n.currency === 'KES');
    const total = (field: 'collected' | 'overpaid' | 'mismatch' | 'refunded' | 'net') =>
      net.reduce((acc, n) => acc + n[field], 0);
    expect({
      collected: total('collected'),
      overpaid: total('overpaid'),
      mismatch: total('mismatch'),
      refunded: total('refunded'),
      net: total('net'),
    }).toEqual({ collected: 4000, overpaid: 200, mismatch: 800, refunded: 2300, net: 1700 });
  });
});
