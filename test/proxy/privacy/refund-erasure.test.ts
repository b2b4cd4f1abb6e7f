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
} from '../money/refunds-support';
import { payoutObject, sessionObject } from '../objects';
import { redact } from './retention-support';
import { holding, indexText, runTasksNow, storedText } from './support';

afterAll(() => expectNoSecrets());

/** The full number in every form it could be stored in. */
const FULL_NUMBER = [PAYER, PAYER.slice(3)];

describe("a session's erasure", () => {
  it("reaches its refunds' payouts, whose terms never held the full number", async () => {
    const session = await paidSession(1000);
    const refund = await requestRefund(session.id, { amount: 400 });
    expect(refund.status, JSON.stringify(refund.json)).toBe(201);
    const refundId = refund.json.id;
    await waitForRefund(refundId, 'succeeded');
    await drainRefund(refundId, session.id);
    const terms = await runInDurableObject(payoutObject(refundId), (_instance, state) =>
      state.storage.sql.exec<{ fingerprint: string }>('SELECT fingerprint FROM payout').one(),
    );
    expect(holding({ fingerprint: terms.fingerprint }, FULL_NUMBER)).toEqual([]);

    const done = await redact(`/v1/sessions/${session.id}/redact`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    await runTasksNow(sessionObject(session.id), ['refund_erase']);
    await runTasksNow(payoutObject(refundId), ['index']);
    const erased = await getRefund(refundId);
    expect(erased.redacted_at).not.toBeNull();
    expect(erased.destination.mobile).toMatch(/^\d+\*+\d+$/);
    expect(holding(await storedText(payoutObject(refundId)), FULL_NUMBER)).toEqual([]);
    expect(holding(await storedText(sessionObject(session.id)), FULL_NUMBER)).toEqual([]);
    expect(holding(await indexText(refundId), FULL_NUMBER)).toEqual([]);
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
