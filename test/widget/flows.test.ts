/**
 * Full payments through the real proxy and sandbox, one per method kind, driven through the
 * widget's own controls. Sandbox phone numbers: …000 success, …001 failed, …002 timeout.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { CheckoutFailureEvent, CheckoutSuccessEvent } from '../../widget/events';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { bodyText, button, q, qa, submit, type, waitForStep } from './support/dom';
import {
  createSession,
  decideRedirect,
  mountSession,
  payVirtualAccount,
  startAttempt,
} from './support/stack';

async function choose(el: UnifiedCheckout, countryId: number | null, methodLabel: string) {
  await waitForStep(el, 'choose');
  if (countryId !== null) await type(el, 'country', String(countryId));
  const option = qa(el, '[part~=option]').find((o) => o.textContent?.includes(methodLabel));
  if (!option) throw new Error(`no method ${methodLabel}: ${bodyText(el)}`);
  option.querySelector('input')!.click();
  await el.updateComplete;
  await submit(el);
  await waitForStep(el, 'form');
}

function redirectUrl(el: UnifiedCheckout): string {
  const next = el.view?.attempt?.next;
  if (next?.type !== 'redirect') throw new Error(`no redirect in ${JSON.stringify(next)}`);
  return next.url;
}

/** Clicks "Continue to …" with the popup answered by a stand-in window object. */
async function continueInPopup(el: UnifiedCheckout): Promise<string[]> {
  const opened: string[] = [];
  const original = window.open;
  window.open = ((url: string) => {
    opened.push(url);
    return {} as Window;
  }) as typeof window.open;
  try {
    q<HTMLButtonElement>(el, '[part~=primary]').click();
    await el.updateComplete;
  } finally {
    window.open = original;
  }
  return opened;
}

