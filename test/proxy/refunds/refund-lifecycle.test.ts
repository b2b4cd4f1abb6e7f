// Refunds, sent as payouts: the session object keeps the budget, the Payout object
// runs the lifecycle every payment shares. The real proxy, the real sandbox at its worst legal
// behaviour (a lost create answer, a payout settled for another amount, a failure); each test
// names the rule it holds.
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createSession, expectNoSecrets, getSession, merchant, ref, sandbox } from '../helpers';
import { clearFaults, evictSession, injectFault, sandboxTransactions } from '../hostile';
import { ageAndReconcile } from '../money';
import {
  collectionCallback,
  successParams,
  waitUntil,
  awaitingTransfer,
} from '../sessions/support';
import {
  drainRefund,
  expectRefundEvents,
  getRefund,
  paidSession,
  PAYER,
  requestRefund,
  waitForRefund,
} from './support';
import { payoutObject, sessionObject } from '../objects';

afterEach(() => clearFaults());
afterAll(() => expectNoSecrets());

describe('refunds: the session decides what may be refunded', () => {
  it('a full refund (no amount) pays back what was paid to the payer by the operator; one refund.succeeded', async () => {
    const { id, attemptId } = await paidSession(1000);
    const { status, json } = await requestRefund(id, { reason: 'out of stock' });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json).toMatchObject({
      object: 'refund',
      session: id,
      attempt: attemptId,
      amount: 1000,
      currency: 'KES',
      status: 'pending',
      destination: { method: 'send money', mobile: expect.stringMatching(/\*/) },
      reason: 'out of stock',
    });
    expect(json.id).toMatch(/^re_[a-z2-7]{26}$/);
    expect(JSON.stringify(json)).not.toContain(PAYER);
    const done = await waitForRefund(json.id, 'succeeded');
    expect(done.upstream_reference).toMatch(/^SBXP-/);
    const [hook] = await expectRefundEvents(json.id, id, ['refund.succeeded']);
    expect(hook!.body.id).toBe(`evt_${json.id}_succeeded`);
    expect(hook!.body.data).toMatchObject({ id: json.id, session: id, amount: 1000 });
    // The session knows its refunds (the payout told it).
    expect((await getSession(id)).refunds).toEqual([
      expect.objectContaining({ id: json.id, status: 'succeeded', amount: 1000 }),
    ]);
    // Nothing is left: any further refund is refused.
    const again = await requestRefund(id, { amount: 1 });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('REFUND_EXCEEDS_PAID');
  });

  it('partial refunds: the amount defaults to what is left, and no more than what was paid', async () => {
    const { id } = await paidSession(1000);
    const first = await requestRefund(id, { amount: 300 });
    expect(first.status).toBe(201);
    const rest = await requestRefund(id);
    expect(rest.status).toBe(201);
    expect(rest.json.amount).toBe(700);
    const more = await requestRefund(id, { amount: 1 });
    expect(more.status).toBe(409);
    expect(more.json.error).toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
      details: { paid: 1000, refundable: 0 },
    });
    await waitForRefund(first.json.id, 'succeeded');
    await waitForRefund(rest.json.id, 'succeeded');
    await expectRefundEvents(first.json.id, id, ['refund.succeeded', 'refund.succeeded']);
    await drainRefund(rest.json.id, id);
  });

  it('two concurrent refunds that together pass what was paid: one is refused', async () => {
    const { id } = await paidSession(1000);
    const answers = await Promise.all([
      requestRefund(id, { amount: 600 }),
      requestRefund(id, { amount: 600 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.json.error?.code).toBe('REFUND_EXCEEDS_PAID');
    const made = answers.find((a) => a.status === 201)!;
    await waitForRefund(made.json.id, 'succeeded');
    await expectRefundEvents(made.json.id, id, ['refund.succeeded']);
  });

  it('a session with no success answers 409 NOT_PAID and records nothing', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES', reference: ref('np') });
    const { status, json } = await requestRefund(session.id, { amount: 100 });
    expect(status).toBe(409);
    expect(json.error?.code).toBe('NOT_PAID');
  });

  it('a payment with no payout destination (an NGN virtual account) needs destination: 422 naming it', async () => {
    const { session, attemptId, upstreamRef } = await awaitingTransfer(15000);
    // Overpaid: the upstream reverses the excess, so 15000 was paid.
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 20000))).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    const missing = await requestRefund(session.id);
    expect(missing.status).toBe(422);
    expect(missing.json.error).toMatchObject({
      code: 'REFUND_DESTINATION_REQUIRED',
      details: { missing: 'destination' },
    });
    const over = await requestRefund(session.id, {
      amount: 15001,
      destination: { method: 'bank', mobile: '2348012345000' },
    });
    expect(over.json.error?.code).toBe('REFUND_EXCEEDS_PAID');
    const given = await requestRefund(session.id, {
      destination: { method: 'bank', mobile: '2348012345000' },
    });
    expect(given.status, JSON.stringify(given.json)).toBe(201);
    expect(given.json).toMatchObject({ amount: 15000, destination: { method: 'bank' } });
    await waitForRefund(given.json.id, 'succeeded');
    await expectRefundEvents(given.json.id, session.id, ['refund.succeeded']);
  });
});

