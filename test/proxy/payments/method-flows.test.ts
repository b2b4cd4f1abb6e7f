// Every method kind, from session creation to its final state, through the real sandbox's
// callbacks (and status queries when none comes). Nothing here is faked.
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import {
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  ref,
  sandbox,
  KENYA_PAYER,
  startAttempt,
  waitForSession,
  attemptOn,
} from '../helpers';
import { evictSession } from '../hostile';
import { drainSession } from '../sessions/support';

afterAll(() => expectNoSecrets());

interface DevWebhook {
  webhook_id: string;
  verified: boolean;
  body: { type: string; data: { session_id: string } };
}

async function webhooksFor(sessionId: string): Promise<DevWebhook[]> {
  const all = (await devInbox(env)!.listWebhooks()) as unknown as DevWebhook[];
  return all.filter((w) => w.body?.data?.session_id === sessionId);
}

async function waitForWebhooks(sessionId: string, types: string[]): Promise<DevWebhook[]> {
  return vi.waitFor(
    async () => {
      const hooks = await webhooksFor(sessionId);
      expect(hooks.map((h) => h.body.type).sort()).toEqual([...types].sort());
      return hooks;
    },
    { timeout: 8000, interval: 100 },
  );
}

/** Follows a sandbox authorization page's Approve or Decline form (as a browser would). */
async function decide(url: string, choice: 'approve' | 'decline'): Promise<string | null> {
  const page = new URL(url);
  const path = page.pathname.replace(/^\/sandbox/, '');
  const res = await sandbox(`${path}/${choice}`, { method: 'POST', redirect: 'manual' });
  expect([200, 302, 303], `${url}: ${await res.clone().text()}`).toContain(res.status);
  return res.headers.get('location');
}

describe('phone prompt and operator prompt', () => {
  it('Kenya send money: approve on phone, success callback, one checkout.succeeded webhook', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('ke') });
    const { status, json } = await startAttempt(session.id, KENYA_PAYER);
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.status).toBe('pending');
    expect(json.attempt?.next).toEqual({
      type: 'approve_on_phone',
      mobile_masked: expect.stringMatching(/\*/),
    });
    expect(JSON.stringify(json)).not.toContain('254712345000');
    const done = await waitForSession(session.id, 'succeeded');
    expect(done.attempts).toHaveLength(1);
    expect(done.attempts[0]).toMatchObject({
      status: 'succeeded',
      third_party_reference_1: `${session.id}.1`,
      create_state: 'accepted',
    });
    expect(done.attempts[0]!.upstream_reference).toBeTruthy();
    const hooks = await waitForWebhooks(session.id, ['checkout.succeeded']);
    expect(hooks[0]!.verified).toBe(true);
  });

  it('Uganda mtn: a failed callback reopens the session, a retry succeeds', async () => {
    const { session, started: first } = await attemptOn(
      { amount: 2500, currency: 'UGX', reference: ref('ug') },
      { country_id: 11, method: 'mtn', mobile: '256772000001' },
    );
    expect(first.status).toBe(201);
    await vi.waitFor(
      async () => {
        const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
        expect(view.status).toBe('open');
        expect(view.attempt?.status).toBe('failed');
        expect(view.attempt?.failure?.code).toBe('PM-001');
        expect(view.can_retry).toBe(true);
      },
      { timeout: 8000, interval: 100 },
    );
    const second = await startAttempt(session.id, {
      country_id: 11,
      method: 'mtn',
      mobile: '256772000000',
    });
    expect(second.status).toBe(201);
    const done = await waitForSession(session.id, 'succeeded');
    expect(done.attempts.map((a) => a.status)).toEqual(['failed', 'succeeded']);
    await waitForWebhooks(session.id, ['checkout.failed', 'checkout.succeeded']);
  });

  // A timeout (002): the status query answers 000006, which settles nothing; the failed callback
  // (000005) does. The session reopens and one checkout.failed goes out.
  it('a timeout (002) ends the attempt as a failure the payer may retry', async () => {
    const session = await createSession({ amount: 300, currency: 'RWF', reference: ref('rw') });
    await startAttempt(session.id, { country_id: 8, method: 'Airtel', mobile: '250781234002' });
    await vi.waitFor(
      async () => {
        const s = await getSession(session.id);
        expect(s.attempts[0]?.status).toBe('failed');
        expect(s.status).toBe('open');
      },
      { timeout: 8000, interval: 100 },
    );
  });

  it('refuses a second attempt while one is in flight, and unknown methods or countries', async () => {
    const { session, started: first } = await attemptOn(
      { amount: 300, currency: 'TZS', reference: ref('tz') },
      { country_id: 10, method: 'Tigo', mobile: '255712345005' },
    );
    expect(first.status).toBe(201);
    const again = await startAttempt(session.id, {
      country_id: 10,
      method: 'Tigo',
      mobile: '255712345000',
    });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('ATTEMPT_IN_PROGRESS');
    const other = await createSession({ amount: 300, currency: 'TZS', reference: ref('tz') });
    expect((await startAttempt(other.id, KENYA_PAYER)).json.error?.code).toBe(
      'COUNTRY_NOT_AVAILABLE',
    );
    expect(
      (await startAttempt(other.id, { country_id: 10, method: 'mpesa', mobile: '255712345000' }))
        .json.error?.code,
    ).toBe('METHOD_NOT_AVAILABLE');
    const badPhone = await startAttempt(other.id, {
      country_id: 10,
      method: 'Tigo',
      mobile: '2557123',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.json.error?.code).toBe('VALIDATION_FAILED');
    expect((await getSession(other.id)).attempts).toHaveLength(0);
  });
});

