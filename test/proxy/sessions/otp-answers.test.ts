// Answers about the payer's input that we never heard, or that are not theirs. An OTP whose
// answer never came (the sandbox's `request_lost`: it never arrived; `answer_lost`: applied, its
// answer lost) is sent once more by the proxy itself: "already processed" is given, a definite
// wrong code is a try, and with both answers lost the input stays open (the session holds) and
// the payer's code is sent again. Nobody is told not to pay again. A 403 on process-transaction
// (our credentials, the walled sandbox) is no wrong try. The redirect return page's
// outcome=failure is an unsigned hint: the session is released only once a status query answered.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import {
  BASE,
  checkout,
  expectNoSecrets,
  getSession,
  ref,
  startAttempt,
  waitForSession,
  attemptOn,
} from '../helpers';
import {
  clearFaults,
  forceOutcome,
  freshIp,
  injectFault,
  runTimersNow,
  sandboxTxFor,
  webhooksFor,
} from '../hostile';
import { exports } from 'cloudflare:workers';
import { sessionObject, withObjectEnv } from '../objects';
import { passInputDeadlines } from './support';

afterAll(() => expectNoSecrets());
afterEach(() => clearFaults());

type Answer = CheckoutView & { error?: { code: string; details?: { tries_left?: number } } };