describe('refunds: bad input', () => {
  it('an invalid body is 400 naming the field, an unknown session 404, and nothing is refunded', async () => {
    const { id } = await paidSession(1000);
    for (const [body, path] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ amount: '100' }, 'amount'],
      [{ refund_all: true }, ''],
      [{ destination: { method: 'send money', mobile: '+254 712' } }, 'destination.mobile'],
      [{ destination: { mobile: '254712345000' } }, 'destination.method'],
      [{ attempt: 'cs_x.1' }, 'attempt'],
      [{ reference: 'has space' }, 'reference'],
    ] as const) {
      const { status, json } = await requestRefund(id, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.error?.code).toBe('VALIDATION_FAILED');
      const issues = (json.error?.details?.issues ?? []) as { path: string }[];
      if (path !== '') expect(issues.map((i) => i.path)).toContain(path);
    }
    expect((await requestRefund('cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', {})).status).toBe(404);
    expect((await requestRefund('junk', {})).status).toBe(404);
    for (const unknown of ['re_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'junk']) {
      expect((await merchant(`/v1/refunds/${unknown}`)).status).toBe(404);
      expect((await merchant(`/v1/refunds/${unknown}/reconcile`, { method: 'POST' })).status).toBe(
        404,
      );
    }
    expect((await getSession(id)).refunds).toEqual([]);
  });
});

describe('refunds: idempotency', () => {
  it('the same Idempotency-Key and body answer the same refund; another body is IDEMPOTENCY_MISMATCH', async () => {
    const { id } = await paidSession(1000);
    const key = `rf-${crypto.randomUUID()}`;
    const first = await requestRefund(id, { amount: 400 }, key);
    expect(first.status).toBe(201);
    const again = await requestRefund(id, { amount: 400 }, key);
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const other = await requestRefund(id, { amount: 500 }, key);
    expect(other.status).toBe(409);
    expect(other.json.error?.code).toBe('IDEMPOTENCY_MISMATCH');
    await waitForRefund(first.json.id, 'succeeded');
    await expectRefundEvents(first.json.id, id, ['refund.succeeded']);
    // One refund only: 600 is left.
    const rest = await requestRefund(id);
    expect(rest.json.amount).toBe(600);
    await waitForRefund(rest.json.id, 'succeeded');
    await drainRefund(rest.json.id, id);
  });
});

