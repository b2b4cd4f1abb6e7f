// Refunds against an upstream that reports money in unexpected ways: a create refused after
// its success was heard, a success after a failure, a failure naming another transaction. The
// real proxy and the real sandbox; each test fails without the rule it names.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectNoSecrets } from '../helpers';
import { clearFaults, injectFault } from '../hostile/support';
import {
  expectRefundEvents,
  getRefund,
  paidSession,
  refundCallback,
  requestRefund,
  waitForRefund,
} from './refunds-support';
import { PAYOUT_FAILURE } from './support';

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
