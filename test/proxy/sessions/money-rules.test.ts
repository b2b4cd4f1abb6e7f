// The money rules of checkout sessions (docs/design.md, "Money rules"), one named test per rule,
// against the real sandbox at its worst legal timing: late, repeated, out of order, short,
// foreign references, 000006, no answer. Each test fails on rules that settle money on anything less.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import {
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  ref,
  startAttempt,
  attemptOn,
} from '../helpers';
import { clearFaults, forceOutcome, injectFault, runTimersNow, sandboxTxFor } from '../hostile';
import {
  collectionCallback,
  expectWebhooks,
  failedParams,
  passHorizon,
  passInputDeadlines,
  passSessionDeadline,
  successParams,
  upstreamRefOf,
  waitUntil,
  awaitingTransfer,
} from './support';

afterEach(() => clearFaults());
afterAll(() => expectNoSecrets());

/** Pending forever at the sandbox (until the test settles it). */
const KE_PENDING = '254712345005';
const CI_PENDING = '2250712345005';

async function view(id: string): Promise<CheckoutView> {
  const res = await checkout(`/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutView;
}

async function otp(id: string, code: string): Promise<{ status: number; body: unknown }> {
  const res = await checkout(`/${id}/otp`, { method: 'POST', body: JSON.stringify({ otp: code }) });
  return { status: res.status, body: await res.json() };
}

/** A KES session with one phone-prompt attempt the sandbox keeps pending. */
async function pendingPrompt(amount = 1500) {
  const { session, started } = await attemptOn(
    { amount, currency: 'KES', reference: ref('money') },
    { country_id: 1, method: 'send money', mobile: KE_PENDING },
  );
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const attemptId = started.json.attempt!.id;
  return { session, attemptId, upstreamRef: await upstreamRefOf(attemptId) };
}

describe('OTP', () => {
  it('an accepted OTP that settles after the OTP deadline: one checkout.succeeded, never checkout.failed', async () => {
    const { session, started } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('otp') },
      { country_id: 3, method: 'Orange', mobile: CI_PENDING },
    );
    expect(started.json.attempt?.next?.type).toBe('enter_otp');
    const attemptId = started.json.attempt!.id;
    expect((await otp(session.id, '000000')).status).toBe(200);
    expect((await view(session.id)).attempt?.next).toEqual({ type: 'confirming' });

    // 2:00 passes: our clock closes nothing that was already given, and asks the upstream.
    await passInputDeadlines(session.id);
    await runTimersNow(session.id);
    let s = await getSession(session.id);
    expect(s.status).toBe('pending');
    expect(s.attempts[0]).toMatchObject({ status: 'pending', input: 'given' });
    const payer = await view(session.id);
    expect(payer.attempt?.next).toEqual({ type: 'confirming' });
    expect(payer.can_retry).toBe(false);

    // 2:30: the upstream settles.
    expect(await forceOutcome(await upstreamRefOf(attemptId), 'success')).toBe(200);
    s = await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    expect(s.attempts[0]?.status).toBe('succeeded');
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('the same OTP sent again after it was accepted is refused here, never forwarded, and fails nothing', async () => {
    const { session, started } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('otp2') },
      { country_id: 3, method: 'Orange', mobile: CI_PENDING },
    );
    const attemptId = started.json.attempt!.id;
    expect((await otp(session.id, '000000')).status).toBe(200);
    const before = (await sandboxTxFor(attemptId))[0]!.otp_attempts;
    for (let i = 0; i < 4; i++) {
      const again = await otp(session.id, '000000');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: { code: 'NO_ATTEMPT_WAITING' } });
    }
    expect((await sandboxTxFor(attemptId))[0]!.otp_attempts).toBe(before);
    const s = await getSession(session.id);
    expect(s.attempts[0]).toMatchObject({ status: 'pending', input: 'given' });
    expect(await forceOutcome(await upstreamRefOf(attemptId), 'success')).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('three refused codes close the input but the upstream still settles the money', async () => {
    const { session, started } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('otp3') },
      { country_id: 3, method: 'Orange', mobile: CI_PENDING },
    );
    const attemptId = started.json.attempt!.id;
    for (let i = 0; i < 3; i++) await otp(session.id, '123456');
    const lapsed = await view(session.id);
    expect(lapsed.status).toBe('open');
    expect(lapsed.attempt?.next).toEqual({ type: 'input_lapsed', reason: 'otp_locked' });
    expect(await forceOutcome(await upstreamRefOf(attemptId), 'success')).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });
});

describe('matching a success against our records', () => {
  it('a verified success for less than the amount is a mismatch: no success, one checkout.anomaly', async () => {
    const { session, attemptId, upstreamRef } = await pendingPrompt(1500);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    const s = await waitUntil(session.id, (x) => expect(x.attempts[0]?.status).toBe('mismatch'));
    expect(s.status).not.toBe('succeeded');
    expect(s.attempts[0]?.reported?.differences).toEqual([
      { field: 'amount', expected: 1500, reported: 1000 },
    ]);
    // The payer's money is held: the session asks the shop to act, never "expired".
    expect(s.status).toBe('requires_action');
    const hooks = await expectWebhooks(session.id, [
      'checkout.anomaly',
      'checkout.requires_action',
    ]);
    const anomaly = hooks.find((w) => w.body.type === 'checkout.anomaly');
    expect(anomaly!.body.data).toMatchObject({
      anomaly: {
        kind: 'mismatch',
        expected: { amount: 1500, currency: 'KES', upstream_reference: upstreamRef },
        reported: { amount: 1000 },
      },
    });
    // The payer is asked to contact the shop, not to pay again.
    const payer = await view(session.id);
    expect(payer.attempt?.status).toBe('mismatch');
    expect(payer.can_retry).toBe(false);
  });

  it('a verified success with an upstream reference other than the create returned is a mismatch', async () => {
    const { session, attemptId, upstreamRef } = await pendingPrompt();
    const foreign = `${upstreamRef}-OTHER`;
    expect(await collectionCallback(successParams(attemptId, foreign, 1500))).toBe(200);
    const s = await waitUntil(session.id, (x) => expect(x.attempts[0]?.status).toBe('mismatch'));
    expect(s.status).not.toBe('succeeded');
    expect(s.attempts[0]?.reported?.differences).toEqual([
      { field: 'upstream_reference', expected: upstreamRef, reported: foreign },
    ]);
    await expectWebhooks(session.id, ['checkout.anomaly', 'checkout.requires_action']);
  });

  it('an overpaid NGN transfer counts as paid for the expected amount', async () => {
    const { session, attemptId, upstreamRef } = await awaitingTransfer(15000);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 20000))).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    const [hook] = await expectWebhooks(session.id, ['checkout.succeeded']);
    expect(hook!.body.data).toMatchObject({ amount: 15000 });
  });

  it('a success that lands while the create is still on its way is judged against the create reference', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('slow') });
    await injectFault('collections', 'delay', 1, 1200);
    const creating = startAttempt(session.id, {
      country_id: 1,
      method: 'send money',
      mobile: KE_PENDING,
    });
    const attemptId = `${session.id}.1`;
    // The upstream calls back (with a reference that is not the one it will answer) before
    // its create answer arrives.
    await waitUntil(session.id, (x) => expect(x.attempts).toHaveLength(1));
    expect(await collectionCallback(successParams(attemptId, 'SBX-FOREIGN-REF', 1500))).toBe(200);
    expect((await creating).status).toBe(201);
    const s = await waitUntil(session.id, (x) => expect(x.attempts[0]?.status).toBe('mismatch'));
    expect(s.status).not.toBe('succeeded');
  });
});

describe('our clocks never decide money', () => {
  it('a virtual account paid just before expiry and confirmed after it is a normal success', async () => {
    const { session, started } = await attemptOn(
      { amount: 15000, currency: 'NGN', reference: ref('va') },
      { country_id: 17, method: 'virtual_account', account_name: 'Ada Obi', bank_code: '17002' },
    );
    const attemptId = started.json.attempt!.id;
    const upstreamRef = await upstreamRefOf(attemptId);
    await passInputDeadlines(session.id); // 30:00 — the transfer was made at 29:50
    expect((await view(session.id)).attempt?.next).toEqual({
      type: 'input_lapsed',
      reason: 'account_expired',
    });
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 15000))).toBe(200); // 30:20
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('000006 (timeout) is not final: the attempt keeps being asked about and a later success completes it', async () => {
    const { session, attemptId, upstreamRef } = await pendingPrompt();
    expect(await collectionCallback(failedParams(attemptId, upstreamRef, '000006'))).toBe(200);
    await runTimersNow(session.id);
    let s = await getSession(session.id);
    expect(s.attempts[0]?.status).toBe('pending');
    expect(s.status).toBe('pending');
    expect(await forceOutcome(upstreamRef, 'success')).toBe(200);
    s = await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('a status query answering 000006 changes nothing', async () => {
    const session = await createSession({ amount: 300, currency: 'RWF', reference: ref('rw') });
    await injectFault('collections', 'no_callback');
    const started = await startAttempt(session.id, {
      country_id: 8,
      method: 'Airtel',
      mobile: '250781234002',
    });
    // The sandbox times the collection out (000006) after its callback delay, silently.
    await vi.waitFor(
      async () =>
        expect((await sandboxTxFor(started.json.attempt!.id))[0]?.status_code).toBe('000006'),
      { timeout: 5000, interval: 100 },
    );
    for (let i = 0; i < 3; i++) await runTimersNow(session.id);
    const s = await getSession(session.id);
    expect(
      s.history.some((e) => e.type === 'status_query' && e.data?.status_code === '000006'),
    ).toBe(true);
    expect(s.attempts[0]?.status).toBe('pending');
    expect(s.webhooks.map((w) => w.type)).not.toContain('checkout.failed');
  });

  it('unknown past the horizon becomes needs_review with one anomaly; a later success still completes the session', async () => {
    const { session, upstreamRef } = await pendingPrompt();
    await passHorizon(session.id);
    let s = await waitUntil(session.id, (x) => expect(x.attempts[0]?.status).toBe('needs_review'));
    expect(s.status).toBe('requires_action');
    await passHorizon(session.id);
    await expectWebhooks(session.id, ['checkout.anomaly', 'checkout.requires_action']);
    expect(await forceOutcome(upstreamRef, 'success')).toBe(200);
    s = await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    await expectWebhooks(session.id, [
      'checkout.anomaly',
      'checkout.requires_action',
      'checkout.succeeded',
    ]);
  });

  it("the merchant's reconcile settles a needs_review attempt the upstream has since paid", async () => {
    await injectFault('collections', 'no_callback'); // the upstream will never call back
    const { session, upstreamRef } = await pendingPrompt();
    await passHorizon(session.id);
    await waitUntil(session.id, (x) => expect(x.attempts[0]?.status).toBe('needs_review'));
    expect(await forceOutcome(upstreamRef, 'success')).toBe(200); // silently
    const res = await merchant(`/v1/sessions/${session.id}/reconcile`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('succeeded');
    await expectWebhooks(session.id, [
      'checkout.anomaly',
      'checkout.requires_action',
      'checkout.succeeded',
    ]);
  });

  it('a session whose payer acted stays pending past its own deadline, then succeeds', async () => {
    const { session, started } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('late') },
      { country_id: 3, method: 'Orange', mobile: CI_PENDING },
    );
    expect((await otp(session.id, '000000')).status).toBe(200);
    await passSessionDeadline(session.id);
    expect((await getSession(session.id)).status).toBe('pending');
    expect(await forceOutcome(await upstreamRefOf(started.json.attempt!.id), 'success')).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });
});

describe('one success per session', () => {
  it('a prompt left unanswered lets the payer start again; when both settle paid the second is an anomaly, never a second success', async () => {
    const { session, upstreamRef: first } = await pendingPrompt();
    await passInputDeadlines(session.id);
    const open = await view(session.id);
    expect(open.status).toBe('open');
    expect(open.attempt?.next).toEqual({ type: 'input_lapsed', reason: 'prompt_unanswered' });
    const second = await startAttempt(session.id, {
      country_id: 1,
      method: 'send money',
      mobile: KE_PENDING,
    });
    expect(second.status).toBe(201);
    const secondRef = await upstreamRefOf(second.json.attempt!.id);
    expect(await forceOutcome(first, 'success')).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    expect(await forceOutcome(secondRef, 'success')).toBe(200);
    await waitUntil(session.id, (x) => expect(x.attempts[1]?.status).toBe('succeeded'));
    const hooks = await expectWebhooks(session.id, ['checkout.anomaly', 'checkout.succeeded']);
    expect(hooks.find((h) => h.body.type === 'checkout.anomaly')!.body.data).toMatchObject({
      anomaly: { kind: 'second_success' },
    });
  });

  it('a failure reported after a success changes nothing and is reported as an anomaly', async () => {
    const { session, attemptId, upstreamRef } = await pendingPrompt();
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1500))).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    expect(await collectionCallback(failedParams(attemptId, upstreamRef))).toBe(200);
    const hooks = await expectWebhooks(session.id, ['checkout.anomaly', 'checkout.succeeded']);
    expect(hooks.find((h) => h.body.type === 'checkout.anomaly')!.body.data).toMatchObject({
      anomaly: { kind: 'failure_after_success' },
    });
    expect((await getSession(session.id)).status).toBe('succeeded');
  });
});

describe('callbacks that say nothing final', () => {
  it('a verified non-terminal callback (payment_step 1) is answered 200, stored, and changes nothing', async () => {
    const { session, attemptId, upstreamRef } = await pendingPrompt();
    const status = await collectionCallback(
      successParams(attemptId, upstreamRef, 1500, { payment_step: 1 }),
    );
    expect(status).toBe(200);
    const s = await getSession(session.id);
    expect(s.attempts[0]?.status).toBe('pending');
    expect(s.callbacks.map((c) => c.applied)).toEqual(['ignored']);
  });
});