describe('refunds: the payout lifecycle at its worst', () => {
  it('a refund that fails sends one refund.failed and frees its amount', async () => {
    const { id } = await paidSession(1000);
    const failing = await requestRefund(id, {
      destination: { method: 'send money', mobile: '254712345001' },
    });
    expect(failing.status).toBe(201);
    const failed = await waitForRefund(failing.json.id, 'failed');
    expect(failed.failure).toMatchObject({ code: 'PO-001' });
    await expectRefundEvents(failing.json.id, id, ['refund.failed']);
    // The failed refund holds nothing: the whole amount can be refunded again.
    const retry = await requestRefund(id);
    expect(retry.status, JSON.stringify(retry.json)).toBe(201);
    expect(retry.json.amount).toBe(1000);
    await waitForRefund(retry.json.id, 'succeeded');
    await drainRefund(retry.json.id, id);
  });

  it('a refund whose create answer is lost stays pending, holds its amount, and the status query settles it: one refund.succeeded', async () => {
    const { id } = await paidSession(1000);
    await injectFault('payouts', 'answer_lost');
    const lost = await requestRefund(id);
    expect(lost.status).toBe(201);
    expect(lost.json).toMatchObject({ status: 'pending', create_state: 'unknown' });
    // Unknown is not "no": the amount stays held while the outcome is unknown.
    const meanwhile = await requestRefund(id, { amount: 1 });
    expect(meanwhile.json.error?.code).toBe('REFUND_EXCEEDS_PAID');
    await waitForRefund(lost.json.id, 'succeeded');
    await expectRefundEvents(lost.json.id, id, ['refund.succeeded']);
  });

  it('a refund whose create got a 500 is unknown: "not created" never fails it, the horizon makes it needs_review (one refund.anomaly), and its amount stays held', async () => {
    const { id } = await paidSession(1000);
    await injectFault('payouts', 'error');
    const unknown = await requestRefund(id);
    expect(unknown.status).toBe(201);
    expect(unknown.json).toMatchObject({ status: 'pending', create_state: 'unknown' });
    await ageAndReconcile(unknown.json.id, 25);
    const review = await waitForRefund(unknown.json.id, 'needs_review');
    expect(review.failure).toBeNull();
    const [hook] = await expectRefundEvents(unknown.json.id, id, ['refund.anomaly']);
    expect(hook!.body.data).toMatchObject({ kind: 'needs_review' });
    const more = await requestRefund(id, { amount: 1 });
    expect(more.json.error?.code).toBe('REFUND_EXCEEDS_PAID');
  });

  it('a session evicted while its refund is on its way: its refund_send task finds the payout, which is never sent twice', async () => {
    const { id } = await paidSession(1000);
    // The upstream makes the payout but its answer is slow (then lost): the session is evicted
    // meanwhile, before it hears back.
    await injectFault('payouts', 'answer_lost', 1, 1500);
    const asked = requestRefund(id, { amount: 300 }).catch(() => null);
    const refundId = await vi.waitFor(
      async () => {
        const rows = await runInDurableObject(sessionObject(id), (_instance, state) =>
          state.storage.sql.exec<{ id: string }>('SELECT id FROM refunds').toArray(),
        );
        expect(rows).toHaveLength(1);
        const txs = await sandboxTransactions();
        expect(txs.some((t) => t.third_party_reference_1 === rows[0]!.id)).toBe(true);
        return rows[0]!.id;
      },
      { timeout: 5000, interval: 20 },
    );
    await evictSession(id);
    await asked;
    const unsent = await runInDurableObject(sessionObject(id), (_instance, state) =>
      state.storage.sql.exec('SELECT sent FROM refunds').one(),
    );
    expect(unsent.sent).toBe(0);
    // The task's time comes: it asks the Payout object again, which answers the payout it has.
    await runInDurableObject(sessionObject(id), async (instance, state) => {
      state.storage.sql.exec(
        "UPDATE tasks SET due_at = ? WHERE kind = 'refund_send'",
        Date.now() - 1,
      );
      await (instance as { alarm(): Promise<void> }).alarm();
    });
    const sent = await runInDurableObject(sessionObject(id), (_instance, state) => ({
      sent: state.storage.sql.exec('SELECT sent FROM refunds').one().sent,
      tasks: state.storage.sql
        .exec("SELECT COUNT(*) AS n FROM tasks WHERE kind = 'refund_send'")
        .one().n,
    }));
    expect(sent).toEqual({ sent: 1, tasks: 0 });
    // The upstream never calls back (its answer was lost): a status query settles it.
    await vi.waitFor(
      async () => {
        const res = await merchant(`/v1/refunds/${refundId}/reconcile`, { method: 'POST' });
        expect(((await res.json()) as { status: string }).status).toBe('succeeded');
      },
      { timeout: 8000, interval: 200 },
    );
    await waitForRefund(refundId, 'succeeded');
    await expectRefundEvents(refundId, id, ['refund.succeeded']);
    const txs = (await sandboxTransactions()).filter((t) => t.third_party_reference_1 === refundId);
    expect(txs).toHaveLength(1);
  });

  it('a refund reported settled for another amount is a mismatch: one refund.anomaly, and the larger amount is held', async () => {
    const { id } = await paidSession(1000);
    // Ending 005: the sandbox keeps the payout pending until told.
    const pending = await requestRefund(id, {
      amount: 400,
      destination: { method: 'send money', mobile: '254712345005' },
    });
    expect(pending.status).toBe(201);
    const upstreamRef = (await getRefund(pending.json.id)).upstream_reference!;
    const forced = await sandbox(`/control/transactions/${upstreamRef}/outcome`, {
      method: 'POST',
      body: JSON.stringify({ outcome: 'success', amount: 900 }),
    });
    expect(forced.status).toBe(200);
    const mismatch = await waitForRefund(pending.json.id, 'mismatch');
    expect(mismatch.differences).toEqual([{ field: 'amount', expected: 400, reported: 900 }]);
    const [hook] = await expectRefundEvents(pending.json.id, id, ['refund.anomaly']);
    expect(hook!.body.data).toMatchObject({ kind: 'mismatch', refund: { id: pending.json.id } });
    // 900 may have left: only 100 is left to refund.
    const over = await requestRefund(id, { amount: 101 });
    expect(over.json.error).toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
      details: { refundable: 100 },
    });
  });
});