describe('OTP-verified operator', () => {
  it('a wrong OTP is refused with tries left; 000000 then succeeds; the token never leaves', async () => {
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('ci') });
    const { status, json } = await startAttempt(session.id, {
      country_id: 3,
      method: 'Orange',
      mobile: '2250712345000',
    });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.attempt?.next).toMatchObject({ type: 'enter_otp', tries_left: 3 });
    const wrong = await checkout(`/${session.id}/otp`, {
      method: 'POST',
      body: JSON.stringify({ otp: '123456' }),
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      error: { code: 'OTP_INVALID', details: { tries_left: 2 } },
    });
    const right = await checkout(`/${session.id}/otp`, {
      method: 'POST',
      body: JSON.stringify({ otp: '000000' }),
    });
    expect(right.status).toBe(200);
    const done = await waitForSession(session.id, 'succeeded');
    expect(JSON.stringify(done)).not.toMatch(/payment_token/);
  });

  it('locks the attempt after three wrong OTPs', async () => {
    const session = await createSession({ amount: 5000, currency: 'XOF', reference: ref('ci') });
    await startAttempt(session.id, { country_id: 3, method: 'Orange', mobile: '2250712345000' });
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await checkout(`/${session.id}/otp`, {
        method: 'POST',
        body: JSON.stringify({ otp: '111111' }),
      });
      codes.push(((await res.json()) as { error: { code: string } }).error.code);
    }
    expect(codes).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_LOCKED']);
    // Wrong codes close the payer's input, not the money: the upstream may still settle it, so
    // the attempt stays pending (and reconciled) while the payer may start a new one.
    const s = await getSession(session.id);
    expect(s.attempts[0]?.status).toBe('pending');
    expect(s.attempts[0]?.input).toBe('lapsed');
    expect(s.attempts[0]?.lapse_reason).toBe('otp_locked');
    expect(s.status).toBe('open');
    expect(s.webhooks.map((w) => w.type)).not.toContain('checkout.failed');
    const fourth = await checkout(`/${session.id}/otp`, {
      method: 'POST',
      body: JSON.stringify({ otp: '000000' }),
    });
    expect(fourth.status).toBe(423);
  });
});

