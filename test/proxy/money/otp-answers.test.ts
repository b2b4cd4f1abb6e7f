// Issue 23, part 3: answers about the payer's input that we never heard, or that are not theirs.
// An OTP the upstream applied but whose answer was lost (the sandbox's `answer_lost` fault on
// process-transaction) holds the session: a repeat is never a wrong try and no new attempt
// starts. A 403 on process-transaction (our credentials, the walled sandbox) is no wrong try.
// The redirect return page's outcome=failure is an unsigned hint: the session is released
// only once a status query answered.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  ref,
  startAttempt,
  waitForSession,
} from '../helpers';
import {
  clearFaults,
  forceOutcome,
  injectFault,
  runTimersNow,
  sandboxTxFor,
  webhooksFor,
} from '../hostile/support';
import { exports } from 'cloudflare:workers';
import { sessionObject, withObjectEnv } from '../objects';

afterAll(() => expectNoSecrets());
afterEach(() => clearFaults());

type Answer = CheckoutView & { error?: { code: string; details?: { tries_left?: number } } };

async function submitOtp(
  sessionId: string,
  otp: string,
): Promise<{ status: number; json: Answer }> {
  const res = await checkout(`/${sessionId}/otp`, {
    method: 'POST',
    body: JSON.stringify({ otp }),
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

/** An OTP attempt (Côte d'Ivoire, Orange) for a payer phone ending in `ending`. */
async function otpSession(ending: string) {
  const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('otp') });
  const started = await startAttempt(session.id, {
    country_id: 3,
    method: 'Orange',
    mobile: `2250712345${ending}`,
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  expect(started.json.attempt?.next).toMatchObject({ type: 'enter_otp', tries_left: 3 });
  return { session, attemptId: started.json.attempt!.id };
}

describe('an OTP whose answer was lost', () => {
  it('holds the session: input given, a repeat is never a wrong try, no new attempt starts', async () => {
    // 005: after the OTP the payment stays pending, so the hold can be seen.
    const { session, attemptId } = await otpSession('005');
    await injectFault('process-transaction', 'answer_lost');
    const lost = await submitOtp(session.id, '000000');
    // The sandbox applied the code and answered 504: the code may have passed.
    const [tx] = await sandboxTxFor(attemptId);
    expect(tx!.status).toBe('pending');
    expect(lost.status, JSON.stringify(lost.json)).toBe(200);
    expect(lost.json.attempt).toMatchObject({ input: 'given', next: { type: 'confirming' } });
    for (let i = 0; i < 3; i++) {
      const again = await submitOtp(session.id, '000000');
      expect(again.status).toBe(409);
      expect(again.json.error?.code).toBe('NO_ATTEMPT_WAITING');
    }
    const held = await getSession(session.id);
    expect(held.status).toBe('pending');
    expect(held.attempts[0]).toMatchObject({ status: 'pending', input: 'given' });
    const second = await startAttempt(session.id, {
      country_id: 3,
      method: 'Orange',
      mobile: '2250712345000',
    });
    expect(second.json.error?.code).toBe('ATTEMPT_IN_PROGRESS');
    // The upstream settles it: the session succeeds on the attempt the payer paid.
    expect(await forceOutcome(tx!.ref, 'success')).toBe(200);
    const done = await waitForSession(session.id, 'succeeded');
    expect(done.attempts).toHaveLength(1);
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
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('rt') });
    const started = await startAttempt(session.id, {
      country_id: 9,
      method: 'Wave',
      mobile: '221771234000',
    });
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