describe('refunds: the sandbox pays them out as payouts', () => {
  /** The KES wallet's balance in minor units, as GET /v1/balance answers it. */
  async function kesBalance(): Promise<number> {
    const res = await merchant('/v1/balance');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { currency: string; balance: string }[] };
    return Math.round(Number(data.find((w) => w.currency === 'KES')!.balance) * 100);
  }

  it('with funds locked: the balance falls when the refund is created, and a failed refund gives them back', async () => {
    const set = await sandbox('/control/settings', {
      method: 'PUT',
      body: JSON.stringify({ lock_payout_funds: true }),
    });
    expect(set.status).toBe(200);
    try {
      const { id } = await paidSession(1000);
      const before = await kesBalance();
      const pending = await requestRefund(id, {
        amount: 400,
        destination: { method: 'send money', mobile: '254712345005' },
      });
      expect(pending.status).toBe(201);
      // 400.00 and the sandbox's 1 % fee leave the wallet at once.
      expect(await kesBalance()).toBe(before - 40_400);
      const upstreamRef = (await getRefund(pending.json.id)).upstream_reference!;
      const failed = await sandbox(`/control/transactions/${upstreamRef}/outcome`, {
        method: 'POST',
        body: JSON.stringify({ outcome: 'failed' }),
      });
      expect(failed.status).toBe(200);
      await waitForRefund(pending.json.id, 'failed');
      expect(await kesBalance()).toBe(before);
      await expectRefundEvents(pending.json.id, id, ['refund.failed']);
    } finally {
      expect((await sandbox('/control/settings', { method: 'DELETE' })).status).toBe(200);
    }
  });
});

describe('refunds: personal data', () => {
  it("erasing the session erases the payer's number its refunds default to; the refund's payout erases its own copy", async () => {
    const { id } = await paidSession(1000);
    const first = await requestRefund(id, { amount: 100 });
    await waitForRefund(first.json.id, 'succeeded');
    await drainRefund(first.json.id, id);
    expect((await merchant(`/v1/sessions/${id}/redact`, { method: 'POST' })).status).toBe(200);
    const kept = await runInDurableObject(sessionObject(id), (_instance, state) => ({
      phones: state.storage.sql.exec('SELECT COUNT(*) AS n FROM payer_phones').one().n,
      numbers: state.storage.sql
        .exec('SELECT COUNT(*) AS n FROM refunds WHERE mobile IS NOT NULL')
        .one().n,
    }));
    expect(kept).toEqual({ phones: 0, numbers: 0 });
    const later = await requestRefund(id, { amount: 100 });
    expect(later.status).toBe(422);
    expect(later.json.error?.code).toBe('REFUND_DESTINATION_REQUIRED');
    const erased = await merchant(`/v1/payouts/${first.json.id}/redact`, { method: 'POST' });
    expect(erased.status).toBe(200);
    expect((await getRefund(first.json.id)).redacted_at).not.toBeNull();
    const stored = await runInDurableObject(payoutObject(first.json.id), (_instance, state) =>
      JSON.stringify(state.storage.sql.exec('SELECT * FROM payout').toArray()),
    );
    expect(stored).not.toContain(PAYER);
  });
});
