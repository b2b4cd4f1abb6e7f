// Payouts settle only on the upstream's answer matched against our records (DESIGN.md
// §5 "Money rules"): the real proxy, the real sandbox, and callbacks signed as the upstream
// signs them. Each test names the rule it holds and fails without it.
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSecrets, merchant, sandbox } from '../helpers';
import { clearFaults, forceOutcome, injectFault, sandboxTransactions } from '../hostile';
import {
  ageAndReconcile,
  callback,
  createPayout,
  deliveredWebhook,
  drainPayout,
  getPayout,
  PAYOUT_FAILURE,
  payoutBody,
  payoutCallback,
  signed,
  types,
  waitForPayout,
} from '../money';
import { payoutObject } from '../objects';

afterEach(() => clearFaults());
afterAll(() => expectNoSecrets());

/** A payout the sandbox accepted and keeps pending (script 005) until told otherwise. */
async function pendingPayout(extra: Record<string, unknown> = {}) {
  const { status, view } = await createPayout(payoutBody('005', extra));
  expect(status).toBe(201);
  expect(view).toMatchObject({ status: 'pending', create_state: 'accepted' });
  expect(view.upstream_reference).toMatch(/^SBXP-/);
  return { view, upstreamRef: view.upstream_reference! };
}

/** How many "not created" answers the payout's status queries got. */
function notCreatedCount(reference: string): Promise<number> {
  return runInDurableObject(payoutObject(reference), (_instance, state) => {
    const rows = state.storage.sql
      .exec<{ not_created: number }>('SELECT not_created FROM payout_reconcile')
      .toArray();
    return rows[0]?.not_created ?? 0;
  });
}

describe('payouts: 000006 is not final', () => {
  it('a 000006 callback changes nothing; the later success sends one payout.succeeded and no payout.failed', async () => {
    const { view, upstreamRef } = await pendingPayout();
    const timeout = await callback(
      '/hooks/payouts',
      payoutCallback(view, upstreamRef, {
        status: 'failed',
        statusCode: '000006',
        failureReason: PAYOUT_FAILURE,
      }),
    );
    expect(timeout.status).toBe(200);
    await drainPayout(view.reference);
    const mid = await getPayout(view.reference);
    expect(mid.status).toBe('pending');
    expect(mid.failure).toBeNull();
    expect(types(mid)).toEqual([]);
    // The upstream then settles it paid: its own signed callback arrives.
    expect(await forceOutcome(upstreamRef, 'success')).toBe(200);
    const done = await waitForPayout(view.reference, 'succeeded');
    await drainPayout(view.reference);
    expect(types(await getPayout(view.reference))).toEqual(['payout.succeeded']);
    expect(done.webhooks[0]!.id).toBe(`evt_${view.reference}_succeeded`);
  });

  it('a success callback delivered three times (script 004) sends one payout.succeeded', async () => {
    const { view } = await createPayout(payoutBody('004'));
    await waitForPayout(view.reference, 'succeeded');
    await drainPayout(view.reference); // the two repeats delivered
    expect(types(await getPayout(view.reference))).toEqual(['payout.succeeded']);
  });
});

describe('payouts: verified non-terminal callbacks', () => {
  it('payment_step 1, a pending status and an unknown status answer 200 and change nothing', async () => {
    const { view, upstreamRef } = await pendingPayout();
    const before = await getPayout(view.reference);
    for (const extra of [
      { payment_step: 1, status: 'pending', statusCode: '000001' },
      { payment_step: 1, status: 'success', statusCode: '000000' },
      { status: 'pending', statusCode: '000001' },
      { status: 'processing', statusCode: '000001' },
    ]) {
      const res = await callback('/hooks/payouts', payoutCallback(view, upstreamRef, extra));
      expect(res.status, JSON.stringify(extra)).toBe(200);
      expect(res.json).toEqual({ received: true, duplicate: false });
    }
    const after = await getPayout(view.reference);
    expect(after.status).toBe('pending');
    expect(after.upstream_reference).toBe(before.upstream_reference);
    expect(types(after)).toEqual([]);
  });
});

