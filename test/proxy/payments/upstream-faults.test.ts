// Upstream faults injected through the real sandbox (POST /control/faults): 5xx answers, answers
// that are not JSON, answers slower than our timeout, callbacks that never come, callbacks out
// of order. In every case the widget reads a clear state, the attempt is never lost, a create
// whose fate is unknown is never re-sent (the status query decides), and the outcome converges
// with one webhook per outcome.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import {
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  postCallback,
  ref,
  sandbox,
  signedCallback,
} from '../helpers';
import {
  clearFaults,
  forceOutcome,
  freshIp,
  holdStatusQueries,
  injectFault,
  recordFigures,
  runTimersNow,
  sandboxTxFor,
  webhooksFor,
} from '../hostile';

afterAll(() => expectNoSecrets());
afterEach(() => clearFaults());
/** Sessions given an attempt: their status queries are held after each test (a pending one
 * would otherwise keep asking the sandbox on its own and could take a later test's fault). */
const attempted = new Set<string>();
afterEach(async () => {
  for (const id of attempted) await holdStatusQueries(id);
  attempted.clear();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const faultsTried = new Set<string>();
afterAll(() =>
  recordFigures('upstream_faults', {
    fault_kinds: faultsTried.size,
    kinds: [...faultsTried].sort().join(', '),
  }),
);

/** Starts an attempt as the widget does (a fresh client address each time). */
async function attempt(sessionId: string, body: Record<string, unknown>) {
  attempted.add(sessionId);
  const res = await checkout(`/${sessionId}/attempts`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': freshIp() },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as CheckoutView & { error?: { code: string } },
  };
}

/** Runs the session's timers until its latest attempt is terminal and its webhooks delivered. */
async function converge(sessionId: string, timeout = 8000): Promise<MerchantSession> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await runTimersNow(sessionId);
    const session = await getSession(sessionId);
    const last = session.attempts.at(-1);
    const done =
      last !== undefined &&
      last.status !== 'pending' &&
      session.webhooks.every((w) => w.status === 'delivered');
    if (done || Date.now() > deadline) return session;
    await sleep(50);
  }
}

/** Runs the session's timers until `done` holds for it (or the time is up). */
async function runUntil(
  sessionId: string,
  done: (session: MerchantSession) => boolean,
  timeout = 8000,
): Promise<MerchantSession> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await runTimersNow(sessionId);
    const session = await getSession(sessionId);
    if (done(session) || Date.now() > deadline) return session;
    await sleep(50);
  }
}

function expectClearPendingView(view: CheckoutView): void {
  expect(view.status).toBe('pending');
  expect(view.attempt?.status).toBe('pending');
  expect(view.attempt?.next?.type).toBeTruthy();
}

const KENYA = (phone: string) => ({ country_id: 1, method: 'send money', mobile: phone });

