// A session's erasure reaches its refunds (docs/data-retention.md): the payout that pays a
// refund keeps its terms without the full number from the start (the session holds them, and
// erases them with its own data), and the session's erasure erases each refund's payout too
// (its callbacks, last answer and webhook bodies). A session with a refund still moving is not
// settled. Real objects, real D1, real sandbox; the alarms are driven, never waited for.
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSecrets } from '../helpers';
import {
  PAYER,
  drainRefund,
  getRefund,
  paidSession,
  requestRefund,
  waitForRefund,
} from '../refunds/support';
import { payoutObject, sessionObject } from '../objects';
import { redact } from './retention-support';
import { holding, indexText, runTasksNow, storedText } from './support';

afterAll(() => expectNoSecrets());

/** The full number in every form it could be stored in. */
const FULL_NUMBER = [PAYER, PAYER.slice(3)];

/** A refund's reason: the merchant's free text, sent as the payout's narration. */
const REASON = 'Refund for Wanjiru Kamau';

/** Another destination than the payer's (the sandbox pays numbers ending 000). */
const OTHER = '254799888000';

/** Erases the session, then runs its refunds' erasure and the payout's index writes. */
async function eraseSession(sessionId: string, refundId: string): Promise<void> {
  const done = await redact(`/v1/sessions/${sessionId}/redact`);
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  await runTasksNow(sessionObject(sessionId), ['refund_erase']);
  await runTasksNow(payoutObject(refundId), ['index']);
}

/** Where any of `needles` is still stored: the session, the refund's payout, the index. */
async function stillHeld(sessionId: string, refundId: string, needles: string[]) {
  return [
    ...holding(await storedText(sessionObject(sessionId)), needles),
    ...holding(await storedText(payoutObject(refundId)), needles),
    ...holding(await indexText(refundId), needles),
  ];
}

describe("a session's erasure", () => {
  it("reaches its refunds' payouts, whose terms never held the full number", async () => {
    const session = await paidSession(1000);
    const refund = await requestRefund(session.id, { amount: 400, reason: REASON });
    expect(refund.status, JSON.stringify(refund.json)).toBe(201);
    const refundId = refund.json.id;
    await waitForRefund(refundId, 'succeeded');
    await drainRefund(refundId, session.id);
    const terms = await runInDurableObject(payoutObject(refundId), (_instance, state) =>
      state.storage.sql.exec<{ fingerprint: string }>('SELECT fingerprint FROM payout').one(),
    );
    expect(holding({ fingerprint: terms.fingerprint }, [...FULL_NUMBER, REASON])).toEqual([]);

    await eraseSession(session.id, refundId);
    const erased = await getRefund(refundId);
    expect(erased.redacted_at).not.toBeNull();
    expect(erased.destination.mobile).toMatch(/^\d+\*+\d+$/);
    expect(erased.reason).toBeNull();
    // The reason went too: the session's row, the payout's refund and its webhook bodies.
    expect(await stillHeld(session.id, refundId, [...FULL_NUMBER, REASON])).toEqual([]);
  });

  it('reaches a refund asked after it: the number and reason go once its payout settles', async () => {
    const session = await paidSession(1000);
    const first = await requestRefund(session.id, { amount: 100 });
    await waitForRefund(first.json.id, 'succeeded');
    await drainRefund(first.json.id, session.id);
    await eraseSession(session.id, first.json.id);
    // The payer's number is gone with the session: a later refund names its destination.
    const late = await requestRefund(session.id, {
      amount: 300,
      reason: REASON,
      destination: { method: 'send money', mobile: OTHER },
    });
    expect(late.status, JSON.stringify(late.json)).toBe(201);
    const lateId = late.json.id;
    await waitForRefund(lateId, 'succeeded');
    await drainRefund(lateId, session.id);
    await runTasksNow(sessionObject(session.id), ['refund_erase']);
    await runTasksNow(payoutObject(lateId), ['index']);
    const erased = await getRefund(lateId);
    expect(erased).toMatchObject({ status: 'succeeded', amount: 300, reason: null });
    expect(erased.redacted_at).not.toBeNull();
    expect(erased.destination.mobile).toMatch(/^\d+\*+\d+$/);
    expect(await stillHeld(session.id, lateId, [OTHER, OTHER.slice(3), REASON])).toEqual([]);
  });

  it('waits for a refund still moving: NOT_SETTLED while its payout is pending', async () => {
    const session = await paidSession(1000);
    // The sandbox leaves a payout to a number ending 005 pending.
    const refund = await requestRefund(session.id, {
      amount: 300,
      destination: { method: 'send money', mobile: '254712345005' },
    });
    expect(refund.status, JSON.stringify(refund.json)).toBe(201);
    const refused = await redact(`/v1/sessions/${session.id}/redact`);
    expect(refused.status).toBe(409);
    expect((refused.json.error as { code: string }).code).toBe('NOT_SETTLED');
  });
});
