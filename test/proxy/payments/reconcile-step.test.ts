// Judging an upstream answer: the status-query step every payment runs, and failure reports
// matched on references as success reports are.

import { describe, expect, it, afterAll } from 'vitest';
import { reconcileStep, type PaymentPort } from '../../../worker/payment/reconcile-step';
import { readStatusAnswer, type StatusResult } from '../../../worker/payment/status-answer';
import { createSession, expectNoSecrets, getSession, ref, startAttempt } from '../helpers';
import {
  collectionCallback,
  expectWebhooks,
  failedParams,
  upstreamRefOf,
} from '../sessions/support';

// The status-query step every payment runs (worker/payment/reconcile-step.ts, status-answer.ts;
// docs/design.md, "Money rules", rules 3 and 8): what an answer means, when "not created" may
// count, and that nothing holds a payment back from its horizon.

const NOT_CREATED = 'the service user not found or Transaction was not created!';
const config = { reconcileDelaySeconds: 30, reconcileHorizonMs: 24 * 3_600_000 };

/** A port that records what the step asked of it. */
function port(over: Partial<PaymentPort> & { createdAt?: number } = {}) {
  const calls: string[] = [];
  let count = 0;
  const p: PaymentPort = {
    createdAt: over.createdAt ?? Date.now(),
    pending: () => true,
    mayInferNotCreated: () => true,
    countNotCreated: () => (count += 1),
    notCreated: (n) => calls.push(`not_created:${n}`),
    recordSeen: () => calls.push('record_seen'),
    applyRecord: (r) => calls.push(`apply:${r.outcome}`),
    unknown: (a) => calls.push(`unknown:${a.kind}`),
    horizonReached: () => calls.push('horizon'),
    scheduleNext: () => calls.push('next'),
    ...over,
  };
  return { p, calls };
}

const rejected = (status: number, message: string): StatusResult => ({
  kind: 'rejected',
  status,
  message,
  body: { success: false, message },
});

describe('reading a status answer', () => {
  it('reads the top-level status_code when data has none', () => {
    const answer = readStatusAnswer({
      kind: 'ok',
      status: 200,
      body: {
        success: true,
        message: 'ok',
        status_code: '000000',
        data: { status: 'success', amount: 1500 },
      },
    });
    expect(answer).toMatchObject({ kind: 'record', outcome: 'success' });
  });

  it('only the "not created" 400 is not_created; any other refusal is unknown', () => {
    expect(readStatusAnswer(rejected(400, NOT_CREATED)).kind).toBe('not_created');
    expect(readStatusAnswer(rejected(400, 'Invalid signature')).kind).toBe('unknown');
    expect(readStatusAnswer(rejected(403, NOT_CREATED)).kind).toBe('unknown');
    expect(readStatusAnswer({ kind: 'timeout' }).kind).toBe('unknown');
  });
});

describe('the status-query step', () => {
  it('a query that throws is unknown and never holds the payment back from its horizon', async () => {
    const old = port({ createdAt: Date.now() - 25 * 3_600_000 });
    const boom = () => Promise.reject(new Error('a configuration error'));
    await reconcileStep(old.p, boom, config, true);
    expect(old.calls).toEqual(['unknown:unknown', 'horizon']);
    const young = port();
    await reconcileStep(young.p, boom, config, true);
    expect(young.calls).toEqual(['unknown:unknown', 'next']);
  });

  it('"not created" counts only while the kind allows it, and three call notCreated', async () => {
    const counted = port();
    for (let i = 0; i < 3; i += 1) {
      await reconcileStep(counted.p, async () => rejected(400, NOT_CREATED), config, true);
    }
    expect(counted.calls).toEqual([
      'unknown:not_created',
      'next',
      'unknown:not_created',
      'next',
      'not_created:3',
      'next',
    ]);
    const exists = port({ mayInferNotCreated: () => false });
    await reconcileStep(exists.p, async () => rejected(400, NOT_CREATED), config, true);
    expect(exists.calls).toEqual(['unknown:not_created', 'next']);
  });

  it('a record is seen before it is applied; the manual query touches neither horizon nor backoff', async () => {
    const { p, calls } = port({ createdAt: Date.now() - 25 * 3_600_000 });
    const ok: StatusResult = {
      kind: 'ok',
      status: 200,
      body: { success: true, message: 'ok', data: { status: 'failed', status_code: '000005' } },
    };
    await reconcileStep(p, async () => ok, config, false);
    expect(calls).toEqual(['record_seen', 'apply:failed']);
  });
});

// Failure reports are matched on references as success reports are (worker/payment/judge.ts,
// shared by every kind): a checkout attempt's side. Payouts and refunds: payouts/payout-money-rules.test.ts and
// refunds/refunds-unkind.test.ts. The real proxy and the real sandbox; callbacks signed as the upstream
// signs them.

afterAll(() => expectNoSecrets());

describe('checkout attempts: failure reports are matched on references', () => {
  it('a failure naming a transaction the attempt was never given is one checkout.anomaly (unmatched_failure): the attempt stays pending', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES', reference: ref('fr') });
    // Ending 005: the sandbox keeps the collection pending.
    const started = await startAttempt(session.id, {
      country_id: 1,
      method: 'send money',
      mobile: '254712345005',
    });
    expect(started.status).toBe(201);
    const attemptId = started.json.attempt!.id;
    expect(await upstreamRefOf(attemptId)).toMatch(/^SBX-/);
    expect(await collectionCallback(failedParams(attemptId, 'SBX-NOTTHISONE'))).toBe(200);
    const [hook] = await expectWebhooks(session.id, ['checkout.anomaly']);
    expect(hook!.body.data).toMatchObject({
      anomaly: {
        kind: 'unmatched_failure',
        differences: [expect.objectContaining({ field: 'upstream_reference' })],
      },
    });
    const after = await getSession(session.id);
    expect(after.status).toBe('pending');
    expect(after.attempts[0]!.status).toBe('pending');
  });
});
