// The merchant cancels a checkout (`POST /v1/sessions/:id/expire`). An open
// session nobody paid closes at once (the payer's stream sees it), with one `checkout.expired`
// `reason: "merchant"`; a paid one answers ALREADY_PAID; one whose money may be moving or held
// (a pending attempt, whatever its input; mismatch; needs_review) answers PAYMENT_IN_PROGRESS
// and stays as it is. Against the real sandbox; webhooks counted after draining the session.
import { runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../../shared/view';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import { STREAM_CLOSE } from '../../../worker/session/stream';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  ref,
  startAttempt,
  waitForSession,
  attemptOn,
} from '../helpers';
import { forceOutcome } from '../hostile';
import {
  collectionCallback,
  expectWebhooks,
  passHorizon,
  passInputDeadlines,
  successParams,
  upstreamRefOf,
} from './support';
import { sessionObject } from '../objects';

afterAll(() => expectNoSecrets());

const KE = (ending: string) => ({
  country_id: 1,
  method: 'send money',
  mobile: `254712345${ending}`,
});

interface Answer {
  status: number;
  body: MerchantSession & {
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
}

async function expire(id: string): Promise<Answer> {
  const res = await merchant(`/v1/sessions/${id}/expire`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function kesSession() {
  return createSession({ amount: 1500, currency: 'KES', reference: ref('expire') });
}

/** A KES session with one attempt whose scripted outcome is `ending`. */
async function withAttempt(ending: string) {
  const session = await kesSession();
  const started = await startAttempt(session.id, KE(ending));
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  return { session, attemptId: started.json.attempt!.id };
}

/** Expects a refusal that leaves the session exactly as it was. */
async function expectRefused(id: string, code: string): Promise<Answer['body']> {
  const before = await getSession(id);
  const answer = await expire(id);
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect(answer.body.error?.code).toBe(code);
  const after = await getSession(id);
  expect(after.status).toBe(before.status);
  expect(after.attempts).toEqual(before.attempts);
  return answer.body;
}

const expiredBy = (session: MerchantSession) =>
  session.history.filter((e) => e.type === 'session_expired').map((e) => e.data);

describe('POST /v1/sessions/:id/expire', () => {
  it('open: closes at once, the payer stream sees the expired view, one checkout.expired reason merchant; a repeat changes nothing', async () => {
    const session = await kesSession();
    const res = await exports.default.fetch(
      new Request(`${BASE}/v1/checkout/${session.id}/stream`, {
        headers: { upgrade: 'websocket' },
      }),
    );
    const ws = res.webSocket!;
    const views: StreamMessage[] = [];
    let closed: { code: number; reason: string } | null = null;
    ws.addEventListener('message', (e) =>
      views.push(JSON.parse(e.data as string) as StreamMessage),
    );
    ws.addEventListener('close', (e) => (closed = { code: e.code, reason: e.reason }));
    ws.accept();
    await vi.waitFor(() => expect(views.map((m) => m.view.status)).toEqual(['open']));

    const first = await expire(session.id);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('expired');
    // Live: the payer's stream gets the expired view, then is closed as final.
    await vi.waitFor(() => {
      expect(views.map((m) => m.view.status)).toEqual(['open', 'expired']);
      expect(closed).toEqual(STREAM_CLOSE.final);
    });
    expect(views[1]!.view.can_retry).toBe(false);
    const attempt = await startAttempt(session.id, KE('000'));
    expect(attempt.status).toBe(410);
    expect(attempt.json.error?.code).toBe('SESSION_EXPIRED');

    const again = await expire(session.id);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('expired');
    expect(again.body.webhooks.map((w) => w.id)).toEqual(first.body.webhooks.map((w) => w.id));
    const [hook] = await expectWebhooks(session.id, ['checkout.expired']);
    expect(hook!.body.data).toMatchObject({ status: 'expired', reason: 'merchant' });
    expect(expiredBy(await getSession(session.id))).toEqual([{ reason: 'merchant' }]);
  });

  it('open after a failed attempt: expires, one checkout.failed then one checkout.expired', async () => {
    const { session } = await withAttempt('001');
    await vi.waitFor(
      async () => expect((await getSession(session.id)).attempts[0]!.status).toBe('failed'),
      {
        timeout: 8000,
        interval: 100,
      },
    );
    const answer = await expire(session.id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('expired');
    const hooks = await expectWebhooks(session.id, ['checkout.failed', 'checkout.expired']);
    expect(hooks.find((h) => h.body.type === 'checkout.expired')!.body.data).toMatchObject({
      reason: 'merchant',
    });
  });

  it('a prompt still awaiting the payer (session pending): 409 PAYMENT_IN_PROGRESS, nothing changes', async () => {
    const { session, attemptId } = await withAttempt('005');
    const body = await expectRefused(session.id, 'PAYMENT_IN_PROGRESS');
    expect(body.error?.details).toEqual({
      attempt_id: attemptId,
      attempt_status: 'pending',
      input: 'awaiting',
    });
    expect((await getSession(session.id)).status).toBe('pending');
    await expectWebhooks(session.id, []);
  });

  it('an accepted OTP (input given, money in flight): 409 PAYMENT_IN_PROGRESS; the late success still completes it', async () => {
    const { session, started } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('otp') },
      { country_id: 3, method: 'Orange', mobile: '2250712345005' },
    );
    expect(started.json.attempt?.next?.type).toBe('enter_otp');
    const otp = await checkout(`/${session.id}/otp`, {
      method: 'POST',
      body: JSON.stringify({ otp: '000000' }),
    });
    expect(otp.status).toBe(200);
    const body = await expectRefused(session.id, 'PAYMENT_IN_PROGRESS');
    expect(body.error?.details).toMatchObject({ attempt_status: 'pending', input: 'given' });
    expect(await forceOutcome(await upstreamRefOf(started.json.attempt!.id), 'success')).toBe(200);
    await waitForSession(session.id, 'succeeded');
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('a lapsed prompt the upstream has not settled (session open): 409 until it fails, then expires', async () => {
    const { session, attemptId } = await withAttempt('005');
    await passInputDeadlines(session.id);
    const lapsed = await getSession(session.id);
    expect(lapsed.status).toBe('open');
    expect(lapsed.attempts[0]).toMatchObject({ status: 'pending', input: 'lapsed' });
    const body = await expectRefused(session.id, 'PAYMENT_IN_PROGRESS');
    expect(body.error?.details).toMatchObject({ attempt_status: 'pending', input: 'lapsed' });

    // The upstream's definite failure settles it: now nobody paid, and the merchant's call holds.
    expect(await forceOutcome(await upstreamRefOf(attemptId), 'failed')).toBe(200);
    await vi.waitFor(
      async () => expect((await getSession(session.id)).attempts[0]!.status).toBe('failed'),
      {
        timeout: 8000,
        interval: 100,
      },
    );
    expect((await expire(session.id)).body.status).toBe('expired');
    await expectWebhooks(session.id, ['checkout.failed', 'checkout.expired']);
  });

  it('paid: 409 ALREADY_PAID, nothing changes', async () => {
    const { session } = await withAttempt('000');
    await waitForSession(session.id, 'succeeded');
    await expectRefused(session.id, 'ALREADY_PAID');
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('requires_action (a mismatched payment: money seen): 409 PAYMENT_IN_PROGRESS, nothing changes', async () => {
    const { session, attemptId } = await withAttempt('005');
    const upstream = await upstreamRefOf(attemptId);
    expect(await collectionCallback(successParams(attemptId, upstream, 1000))).toBe(200);
    await waitForSession(session.id, 'requires_action');
    const body = await expectRefused(session.id, 'PAYMENT_IN_PROGRESS');
    expect(body.error?.details).toMatchObject({ attempt_status: 'mismatch' });
    expect(body.error?.message).toContain('Refund it or accept it');
    await expectWebhooks(session.id, ['checkout.anomaly', 'checkout.requires_action']);
  });

  it('requires_action (no answer by the horizon: money unknown): 409 PAYMENT_IN_PROGRESS, nothing changes', async () => {
    const { session } = await withAttempt('005');
    await passHorizon(session.id);
    await waitForSession(session.id, 'requires_action');
    const body = await expectRefused(session.id, 'PAYMENT_IN_PROGRESS');
    expect(body.error?.details).toMatchObject({ attempt_status: 'needs_review' });
    await expectWebhooks(session.id, ['checkout.anomaly', 'checkout.requires_action']);
  });

  it('past its deadline before the alarm ran: answered as the clock expired it (no reason), one checkout.expired', async () => {
    const session = await kesSession();
    await runInDurableObject(sessionObject(session.id), (_instance, state) => {
      state.storage.sql.exec('UPDATE session SET expires_at = ?', Date.now() - 1000);
    });
    const answer = await expire(session.id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('expired');
    expect(expiredBy(answer.body)).toEqual([null]);
    const [hook] = await expectWebhooks(session.id, ['checkout.expired']);
    expect(hook!.body.data).not.toHaveProperty('reason');
    expect((await expire(session.id)).status).toBe(200);
    await expectWebhooks(session.id, ['checkout.expired']);
  });

  it('failed (every one of its 5 attempts failed): 200 as it is, nothing more sent', async () => {
    const session = await kesSession();
    for (let n = 1; n <= 5; n++) {
      const started = await startAttempt(session.id, KE('001'));
      expect(started.status, JSON.stringify(started.json)).toBe(201);
      await vi.waitFor(
        async () => expect((await getSession(session.id)).attempts[n - 1]!.status).toBe('failed'),
        { timeout: 8000, interval: 100 },
      );
    }
    await waitForSession(session.id, 'failed');
    const answer = await expire(session.id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('failed');
    await expectWebhooks(session.id, Array(5).fill('checkout.failed'));
  });

  it('an unknown or malformed id: 404 SESSION_NOT_FOUND', async () => {
    for (const id of ['cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'junk']) {
      const answer = await expire(id);
      expect(answer.status).toBe(404);
      expect(answer.body.error?.code).toBe('SESSION_NOT_FOUND');
    }
  });
});