describe('payouts: a create of unknown effect is reconciled before anything is reported', () => {
  for (const fault of ['error', 'malformed'] as const) {
    it(`a create answered ${fault === 'error' ? '500' : 'with a body that is not JSON'} is unknown; "not created" answers never fail it, the horizon makes it needs_review`, async () => {
      await injectFault('payouts', fault);
      const { status, view } = await createPayout(payoutBody('000'));
      expect(status).toBe(201);
      expect(view).toMatchObject({ status: 'pending', create_state: 'unknown', failure: null });
      expect(types(view)).toEqual([]);
      // The sandbox never processed it: the status query answers "not created" (400) at
      // 0.3 s, 0.9 s and 2.1 s after the create. A lagging replica says the same about a payout
      // it made, so the payout stays unknown (a payout.failed would have it sent twice).
      await vi.waitFor(
        async () => {
          const count = await notCreatedCount(view.reference);
          expect(count).toBeGreaterThanOrEqual(3);
        },
        { timeout: 10_000, interval: 100 },
      );
      let settled = await getPayout(view.reference);
      expect(settled.status).toBe('pending');
      expect(types(settled)).toEqual([]);
      const txs = await sandboxTransactions();
      expect(txs.filter((tx) => tx.third_party_reference_1 === view.reference)).toEqual([]);
      await ageAndReconcile(view.reference, 25);
      settled = await waitForPayout(view.reference, 'needs_review');
      await vi.waitFor(async () =>
        expect(types(await getPayout(view.reference))).toEqual(['payout.anomaly']),
      );
    });
  }

  it('a create whose 500 hid a payout the upstream did make: the status query finds it, one payout.succeeded', async () => {
    await injectFault('payouts', 'error');
    const body = payoutBody('003'); // silent success: no callback, only a status query tells
    const { status, view } = await createPayout(body);
    expect(status).toBe(201);
    expect(view).toMatchObject({ status: 'pending', create_state: 'unknown' });
    expect(types(view)).toEqual([]);
    // The upstream did create it (as if our answer was lost on the way back).
    const { reference, ...rest } = body;
    const made = await sandbox('/api/v1/sandbox/payouts', {
      method: 'POST',
      body: JSON.stringify(
        await signed({
          ...rest,
          third_party_reference_1: reference,
          payment_reference: reference,
          client_callback_url: 'http://127.0.0.1:8787/hooks/payouts',
        }),
      ),
    });
    expect(made.status).toBe(200);
    const upstreamRef = ((await made.json()) as { data: { reference: string } }).data.reference;
    const done = await waitForPayout(view.reference, 'succeeded');
    expect(done.create_state).toBe('unknown');
    expect(done.upstream_reference).toBe(upstreamRef);
    await drainPayout(view.reference);
    expect(types(await getPayout(view.reference))).toEqual(['payout.succeeded']);
  });
});

describe('payouts: "not created" counts only while the create\'s fate is unknown', () => {
  it('after an accepted create, "not created" answers are a glitch: the payout stays pending, no event', async () => {
    const { view } = await pendingPayout();
    // The status query now asks for an id the upstream does not know (it answers 400).
    await runInDurableObject(payoutObject(view.reference), (_instance, state) => {
      state.storage.sql.exec('UPDATE payout SET reference = ?', `${view.reference}-lost`);
    });
    for (let i = 0; i < 4; i++) await ageAndReconcile(view.reference, 0);
    const after = await getPayout(view.reference);
    expect(after.status).toBe('pending');
    expect(types(after)).toEqual([]);
  });
});