describe('the create call fails', () => {
  for (const fault of ['error', 'malformed'] as const) {
    it(`answers ${fault === 'error' ? '500' : 'a body that is not JSON'}: pending view, status query decides, retry only after`, async () => {
      faultsTried.add(`collections:${fault}`);
      const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('f') });
      await injectFault('collections', fault);
      const first = await attempt(session.id, KENYA('254712345000'));
      expect(first.status).toBe(201);
      expectClearPendingView(first.json);
      const stored = await getSession(session.id);
      expect(stored.attempts[0]).toMatchObject({ status: 'pending', create_state: 'unknown' });
      // The widget retries at once: refused, nothing re-sent.
      const retry = await attempt(session.id, KENYA('254712345000'));
      expect(retry.status).toBe(409);
      expect(retry.json.error?.code).toBe('ATTEMPT_IN_PROGRESS');
      expect(await sandboxTxFor(`${session.id}.1`)).toHaveLength(0);
      expect(await sandboxTxFor(`${session.id}.2`)).toHaveLength(0);
      // The sandbox never processed it: three "not found" answers release the session for a
      // new attempt, but say nothing about the money (a lagging replica says the same about a
      // collection it has): the attempt stays pending under reconcile, no checkout.failed.
      const done = await runUntil(session.id, (x) => x.status === 'open');
      expect(done.attempts[0]).toMatchObject({ status: 'pending', input: 'lapsed' });
      expect(done.status).toBe('open');
      expect(done.webhooks.map((w) => w.type)).toEqual([]);
      // Now a new attempt (a new reference) goes through.
      const second = await attempt(session.id, KENYA('254712345000'));
      expect(second.status).toBe(201);
      const paid = await converge(session.id);
      expect(paid.status).toBe('succeeded');
      expect(paid.attempts.map((a) => a.status)).toEqual(['pending', 'succeeded']);
      expect(paid.webhooks.map((w) => w.type)).toEqual(['checkout.succeeded']);
      expect((await sandboxTxFor(`${session.id}.2`)).length).toBe(1);
    });
  }

  it('answers after our timeout: the widget still reads pending; the upstream record decides', async () => {
    faultsTried.add('collections:delay past timeout');
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('f') });
    await injectFault('collections', 'delay', 1, 2200); // UPSTREAM_TIMEOUT_MS is 1500 in tests
    const started = Date.now();
    const first = await attempt(session.id, KENYA('254712345000'));
    expect(Date.now() - started).toBeLessThan(2200);
    expect(first.status).toBe(201);
    expectClearPendingView(first.json);
    expect((await getSession(session.id)).attempts[0]?.create_state).toBe('unknown');
    // A real network delay is what is under test here: the sandbox answers after 2.2 s, our
    // timeout cut the call at 1.5 s, and no event tells whether the sandbox still processes a
    // call whose caller went away. Wait out the rest of its delay (a commented exception to
    // "no sleep over 100 ms").
    await sleep(Math.max(0, started + 2200 + 200 - Date.now()));
    const record = await sandboxTxFor(`${session.id}.1`);
    expect(record.length).toBeLessThanOrEqual(1);
    if (record.length === 1) {
      const done = await converge(session.id);
      expect(done.status).toBe('succeeded');
      expect(done.webhooks.map((w) => w.type)).toEqual(['checkout.succeeded']);
    } else {
      // "Not created" three times: the payer may start again, nobody is told "failed".
      const done = await runUntil(session.id, (x) => x.status === 'open');
      expect(done.attempts[0]).toMatchObject({ status: 'pending', input: 'lapsed' });
      expect(done.webhooks.map((w) => w.type)).toEqual([]);
    }
    const done = await getSession(session.id);
    expect(done.attempts).toHaveLength(1);
  });

  it('is slow but in time while status queries already run: their "not found" does not fail it', async () => {
    faultsTried.add('collections:slow, status queries meanwhile');
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('f') });
    await injectFault('collections', 'delay', 1, 1000);
    const pending = attempt(session.id, KENYA('254712345005'));
    await expect
      .poll(async () => (await getSession(session.id)).attempts.length, { timeout: 2000 })
      .toBe(1);
    for (let i = 0; i < 4; i++) {
      await runTimersNow(session.id); // a status query while the create is on its way
      await sleep(100);
    }
    const first = await pending;
    expect(first.status).toBe(201);
    const mid = await getSession(session.id);
    expect(mid.attempts[0]).toMatchObject({ status: 'pending', create_state: 'accepted' });
    const [tx] = await sandboxTxFor(`${session.id}.1`);
    expect(await forceOutcome(tx!.ref, 'success')).toBe(200);
    const done = await converge(session.id);
    expect(done.status).toBe('succeeded');
    expect(done.webhooks.map((w) => w.type)).toEqual(['checkout.succeeded']);
  });
});