describe('redirect methods', () => {
  it('Senegal Wave: approve on the sandbox page → success; the return URLs point at the proxy', async () => {
    const {
      session,
      started: { json },
    } = await attemptOn(
      { amount: 5000, currency: 'XOF', reference: ref('sn') },
      { country_id: 9, method: 'Wave', mobile: '221771234000' },
    );
    const next = json.attempt?.next;
    expect(next?.type).toBe('redirect');
    const location = await decide((next as { url: string }).url, 'approve');
    expect(location).toBe(`http://127.0.0.1:8787/v1/checkout/${session.id}/return?outcome=success`);
    await waitForSession(session.id, 'succeeded');
  });

  it('South Africa bank_eft: decline on the sandbox page → failed', async () => {
    const {
      session,
      started: { json },
    } = await attemptOn(
      { amount: 100, currency: 'ZAR', reference: ref('za') },
      { country_id: 15, method: 'bank_eft', name: 'Thabo M', bank_code: '632005' },
    );
    expect(json.attempt?.next?.type).toBe('redirect');
    const location = await decide((json.attempt!.next as { url: string }).url, 'decline');
    expect(location).toContain('outcome=failure');
    await vi.waitFor(
      async () => expect((await getSession(session.id)).attempts[0]?.status).toBe('failed'),
      { timeout: 8000, interval: 100 },
    );
  });

  it('South Africa bank-ID: an invalid ID is refused, a valid one proceeds to approval', async () => {
    const session = await createSession({ amount: 100, currency: 'ZAR', reference: ref('za') });
    const bad = await startAttempt(session.id, {
      country_id: 15,
      method: 'bank_id',
      name: 'Thabo M',
      id_number: '8001015009088',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('id_number');
    const good = await startAttempt(session.id, {
      country_id: 15,
      method: 'bank_id',
      name: 'Thabo M',
      id_number: '8001015009087',
    });
    expect(good.status, JSON.stringify(good.json)).toBe(201);
    await decide((good.json.attempt!.next as { url: string }).url, 'approve');
    await waitForSession(session.id, 'succeeded');
  });
});

describe('NGN virtual account', () => {
  it('shows the account, credits a transfer into it, succeeds', async () => {
    const session = await createSession({ amount: 15000, currency: 'NGN', reference: ref('ng') });
    const { status, json } = await startAttempt(session.id, {
      country_id: 17,
      method: 'virtual_account',
      account_name: 'Chidi Okafor',
      bank_code: '17001',
      first_name: 'Chidi',
      last_name: 'Okafor',
    });
    expect(status, JSON.stringify(json)).toBe(201);
    const next = json.attempt?.next as {
      type: string;
      account_number: string;
      amount: number;
      expires_at: string;
    };
    expect(next).toMatchObject({ type: 'bank_transfer', amount: 15000, currency: 'NGN' });
    expect(Date.parse(next.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
    const paid = await sandbox(`/control/virtual-accounts/${next.account_number}/pay`, {
      method: 'POST',
      body: JSON.stringify({ amount: 16000 }),
    });
    expect(paid.status, await paid.clone().text()).toBeLessThan(300);
    await waitForSession(session.id, 'succeeded');
  });
});

describe('reconciliation, duplicates, eviction', () => {
  it('no callback at all (003): the status query resolves the attempt', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('ke') });
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345003' });
    const done = await waitForSession(session.id, 'succeeded');
    expect(done.callbacks).toHaveLength(0);
    expect(done.history.some((e) => e.type === 'status_query')).toBe(true);
  });

  it('a success delivered three times (004) transitions once and sends one webhook', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('ke') });
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345004' });
    await waitForSession(session.id, 'succeeded');
    await drainSession(session.id); // the two repeats delivered
    const s = await getSession(session.id);
    expect(s.history.filter((e) => e.type === 'attempt_succeeded')).toHaveLength(1);
    expect(s.callbacks.length).toBe(1);
    await waitForWebhooks(session.id, ['checkout.succeeded']);
  });

  it("evicting the session's Durable Object mid-flow loses nothing", async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('ke') });
    await startAttempt(session.id, { country_id: 1, method: 'send money', mobile: '254712345003' });
    await evictSession(session.id);
    const done = await waitForSession(session.id, 'succeeded');
    expect(done.attempts[0]?.status).toBe('succeeded');
  });
});