describe('payouts: contradictions raise one payout.anomaly', () => {
  it('a success after a failure reopens the payout: succeeded, one payout.anomaly (success_after_failure) saying what to do', async () => {
    const { view } = await createPayout(payoutBody('001'));
    const failed = await waitForPayout(view.reference, 'failed');
    const upstreamRef = failed.upstream_reference!;
    for (let i = 0; i < 2; i++) {
      const late = await callback(
        '/hooks/payouts',
        payoutCallback(view, upstreamRef, { name: `late ${i}` }),
      );
      expect(late.status).toBe(200);
    }
    await drainPayout(view.reference);
    const after = await getPayout(view.reference);
    expect(after.status).toBe('succeeded');
    expect(after.failure).toBeNull();
    expect(types(after).sort()).toEqual(['payout.anomaly', 'payout.failed', 'payout.succeeded']);
    const anomaly = await deliveredWebhook(`evt_${view.reference}_anomaly_success_after_failure`);
    expect(anomaly.data).toMatchObject({
      kind: 'success_after_failure',
      status: 'succeeded',
      message: expect.stringContaining('paid twice'),
    });
  });

  it('a failure after a success: status stays succeeded, one payout.anomaly (failure_after_success)', async () => {
    const { view } = await createPayout(payoutBody('000'));
    const paid = await waitForPayout(view.reference, 'succeeded');
    const late = await callback(
      '/hooks/payouts',
      payoutCallback(view, paid.upstream_reference!, {
        status: 'failed',
        statusCode: '000005',
        failureReason: PAYOUT_FAILURE,
      }),
    );
    expect(late.status).toBe(200);
    await drainPayout(view.reference);
    const after = await getPayout(view.reference);
    expect(after.status).toBe('succeeded');
    expect(types(after)).toEqual(['payout.succeeded', 'payout.anomaly']);
    expect(after.webhooks[1]!.id).toBe(`evt_${view.reference}_anomaly_failure_after_success`);
  });
});