describe('the callback never comes', () => {
  it('a silent success (no_callback): status queries find it, through 500 and garbage answers', async () => {
    faultsTried.add('collections:no_callback');
    faultsTried.add('status:error');
    faultsTried.add('status:malformed');
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('f') });
    await injectFault('collections', 'no_callback');
    const first = await attempt(session.id, KENYA('254712345000'));
    expect(first.status).toBe(201);
    await holdStatusQueries(session.id); // the test runs them, each with its fault
    // The sandbox settles it (success) without calling back.
    await vi.waitFor(
      async () => expect((await sandboxTxFor(`${session.id}.1`))[0]?.status).toBe('success'),
      { timeout: 5000, interval: 20 },
    );
    await injectFault('status', 'error');
    await runTimersNow(session.id);
    await holdStatusQueries(session.id);
    await injectFault('status', 'malformed');
    await runTimersNow(session.id);
    const mid = await getSession(session.id);
    expect(mid.attempts[0]?.status).toBe('pending');
    expect(mid.history.filter((e) => e.type === 'status_query').length).toBeGreaterThanOrEqual(2);
    const done = await converge(session.id);
    expect(done.status).toBe('succeeded');
    expect(done.callbacks).toHaveLength(0);
    expect(done.webhooks.map((w) => w.type)).toEqual(['checkout.succeeded']);
  });

  it('a status query slower than our timeout is retried later', async () => {
    faultsTried.add('status:delay past timeout');
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('f') });
    await injectFault('status', 'delay', 1, 2000);
    await attempt(session.id, KENYA('254712345003'));
    // The session's own first status query (after 0.3 s) waits 2 s; we give up after 1.5 s. Read
    // as soon as the timeout is logged (the next query is 0.6 s later).
    const timedOut = await vi.waitFor(
      async () => {
        const session_ = await getSession(session.id);
        expect(
          session_.history
            .filter((e) => e.type === 'status_query')
            .map((e) => (e.data as { answer?: string } | null)?.answer),
        ).toContain('timeout');
        return session_;
      },
      { timeout: 8000, interval: 50 },
    );
    expect(timedOut.attempts[0]?.status).toBe('pending');
    const done = await converge(session.id);
    expect(done.status).toBe('succeeded');
    // The first status query timed out, a later one answered.
    const answers = done.history
      .filter((e) => e.type === 'status_query')
      .map((e) => (e.data as { answer?: string } | null)?.answer);
    expect(answers).toContain('timeout');
  });
});