async function submitOtp(
  sessionId: string,
  otp: string,
): Promise<{ status: number; json: Answer }> {
  // A fresh address each: the per-address OTP limit is not what these tests are about.
  const res = await checkout(`/${sessionId}/otp`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': freshIp() },
    body: JSON.stringify({ otp }),
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

/** An OTP attempt (Côte d'Ivoire, Orange) for a payer phone ending in `ending`. */
async function otpSession(ending: string) {
  const { session, started } = await attemptOn(
    { amount: 5000, currency: 'XOF', reference: ref('otp') },
    { country_id: 3, method: 'Orange', mobile: `2250712345${ending}` },
  );
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  expect(started.json.attempt?.next).toMatchObject({ type: 'enter_otp', tries_left: 3 });
  return { session, attemptId: started.json.attempt!.id };
}

/** The attempt's stored count of wrong codes (what the lock counts). */
async function otpTries(sessionId: string, attemptId: string): Promise<number> {
  return runInDurableObject(sessionObject(sessionId), (_instance, state) => {
    const row = state.storage.sql
      .exec<{ otp_tries: number }>('SELECT otp_tries FROM attempts WHERE id = ?', attemptId)
      .one();
    return row.otp_tries;
  });
}

/** The session holds: a new attempt is refused while this one's code may be with the upstream. */
async function expectHeld(sessionId: string): Promise<void> {
  const second = await startAttempt(sessionId, {
    country_id: 3,
    method: 'Orange',
    mobile: '2250712345000',
  });
  expect(second.json.error?.code).toBe('ATTEMPT_IN_PROGRESS');
}

/** Past the proxy's timeout (UPSTREAM_TIMEOUT_MS is 1500 in tests). */
const PAST_TIMEOUT_MS = 1700;

describe('an OTP whose answer was lost', () => {
  it('never reached the upstream: the proxy sends the same code once more, and the payment goes on', async () => {
    const { session, attemptId } = await otpSession('000');
    // The first request times out and never arrives; the resend is the one that counts.
    await injectFault('process-transaction', 'request_lost', 1, PAST_TIMEOUT_MS);
    const sent = await submitOtp(session.id, '000000');
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json.attempt).toMatchObject({ input: 'given', next: { type: 'confirming' } });
    const [tx] = await sandboxTxFor(attemptId);
    expect(tx!.stage).not.toBe('awaiting_otp');
    expect(tx!.otp_attempts).toBe(0);
    await waitForSession(session.id, 'succeeded');
  });

  it('the upstream had it: the resend\'s "already processed" is given, no try used, never "do not pay again"', async () => {
    // 005: after the OTP the payment stays pending, so the hold can be seen.
    const { session, attemptId } = await otpSession('005');
    await injectFault('process-transaction', 'answer_lost');
    const lost = await submitOtp(session.id, '000000');
    expect(lost.status, JSON.stringify(lost.json)).toBe(200);
    expect(lost.json.attempt).toMatchObject({ input: 'given', next: { type: 'confirming' } });
    expect(lost.json.attempt?.next).not.toHaveProperty('unconfirmed');
    expect(await otpTries(session.id, attemptId)).toBe(0);
    const [tx] = await sandboxTxFor(attemptId);
    expect(tx!.otp_attempts).toBe(0);
    // The upstream has the code: a repeat is not sent, and nobody is told not to pay again.
    const again = await submitOtp(session.id, '000000');
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('NO_ATTEMPT_WAITING');
    expect(JSON.stringify(again.json.error)).not.toMatch(/pay again/i);
    await expectHeld(session.id);
    expect(await forceOutcome(tx!.ref, 'success')).toBe(200);
    const done = await waitForSession(session.id, 'succeeded');
    expect(done.attempts).toHaveLength(1);
  });

  it.each(['request_lost', 'answer_lost'] as const)(
    'both sends unanswered (%s): the input stays open, the session holds, the code entered again is sent',
    async (fault) => {
      // 005: after the code the payment stays pending, so with answer_lost (the upstream has
      // the code) no callback can settle the session before the payer comes back.
      const { session, attemptId } = await otpSession('005');
      await injectFault('process-transaction', fault, 2);
      // The payer comes back before the status query asks (a query run between the two
      // submits could see the code applied).
      const stub = sessionObject(session.id);
      await withObjectEnv(stub, { RECONCILE_DELAY_SECONDS: '3600' }, async () => {
        const unknown = await submitOtp(session.id, '000000');
        expect(unknown.status, JSON.stringify(unknown.json)).toBe(200);
        expect(unknown.json.attempt).toMatchObject({
          input: 'awaiting',
          next: { type: 'enter_otp', tries_left: 3, unconfirmed: true },
        });
        expect(JSON.stringify(unknown.json)).not.toMatch(/pay again/i);
        await expectHeld(session.id);
        const again = await submitOtp(session.id, '000000');
        expect(again.status, JSON.stringify(again.json)).toBe(200);
        expect(again.json.attempt).toMatchObject({ input: 'given', next: { type: 'confirming' } });
        expect(again.json.attempt?.next).not.toHaveProperty('unconfirmed');
      });
      expect(await otpTries(session.id, attemptId)).toBe(0);
      const [tx] = await sandboxTxFor(attemptId);
      expect(tx!.stage).not.toBe('awaiting_otp');
      expect(await forceOutcome(tx!.ref, 'success')).toBe(200);
      await waitForSession(session.id, 'succeeded');
    },
  );

  it('the window closes on an unanswered code: input given (held), shown as being checked', async () => {
    const { session } = await otpSession('000');
    await injectFault('process-transaction', 'request_lost', 2);
    expect((await submitOtp(session.id, '000000')).status).toBe(200);
    await passInputDeadlines(session.id);
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.status).toBe('pending');
    expect(view.attempt).toMatchObject({
      input: 'given',
      next: { type: 'confirming', unconfirmed: true },
    });
    await expectHeld(session.id);
    const late = await submitOtp(session.id, '000000');
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.json.error)).not.toMatch(/pay again/i);
  });

  it.each(['request_lost', 'answer_lost'] as const)(
    'a definite wrong code still counts (first answer lost: %s)',
    async (fault) => {
      const { session, attemptId } = await otpSession('000');
      await injectFault('process-transaction', fault);
      const wrong = await submitOtp(session.id, '123456');
      expect(wrong.status, JSON.stringify(wrong.json)).toBe(422);
      expect(wrong.json.error).toMatchObject({ code: 'OTP_INVALID', details: { tries_left: 2 } });
      expect(await otpTries(session.id, attemptId)).toBe(1);
    },
  );

  it('after an unanswered code, a wrong one counts and clears the mark; three lock the input', async () => {
    const { session } = await otpSession('000');
    await injectFault('process-transaction', 'request_lost', 2);
    await submitOtp(session.id, '000000');
    const wrong = await submitOtp(session.id, '123456');
    expect(wrong.status).toBe(422);
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.attempt?.next).toEqual({
      type: 'enter_otp',
      expires_at: expect.any(String),
      tries_left: 2,
    });
    await submitOtp(session.id, '123456');
    const locked = await submitOtp(session.id, '123456');
    expect(locked.status).toBe(423);
    expect(locked.json.error?.code).toBe('OTP_LOCKED');
  });

  it('"already processed" after a lost answer (a new instance) is not a wrong try either', async () => {
    const { session, attemptId } = await otpSession('005');
    await injectFault('process-transaction', 'answer_lost');
    await submitOtp(session.id, '000000');
    // Forget what this instance decided: the attempt looks as if the code were never sent.
    await runInDurableObject(sessionObject(session.id), (_instance, state) => {
      state.storage.sql.exec("UPDATE attempts SET input = 'awaiting' WHERE id = ?", attemptId);
    });
    const again = await submitOtp(session.id, '000000');
    expect(again.status).toBe(200);
    expect(again.json.attempt).toMatchObject({ input: 'given' });
    const [tx] = await sandboxTxFor(attemptId);
    await forceOutcome(tx!.ref, 'success');
    await waitForSession(session.id, 'succeeded');
  });
});