describe('payouts: a success applies only when it matches our records', () => {
  const cases = [
    { name: 'a short amount', extra: { amount: 2000 }, field: 'amount', reported: 2000 },
    { name: 'another currency', extra: { currency: 'KES' }, field: 'currency', reported: 'KES' },
    {
      name: 'another upstream reference',
      extra: { reference: 'SBXP-SOMEONEELSE' },
      field: 'upstream_reference',
      reported: 'SBXP-SOMEONEELSE',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: mismatch and one payout.anomaly with expected and reported, no payout.succeeded`, async () => {
      const { view, upstreamRef } = await pendingPayout();
      const res = await callback('/hooks/payouts', payoutCallback(view, upstreamRef, c.extra));
      expect(res.status).toBe(200);
      const after = await waitForPayout(view.reference, 'mismatch');
      expect(after.differences).toEqual([
        {
          field: c.field,
          expected: c.field === 'amount' ? 2500 : c.field === 'currency' ? 'UGX' : upstreamRef,
          reported: c.reported,
        },
      ]);
      expect(types(after)).toEqual(['payout.anomaly']);
      expect(after.webhooks[0]!.id).toBe(`evt_${view.reference}_anomaly_mismatch`);
      const anomaly = await deliveredWebhook(`evt_${view.reference}_anomaly_mismatch`);
      expect(anomaly.type).toBe('payout.anomaly');
      expect(anomaly.data).toMatchObject({
        reference: view.reference,
        kind: 'mismatch',
        status: 'mismatch',
        expected: { amount: 2500, currency: 'UGX', upstream_reference: upstreamRef },
        reported: { source: 'callback', status: 'success', status_code: '000000' },
        differences: after.differences,
      });
      // The upstream's own success (matching) afterwards changes nothing.
      expect(await forceOutcome(upstreamRef, 'success')).toBe(200);
      await drainPayout(view.reference);
      const later = await getPayout(view.reference);
      expect(later.status).toBe('mismatch');
      expect(types(later)).toEqual(['payout.anomaly']);
    });
  }

  it('a payout settled for more than ours is a mismatch and one payout.anomaly, never payout.succeeded', async () => {
    const { view, upstreamRef } = await pendingPayout();
    await callback('/hooks/payouts', payoutCallback(view, upstreamRef, { amount: 2600 }));
    const after = await waitForPayout(view.reference, 'mismatch');
    await vi.waitFor(async () =>
      expect(types(await getPayout(view.reference))).toEqual(['payout.anomaly']),
    );
    expect(after.differences).toEqual([{ field: 'amount', expected: 2500, reported: 2600 }]);
  });
});

describe('payouts: the reconcile horizon', () => {
  it('still unknown past RECONCILE_HORIZON_HOURS: needs_review and one payout.anomaly; a later answer settles it', async () => {
    const { view, upstreamRef } = await pendingPayout();
    await ageAndReconcile(view.reference, 0); // one status query answers pending
    await ageAndReconcile(view.reference, 25);
    const review = await getPayout(view.reference);
    expect(review.status).toBe('needs_review');
    expect(types(review)).toEqual(['payout.anomaly']);
    expect(review.webhooks[0]!.id).toBe(`evt_${view.reference}_anomaly_needs_review`);
    const anomaly = await deliveredWebhook(`evt_${view.reference}_anomaly_needs_review`);
    expect(anomaly.data).toMatchObject({
      reference: view.reference,
      kind: 'needs_review',
      status: 'needs_review',
      expected: { status: 'pending', amount: 2500, currency: 'UGX' },
      reported: { source: 'status_query', status: 'pending', status_code: '000001' },
    });
    // No more automatic status queries; running the alarm again adds nothing.
    await ageAndReconcile(view.reference, 1);
    expect(types(await getPayout(view.reference))).toEqual(['payout.anomaly']);
    // The merchant asks again: still pending upstream, still needs_review.
    const asked = await merchant(`/v1/payouts/${view.reference}/reconcile`, { method: 'POST' });
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as { status: string }).status).toBe('needs_review');
    // The upstream finally answers: its success settles the payout.
    expect(await forceOutcome(upstreamRef, 'success')).toBe(200);
    const done = await waitForPayout(view.reference, 'succeeded');
    await drainPayout(view.reference);
    expect(types(await getPayout(done.reference))).toEqual(['payout.anomaly', 'payout.succeeded']);
  });

  it('a payout younger than the horizon keeps being asked (pending, no event)', async () => {
    const { view } = await pendingPayout();
    await ageAndReconcile(view.reference, 23);
    const still = await getPayout(view.reference);
    expect(still.status).toBe('pending');
    expect(types(still)).toEqual([]);
  });
});

describe('payouts: a heard report outweighs a refused create', () => {
  it('a create refused (400 "Insufficient wallet balance") after its signed success callback came is never failed: the status query settles it, one payout.succeeded', async () => {
    await injectFault('payouts', 'answer_refused');
    const { status, view } = await createPayout(payoutBody('000'));
    expect(status, JSON.stringify(view)).toBe(201);
    expect(view.status).not.toBe('failed');
    if (view.status === 'pending') expect(view.create_state).toBe('unknown');
    await waitForPayout(view.reference, 'succeeded');
    await drainPayout(view.reference);
    expect(types(await getPayout(view.reference))).toEqual(['payout.succeeded']);
  });
});

describe('payouts: failure reports are matched on references', () => {
  it('a failure naming a transaction we were never given is one payout.anomaly (unmatched_failure), never a failure', async () => {
    const { view } = await pendingPayout();
    const foreign = await callback(
      '/hooks/payouts',
      payoutCallback(view, 'SBXP-NOTTHISONE', {
        status: 'failed',
        statusCode: '000005',
        failureReason: PAYOUT_FAILURE,
      }),
    );
    expect(foreign.status).toBe(200);
    const anomaly = await deliveredWebhook(`evt_${view.reference}_anomaly_unmatched_failure`);
    expect(anomaly.data).toMatchObject({
      kind: 'unmatched_failure',
      status: 'pending',
      differences: [expect.objectContaining({ field: 'upstream_reference' })],
    });
    await drainPayout(view.reference);
    const after = await getPayout(view.reference);
    expect(after.status).toBe('pending');
    expect(types(after)).toEqual(['payout.anomaly']);
  });
});
