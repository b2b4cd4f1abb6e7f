// Refunds against an upstream that reports money in unexpected ways: a create refused after
// its success was heard, a success after a failure, a failure naming another transaction. The
// real proxy and the real sandbox; each test fails without the rule it names.
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectNoSecrets, merchant } from '../helpers';
import { clearFaults, injectFault, sandboxTxFor } from '../hostile';
import type { RefundView } from '../../../worker/payout/refund-view';
import { payoutObject, sessionObject } from '../objects';
import {
  drainRefund,
  expectRefundEvents,
  getRefund,
  paidSession,
  refundCallback,
  requestRefund,
  waitForRefund,
} from './support';
import { PAYOUT_FAILURE } from '../money';

afterEach(() => clearFaults());
afterAll(() => expectNoSecrets());

/** Expects the session's budget to be spent: not even 1 more may be refunded. */
async function expectBudgetHeld(sessionId: string): Promise<void> {
  const more = await requestRefund(sessionId, { amount: 1 });
  expect(more.json.error?.code, JSON.stringify(more.json)).toBe('REFUND_EXCEEDS_PAID');
}

describe('refunds: a heard success outweighs a refused create', () => {
  it('a refund whose create is refused (400) after its signed success came is never failed: it settles succeeded and holds its amount', async () => {
    const { id } = await paidSession(1000);
    await injectFault('payouts', 'answer_refused');
    const asked = await requestRefund(id);
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    expect(asked.json.status).not.toBe('failed');
    await expectBudgetHeld(id);
    await waitForRefund(asked.json.id, 'succeeded');
    await expectRefundEvents(asked.json.id, id, ['refund.succeeded']);
    await expectBudgetHeld(id);
  });

  it('a refund reported failed, then paid by a signed success: succeeded again, it holds its amount, one refund.anomaly says what to do', async () => {
    const { id } = await paidSession(1000);
    const failing = await requestRefund(id, {
      destination: { method: 'send money', mobile: '254712345001' },
    });
    expect(failing.status).toBe(201);
    const failed = await waitForRefund(failing.json.id, 'failed');
    await expectRefundEvents(failing.json.id, id, ['refund.failed']);
    expect(await refundCallback(failed, failed.upstream_reference!)).toBe(200);
    await waitForRefund(failing.json.id, 'succeeded');
    const hooks = await expectRefundEvents(failing.json.id, id, [
      'refund.failed',
      'refund.succeeded',
      'refund.anomaly',
    ]);
    const anomaly = hooks.find((h) => h.body.type === 'refund.anomaly')!;
    expect(anomaly.body.data).toMatchObject({
      kind: 'success_after_failure',
      status: 'succeeded',
      message: expect.stringContaining('holds its amount again'),
    });
    await expectBudgetHeld(id);
  });
});

describe('refunds: failure reports are matched on references', () => {
  it('a failure naming a transaction the refund was never given is one refund.anomaly (unmatched_failure): the refund stays pending and holds its amount', async () => {
    const { id } = await paidSession(1000);
    // Ending 005: the sandbox keeps the payout pending until told.
    const pending = await requestRefund(id, {
      destination: { method: 'send money', mobile: '254712345005' },
    });
    expect(pending.status).toBe(201);
    const refund = await getRefund(pending.json.id);
    const foreign = await refundCallback(refund, 'SBXP-ANOTHERONE', {
      status: 'failed',
      statusCode: '000005',
      failureReason: PAYOUT_FAILURE,
    });
    expect(foreign).toBe(200);
    const [hook] = await expectRefundEvents(refund.id, id, ['refund.anomaly']);
    expect(hook!.body.data).toMatchObject({
      kind: 'unmatched_failure',
      status: 'pending',
      differences: [expect.objectContaining({ field: 'upstream_reference' })],
    });
    expect((await getRefund(refund.id)).status).toBe('pending');
    await expectBudgetHeld(id);
  });
});

/**
 * A refund whose Payout object recorded it and was evicted before its call left: made with the
 * real API (the sandbox's `error` fault refuses the create without processing it, so the
 * upstream has no such payout), then its record put back as the eviction leaves it (`unsent`;
 * the object's memory, not the sandbox, is what an eviction loses). Its status query is held
 * off so the test decides who acts first.
 */
