// POST /sandbox/control/sessions/:id/pay (worker/routes/dev-pay.ts): pays an open session as a
// payer would, through the checkout API and the real sandbox, the OTP step included.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import { BASE, checkout, createSession, getSession, ref, waitForSession } from '../helpers';

const pay = (id: string, body: unknown) =>
  exports.default.fetch(
    new Request(`${BASE}/sandbox/control/sessions/${id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('paying a session from a script', () => {
  it('pays with a mobile prompt and the session succeeds from the callback', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref() });
    const res = await pay(session.id, { outcome: 'success' });
    expect(res.status, await res.clone().text()).toBe(201);
    const view = (await res.json()) as CheckoutView;
    expect(view.attempt?.kind).toBe('phone_prompt');
    await waitForSession(session.id, 'succeeded');
  });

  it('answers the OTP of an OTP method, and a failed outcome fails the attempt', async () => {
    const session = await createSession({ amount: 1000, currency: 'XOF', reference: ref() });
    const view = (await (await checkout(`/${session.id}`)).json()) as CheckoutView;
    const country = view.countries.find((c) => c.methods.some((m) => m.kind === 'otp_operator'))!;
    const otp = country.methods.find((m) => m.kind === 'otp_operator')!;
    const res = await pay(session.id, {
      outcome: 'success',
      method: otp.value,
      country_id: country.id,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as CheckoutView).attempt?.next?.type).toBe('confirming');
    await waitForSession(session.id, 'succeeded');

    const failing = await createSession({ amount: 1000, currency: 'XOF', reference: ref() });
    expect(
      (await pay(failing.id, { outcome: 'failed', method: otp.value, country_id: country.id }))
        .status,
    ).toBe(200);
    await expect
      .poll(async () => (await getSession(failing.id)).attempts[0]?.status, { timeout: 8000 })
      .toBe('failed');
  });

  it('refuses a bad outcome or a method the session lacks, and starts nothing', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref() });
    for (const body of [{ outcome: 'paid' }, { outcome: 'success', method: 'Nope' }]) {
      const res = await pay(session.id, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'VALIDATION_FAILED',
      );
    }
    expect((await getSession(session.id)).attempts).toEqual([]);
  });
});