describe('callbacks out of order', () => {
  it('late and contradictory callbacks raise one anomaly each; money taken after a failure holds the session for the shop', async () => {
    faultsTried.add('callbacks:late, resent, contradictory');
    const session = await createSession({ amount: 2500, currency: 'UGX', reference: ref('f') });
    const first = await attempt(session.id, {
      country_id: 11,
      method: 'mtn',
      mobile: '256772000001',
    });
    expect(first.status).toBe(201);
    const failed = await converge(session.id);
    expect(failed.attempts[0]?.status).toBe('failed');
    const second = await attempt(session.id, {
      country_id: 11,
      method: 'mtn',
      mobile: '256772000005',
    });
    expect(second.status).toBe(201);
    const [tx1] = await sandboxTxFor(`${session.id}.1`);
    // The sandbox resends attempt 1's (failed) callback while attempt 2 is pending.
    const resent = await sandbox(`/control/transactions/${tx1!.ref}/resend`, { method: 'POST' });
    expect(resent.status).toBe(202);
    // The resent callback reaches the proxy (its processing ends before the sandbox records it).
    await vi.waitFor(
      async () => {
        const [tx] = await sandboxTxFor(`${session.id}.1`);
        expect(tx!.callbacks.length).toBeGreaterThanOrEqual(2);
        expect(tx!.callbacks.filter((c) => c.delivered_at === null)).toEqual([]);
      },
      { timeout: 5000, interval: 20 },
    );
    // A success for attempt 1 arrives after its failure (contradictory, out of order).
    const lateSuccess = await postCallback(
      '/hooks/collections',
      await signedCallback({
        amount: 2500,
        depositId: tx1!.ref,
        mobile: '256772000001',
        payment_step: 2,
        reference: tx1!.ref,
        status: 'success',
        statusCode: '000000',
        third_party_reference_1: `${session.id}.1`,
      }),
    );
    expect(lateSuccess.status).toBe(200);
    let mid = await getSession(session.id);
    expect(mid.attempts.map((a) => a.status)).toEqual(['failed', 'pending']);
    // The payer was charged after all: the shop must refund or accept it.
    expect(mid.status).toBe('requires_action');
    // Attempt 2 succeeds; then a failure for it arrives (out of order): absorbed.
    const [tx2] = await sandboxTxFor(`${session.id}.2`);
    expect(await forceOutcome(tx2!.ref, 'success')).toBe(200);
    mid = await converge(session.id);
    expect(mid.status).toBe('succeeded');
    const lateFailure = await postCallback(
      '/hooks/collections',
      await signedCallback({
        amount: 2500,
        depositId: tx2!.ref,
        failureReason: { failureCode: 'PM-001', failureMessage: 'Declined.' },
        mobile: '256772000005',
        payment_step: 2,
        reference: tx2!.ref,
        status: 'failed',
        statusCode: '000005',
        third_party_reference_1: `${session.id}.2`,
      }),
    );
    expect(lateFailure.status).toBe(200);
    const done = await converge(session.id);
    expect(done.attempts.map((a) => a.status)).toEqual(['failed', 'succeeded']);
    expect(done.status).toBe('succeeded');
    // Each contradiction is reported once: money taken after a failure, a failure after a success.
    expect(done.webhooks.map((w) => w.type).sort()).toEqual([
      'checkout.anomaly',
      'checkout.anomaly',
      'checkout.failed',
      'checkout.requires_action',
      'checkout.succeeded',
    ]);
    expect(
      done.webhooks
        .map((w) => w.id)
        .filter((id) => id.includes('anomaly'))
        .sort(),
    ).toEqual([
      `evt_${session.id}.1_anomaly_success_after_failure`,
      `evt_${session.id}.2_anomaly_failure_after_success`,
    ]);
    await expect
      .poll(async () => new Set((await webhooksFor(session.id)).map((w) => w.webhook_id)).size)
      .toBe(5);
  });
});

describe('the OTP step fails upstream', () => {
  it('a 500 on process-transaction: the code may have passed: no try used, the session holds until the upstream decides', async () => {
    faultsTried.add('process-transaction:error');
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('f') });
    const started = await attempt(session.id, {
      country_id: 3,
      method: 'Orange',
      mobile: '2250712345000',
    });
    expect(started.status).toBe(201);
    await injectFault('process-transaction', 'error');
    const unknown = await checkout(`/${session.id}/otp`, {
      method: 'POST',
      body: JSON.stringify({ otp: '000000' }),
    });
    // Unknown is not "no": the payer is told the payment is being confirmed, not to retry.
    expect(unknown.status).toBe(200);
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.attempt).toMatchObject({ input: 'given', next: { type: 'confirming' } });
    expect(view.can_retry).toBe(false);
    // Here the upstream never saw the code: its report (the OTP's expiry, forced now) settles
    // the attempt failed, and the payer may start again.
    const [tx] = await sandboxTxFor(started.json.attempt!.id);
    expect(await forceOutcome(tx!.ref, 'failed')).toBe(200);
    const settled = await converge(session.id);
    expect(settled.attempts[0]?.status).toBe('failed');
    expect(settled.status).toBe('open');
  });
});

describe('merchant routes', () => {
  it('a status query answering 500 or garbage is a 502 in the error shape, never a crash', async () => {
    faultsTried.add('status:error (merchant route)');
    for (const fault of ['error', 'malformed'] as const) {
      await injectFault('status', fault);
      const res = await merchant('/v1/transactions/order-1?type=payin');
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });
    }
  });
});