describe('flows through the real proxy and sandbox', function () {
  this.timeout(30_000);

  it('phone_prompt (Kenya, send money): approve on the phone, then success', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES' });
    const el = await mountSession(session);
    await choose(el, null, 'M-PESA');
    await type(el, 'mobile', '0712 345 000');
    const success = oneEvent(el, 'checkout-success') as Promise<CheckoutSuccessEvent>;
    await submit(el);
    await waitForStep(el, 'approve');
    expect(bodyText(el)).to.contain('+254******000');
    const event = await success;
    expect(event.detail).to.deep.include({ session, amount: 1500, currency: 'KES' });
    await waitForStep(el, 'success');
  });

  it('operator_prompt (Kenya, Airtel): a declined payment shows the reason and retries', async () => {
    const session = await createSession({ amount: 700, currency: 'KES' });
    const el = await mountSession(session);
    await choose(el, null, 'Airtel');
    await type(el, 'mobile', '712345001');
    const failure = oneEvent(el, 'checkout-failure') as Promise<CheckoutFailureEvent>;
    await submit(el);
    const event = await failure;
    expect(event.detail.status).to.equal('failed');
    expect(event.detail.canRetry).to.equal(true);
    await waitForStep(el, 'failure');
    expect(bodyText(el)).to.contain('The payment did not go through.');
    expect(bodyText(el)).to.match(/Reason: .+/);
    button(el, 'Try again').click();
    await waitForStep(el, 'form');
    expect(q(el, 'h2').textContent).to.contain('Airtel');
    expect(q<HTMLInputElement>(el, '#mobile').value).to.equal('712345001');
    await type(el, 'mobile', '712345000');
    await submit(el);
    await waitForStep(el, 'success', 15_000);
  });

  it('phone_prompt timeout (002): 000006 settles nothing, the failed callback that follows does', async () => {
    // The money rules: the status query's 000006 is not "not charged"; the upstream's failed
    // callback (000005, PM-002) is, and only then does the payer see a failure.
    const session = await createSession({ amount: 800, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session);
    await waitForStep(el, 'form'); // one method: no choice step
    await type(el, 'mobile', '712345002');
    await submit(el);
    await waitForStep(el, 'failure', 15_000);
    expect(bodyText(el)).to.match(
      /The payment (did not go through|was not approved in time)\.Reason: .+ \(PM-002\)/,
    );
  });

  it('otp_operator (Cote d’Ivoire, Orange): a wrong code, then the right one', async () => {
    const session = await createSession({ amount: 2000, currency: 'XOF', country_id: 3 });
    const el = await mountSession(session);
    await choose(el, null, 'Orange');
    await type(el, 'mobile', '0712345000');
    await submit(el);
    await waitForStep(el, 'otp');
    expect(q(el, '[role=timer]').textContent).to.match(/^Expires in (2:00|1:5\d)$/);
    // The stream may show this step before the attempt's own answer: Confirm stays disabled
    // until that request is done, as a payer would see.
    await waitUntil(() => !q<HTMLButtonElement>(el, '[part~=primary]').disabled, 'still busy');
    await type(el, 'otp', '123456');
    const error = oneEvent(el, 'checkout-error');
    await submit(el);
    expect((await error).detail).to.deep.include({ code: 'OTP_INVALID', operation: 'otp' });
    await el.updateComplete;
    expect(q(el, '#otp-error').textContent).to.equal('That code is not correct. 2 tries left.');
    expect(q(el, '#otp').getAttribute('aria-invalid')).to.equal('true');
    await type(el, 'otp', '000000');
    await submit(el);
    await waitForStep(el, 'success', 15_000);
  });

  it('redirect_wallet (Senegal, Wave): continue in a popup, approved there', async () => {
    const session = await createSession({ amount: 2500, currency: 'XOF', country_id: 9 });
    const el = await mountSession(session);
    await choose(el, null, 'Wave');
    await type(el, 'mobile', '771234000');
    await submit(el);
    await waitForStep(el, 'redirect');
    const opened = await continueInPopup(el);
    expect(opened).to.deep.equal([redirectUrl(el)]);
    await decideRedirect(opened[0]!, 'approve');
    await waitForStep(el, 'success', 15_000);
  });

  it('bank_eft (South Africa): name, redirect, declined at the bank', async () => {
    const session = await createSession({ amount: 300, currency: 'ZAR' });
    const el = await mountSession(session);
    await choose(el, null, 'Instant EFT');
    await type(el, 'name', 'Thabo Mbeki');
    await type(el, 'bank_code', '250655');
    await submit(el);
    await waitForStep(el, 'redirect');
    const [url] = await continueInPopup(el);
    await decideRedirect(url!, 'decline');
    await waitForStep(el, 'failure', 15_000);
    expect(button(el, 'Try again')).to.exist;
  });

  it('bank_id (South Africa): name and a valid ID, redirect, approved', async () => {
    const session = await createSession({ amount: 450, currency: 'ZAR' });
    const el = await mountSession(session);
    await choose(el, null, 'ID number');
    await type(el, 'name', 'Thabo Mbeki');
    await type(el, 'id_number', '8001015009087');
    await submit(el);
    await waitForStep(el, 'redirect');
    const [url] = await continueInPopup(el);
    await decideRedirect(url!, 'approve');
    await waitForStep(el, 'success', 15_000);
  });

  it('the shop prefilled the phone: shown masked, confirmed, paid; the full number never reaches the page', async () => {
    const session = await createSession({
      amount: 1200,
      currency: 'KES',
      methods: ['send money'],
      customer: { first_name: 'Amina', mobile: '0712345000' },
    });
    const seen: string[] = [];
    const original = window.fetch;
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args);
      seen.push(await response.clone().text());
      return response;
    };
    try {
      const el = await mountSession(session, { pollInterval: 600_000 });
      await waitForStep(el, 'form');
      expect(q<HTMLInputElement>(el, '#mobile-saved').checked).to.equal(true);
      expect(bodyText(el)).to.contain('+254 ******000');
      const success = oneEvent(el, 'checkout-success');
      await submit(el);
      await waitForStep(el, 'approve');
      expect(bodyText(el)).to.contain('+254******000');
      await success;
      expect(el.view?.customer ?? null).to.equal(null);
      expect(seen.join('\n')).to.not.contain('712345000');
    } finally {
      window.fetch = original;
    }
  });

  it('virtual_account (Nigeria): bank details, paid by transfer', async () => {
    const session = await createSession({
      amount: 5000,
      currency: 'NGN',
      customer: { first_name: 'Ada', last_name: 'Obi' },
    });
    const el = await mountSession(session);
    await waitForStep(el, 'form');
    // Only the first name is prefilled; the payer types the rest.
    expect(q<HTMLInputElement>(el, '#first_name').value).to.equal('Ada');
    await type(el, 'last_name', 'Obi');
    await type(el, 'account_name', 'Ada Obi');
    await type(el, 'bank_code', '17002');
    await submit(el);
    await waitForStep(el, 'transfer');
    const next = el.view?.attempt?.next;
    if (next?.type !== 'bank_transfer') throw new Error('no bank transfer');
    expect(qa(el, 'dd > span')[1]!.textContent).to.equal(next.account_number);
    expect(q(el, '[role=timer]').textContent).to.match(/^Account closes in (30:00|29:5\d)$/);
    await payVirtualAccount(next.account_number, 5000);
    await waitForStep(el, 'success', 15_000);
  });

  it('a refused attempt (another one in progress) shows the translated error and the live step', async () => {
    const session = await createSession({ amount: 900, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 60_000 });
    await waitForStep(el, 'form');
    await type(el, 'mobile', '712345005');
    // Fault injection: the live stream is stopped so the element does not learn of the other
    // attempt (started as if from another tab) before it submits its own.
    (el as unknown as { _stopTransport: () => void })._stopTransport();
    await startAttempt(session, { country_id: 1, method: 'send money', mobile: '254712345005' });
    const error = oneEvent(el, 'checkout-error');
    await submit(el);
    const detail = (await error).detail;
    expect(detail.code).to.equal('ATTEMPT_IN_PROGRESS');
    expect(detail.operation).to.equal('attempt');
    await waitForStep(el, 'approve');
  });

  it('an attempt answered with a server error is looked up: made after all, its step shows', async () => {
    const session = await createSession({ amount: 900, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 60_000 });
    await waitForStep(el, 'form');
    await type(el, 'mobile', '712345005');
    // Fault injection: the live stream is stopped, and the real proxy's answer to the attempt
    // is lost and replaced by a 500 (as when its Durable Object restarts after writing the
    // attempt), so only the element's own re-read can find the attempt.
    (el as unknown as { _stopTransport: () => void })._stopTransport();
    const original = window.fetch;
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args);
      const init = args[1];
      if (init?.method !== 'POST' || !String(args[0]).endsWith('/attempts')) return response;
      const body = { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } };
      return new Response(JSON.stringify(body), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    };
    try {
      const error = oneEvent(el, 'checkout-error');
      await submit(el);
      expect((await error).detail.code).to.equal('INTERNAL');
      await waitForStep(el, 'approve');
    } finally {
      window.fetch = original;
    }
  });
});
