// What a session id shows of the payer. The public view and the hosted page's
// inline view carry the merchant's `customer` prefill only while the session is open, and then
// only the first name and the phone masked (dial code and last 3 digits); the payer confirms the
// masked number with `use_prefilled_mobile` and the session uses the number it holds, so the
// full number never reaches a browser. Masks everywhere show the dial code and 3 digits.
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  getSession,
  ref,
  startAttempt,
  attemptOn,
} from '../helpers';
import { exports } from 'cloudflare:workers';
import { sandboxTxFor } from '../hostile';
import { passSessionDeadline } from '../sessions/support';

afterAll(() => expectNoSecrets());

const customer = {
  first_name: 'Aminata',
  last_name: 'Kamara',
  mobile: '0712 345 005'.replace(/\s/g, ''),
  email: 'aminata.kamara@example.com',
};
/** M-PESA with the number the session holds (the payer types none). */
const PREFILLED = { country_id: 1, method: 'send money', use_prefilled_mobile: true };

/** A 700 KES session holding `customer`'s phone, its first attempt on that phone. */
const prefilledAttempt = () =>
  attemptOn({ amount: 700, currency: 'KES', reference: ref(), customer }, PREFILLED);

async function publicView(id: string): Promise<CheckoutView> {
  const res = await checkout(`/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutView;
}

describe('the prefill a session id shows', () => {
  it('while open: the first name and the masked phone, nothing else (view and hosted page)', async () => {
    const session = await createSession({
      amount: 700,
      currency: 'KES',
      reference: ref(),
      customer,
    });
    const view = await publicView(session.id);
    expect(view.customer).toEqual({ first_name: 'Aminata', mobile_masked: '254******005' });
    const page = await (
      await exports.default.fetch(new Request(`${BASE}/pay/${session.id}`))
    ).text();
    for (const text of [JSON.stringify(view), page]) {
      expect(text).not.toContain('Kamara');
      expect(text).not.toContain('aminata.kamara');
      expect(text).not.toContain('712345005');
    }
    expect(page).toContain('254******005');
    // The merchant still reads what it sent.
    expect((await getSession(session.id)).customer).toMatchObject(customer);
  });

  it('a Sierra Leone number keeps its dial code and 3 digits of 11', async () => {
    const session = await createSession({
      amount: 100,
      currency: 'SLE',
      reference: ref(),
      customer: { mobile: '+23276123456' },
    });
    expect((await publicView(session.id)).customer).toEqual({ mobile_masked: '232*****456' });
  });

  it('not once the session is no longer open: pending, then expired', async () => {
    const { session, started } = await prefilledAttempt();
    expect(started.status).toBe(201);
    expect(started.json.status).toBe('pending');
    expect(started.json.customer).toBeNull();
    await passSessionDeadline(session.id);
    const view = await publicView(session.id);
    expect(view.status).not.toBe('open');
    expect(view.customer).toBeNull();
  });
});

describe('confirming the prefilled phone', () => {
  it('the attempt uses the number the session holds; the merchant sees it masked', async () => {
    const { session, started } = await prefilledAttempt();
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    expect(started.json.attempt?.next).toEqual({
      type: 'approve_on_phone',
      mobile_masked: '254******005',
    });
    const [tx] = await sandboxTxFor(`${session.id}.1`);
    expect(tx?.mobile).toBe('254712345005');
    expect((await getSession(session.id)).attempts[0]?.mobile).toBe('254******005');
  });

  it('is refused with a number beside it, or when the session has no prefilled phone', async () => {
    const withPhone = await createSession({
      amount: 700,
      currency: 'KES',
      reference: ref(),
      customer,
    });
    const both = await startAttempt(withPhone.id, {
      country_id: 1,
      method: 'send money',
      mobile: '254712345000',
      use_prefilled_mobile: true,
    });
    expect(both.status).toBe(400);
    expect(both.json.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'mobile' }] },
    });
    const without = await createSession({ amount: 700, currency: 'KES', reference: ref() });
    const none = await startAttempt(without.id, PREFILLED);
    expect(none.status).toBe(400);
    expect(none.json.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await getSession(without.id)).attempts).toEqual([]);
  });
});

describe('names and ID numbers', () => {
  it('never reach a log line, even on refused and failed attempts (swept after this file)', async () => {
    const za = await createSession({ amount: 300, currency: 'ZAR', reference: ref() });
    // A refused attempt (bad ID checksum) and an accepted one; the sweep reads every log line.
    const refused = await startAttempt(za.id, {
      country_id: 15,
      method: 'bank_id',
      name: 'Thandiwe Mokoena',
      id_number: '8001015009088',
    });
    expect(refused.status).toBe(400);
    const accepted = await startAttempt(za.id, {
      country_id: 15,
      method: 'bank_id',
      name: 'Thandiwe Mokoena',
      id_number: '8001015009087',
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
    const ng = await createSession({ amount: 5000, currency: 'NGN', reference: ref() });
    const account = await startAttempt(ng.id, {
      country_id: 17,
      method: 'virtual_account',
      first_name: 'Chukwuemeka',
      last_name: 'Okonkwo',
      account_name: 'Chukwuemeka Okonkwo',
      bank_code: '17001',
    });
    expect(account.status).toBe(201);
  });
});