async function unsentRefund(): Promise<{ id: string; refundId: string }> {
  const { id } = await paidSession(1000);
  await injectFault('payouts', 'error');
  const asked = await requestRefund(id);
  expect(asked.status).toBe(201);
  await runInDurableObject(payoutObject(asked.json.id), (_instance, state) => {
    state.storage.sql.exec("UPDATE payout SET create_state = 'unsent'");
    state.storage.sql.exec(
      "UPDATE tasks SET due_at = ? WHERE kind = 'reconcile'",
      Date.now() + 3_600_000,
    );
  });
  expect(await sandboxTxFor(asked.json.id)).toEqual([]);
  return { id, refundId: asked.json.id };
}

describe('refunds: recorded but never sent', () => {
  it("its session's task sends it, once (its payout keeps no number to send): one upstream payout, refund.succeeded", async () => {
    const { id, refundId } = await unsentRefund();
    expect((await getRefund(refundId)).create_state).toBe('unsent');
    // The payout's own task holds off: its stored terms carry no number.
    await runInDurableObject(payoutObject(refundId), async (instance, state) => {
      state.storage.sql.exec(
        "UPDATE tasks SET due_at = ? WHERE kind = 'reconcile'",
        Date.now() - 1,
      );
      await (instance as { alarm(): Promise<void> }).alarm();
    });
    expect(await sandboxTxFor(refundId)).toEqual([]);
    // As after an eviction between record and call: the session never heard the create return.
    await runInDurableObject(sessionObject(id), async (instance, state) => {
      state.storage.sql.exec('UPDATE refunds SET sent = 0 WHERE id = ?', refundId);
      state.storage.sql.exec(
        "INSERT OR REPLACE INTO tasks (key, kind, due_at, ref) VALUES (?, 'refund_send', ?, ?)",
        `refund:${refundId}`,
        Date.now() - 1,
        refundId,
      );
      await (instance as { alarm(): Promise<void> }).alarm();
    });
    await waitForRefund(refundId, 'succeeded');
    await expectRefundEvents(refundId, id, ['refund.succeeded']);
    expect(await sandboxTxFor(refundId)).toHaveLength(1);
    await expectBudgetHeld(id);
  });

  it('POST /v1/refunds/:id/cancel cancels it: failed (CANCELED), one refund.canceled, its amount is free; once sent, 409', async () => {
    const { id, refundId } = await unsentRefund();
    const canceled = await merchant(`/v1/refunds/${refundId}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({
      id: refundId,
      status: 'failed',
      create_state: 'canceled',
      failure: { code: 'CANCELED' },
    });
    const [hook] = await expectRefundEvents(refundId, id, ['refund.canceled']);
    expect(hook!.body.id).toBe(`evt_${refundId}_canceled`);
    expect(await sandboxTxFor(refundId)).toEqual([]);
    // The amount is free again: the whole payment can be refunded.
    const again = await requestRefund(id);
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    expect(again.json.amount).toBe(1000);
    await waitForRefund(again.json.id, 'succeeded');
    for (const sent of [refundId, again.json.id]) {
      const refused = await merchant(`/v1/refunds/${sent}/cancel`, { method: 'POST' });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'REFUND_NOT_CANCELABLE',
      );
    }
    expect(
      (await merchant('/v1/refunds/re_aaaaaaaaaaaaaaaaaaaaaaaaaa/cancel', { method: 'POST' }))
        .status,
    ).toBe(404);
    await drainRefund(again.json.id, id);
  });
});

describe('refunds: a destination other than the payer', () => {
  it("is flagged destination.differs_from_payer in the refund and its refund.* webhooks; the payer's own number is not", async () => {
    const { id } = await paidSession(1000);
    const own = await requestRefund(id, { amount: 400 });
    expect(own.status).toBe(201);
    expect(own.json.destination.differs_from_payer).toBe(false);
    const other = await requestRefund(id, {
      amount: 600,
      destination: { method: 'send money', mobile: '254712399000' },
    });
    expect(other.status).toBe(201);
    expect(other.json.destination.differs_from_payer).toBe(true);
    await waitForRefund(own.json.id, 'succeeded');
    expect((await waitForRefund(other.json.id, 'succeeded')).destination).toMatchObject({
      differs_from_payer: true,
    });
    await drainRefund(own.json.id, id);
    const hooks = await expectRefundEvents(other.json.id, id, [
      'refund.succeeded',
      'refund.succeeded',
    ]);
    const flags = Object.fromEntries(
      hooks.map((h) => {
        const data = h.body.data as unknown as RefundView;
        return [data.id, data.destination.differs_from_payer];
      }),
    );
    expect(flags).toEqual({ [own.json.id]: false, [other.json.id]: true });
  });
});