describe('a 403 on process-transaction', () => {
  it('is our credentials, not the payer: no try is used, one integration.error, the code then works', async () => {
    const { session } = await otpSession('000');
    const walled = (env as unknown as { DOCTOR_SANDBOX_WALLED: Fetcher }).DOCTOR_SANDBOX_WALLED;
    const answers = await withObjectEnv(
      sessionObject(session.id),
      { UPSTREAM: walled },
      async () => {
        const codes: string[] = [];
        for (let i = 0; i < 4; i++)
          codes.push((await submitOtp(session.id, '000000')).json.error!.code);
        return codes;
      },
    );
    expect(answers).toEqual(['UPSTREAM_AUTH', 'UPSTREAM_AUTH', 'UPSTREAM_AUTH', 'UPSTREAM_AUTH']);
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    expect(view.attempt).toMatchObject({
      input: 'awaiting',
      next: { type: 'enter_otp', tries_left: 3 },
    });
    const ok = await submitOtp(session.id, '000000');
    expect(ok.status).toBe(200);
    await waitForSession(session.id, 'succeeded');
    await runTimersNow(session.id);
    const types = (await webhooksFor(session.id)).map((w) => w.body.type);
    expect(types.filter((t) => t === 'integration.error')).toHaveLength(1);
  });

  it('a definite wrong code still counts', async () => {
    const { session } = await otpSession('000');
    const wrong = await submitOtp(session.id, '123456');
    expect(wrong.status).toBe(422);
    expect(wrong.json.error).toMatchObject({ code: 'OTP_INVALID', details: { tries_left: 2 } });
  });
});

describe('the redirect return page', () => {
  async function returnPage(sessionId: string, outcome: 'success' | 'failure') {
    const res = await exports.default.fetch(
      new Request(`${BASE}/v1/checkout/${sessionId}/return?outcome=${outcome}`),
    );
    expect(res.status).toBe(200);
  }

  it('outcome=failure releases the session only once a status query answered', async () => {
    const { session, started } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('rt') },
      { country_id: 9, method: 'Wave', mobile: '221771234000' },
    );
    expect(started.json.attempt?.next?.type).toBe('redirect');
    // No status query can answer yet: the hint alone must not release the session.
    await injectFault('status', 'error', 1000);
    await returnPage(session.id, 'failure');
    await runTimersNow(session.id);
    const held = await getSession(session.id);
    expect(held.attempts[0]).toMatchObject({ status: 'pending', input: 'awaiting' });
    const early = await startAttempt(session.id, {
      country_id: 9,
      method: 'Wave',
      mobile: '221771234000',
    });
    expect(early.json.error?.code).toBe('ATTEMPT_IN_PROGRESS');
    // The upstream answers (still pending): now the payer may try again.
    await clearFaults();
    await runTimersNow(session.id);
    const released = await getSession(session.id);
    expect(released.attempts[0]).toMatchObject({
      status: 'pending',
      input: 'lapsed',
      lapse_reason: 'redirect_cancelled',
    });
    const retry = await startAttempt(session.id, {
      country_id: 9,
      method: 'Wave',
      mobile: '221771234000',
    });
    expect(retry.status, JSON.stringify(retry.json)).toBe(201);
  });
});
