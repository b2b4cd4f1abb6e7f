import { expect } from '@open-wc/testing';
import {
  IVORY_COAST,
  KENYA,
  NIGERIA,
  SENEGAL,
  SOUTH_AFRICA,
  attempt,
  lapsedFor,
  view,
  money,
  withAttempt,
} from './support/views';
import { bodyText, button, mountView, q, qa, submit, type, waitForStep } from './support/dom';

describe('steps: choose and form', () => {
  it('offers country and method when the session allows several, then the method form', async () => {
    const el = await mountView(view([IVORY_COAST, SENEGAL]));
    expect(el.step).to.equal('choose');
    const select = q<HTMLSelectElement>(el, 'select#country');
    expect([...select.options].map((o) => o.value)).to.deep.equal(['3', '9']);
    const radios = qa<HTMLInputElement>(el, 'input[type=radio]');
    expect(radios.map((r) => r.value)).to.deep.equal(['mtn', 'Orange', 'Wave']);
    expect(radios[0]!.checked).to.equal(true);
    await type(el, 'country', '9');
    expect(qa<HTMLInputElement>(el, 'input[type=radio]').map((r) => r.value)).to.deep.equal([
      'Orange',
      'Wave',
    ]);
    qa<HTMLInputElement>(el, 'input[type=radio]')[1]!.click();
    await el.updateComplete;
    await submit(el);
    expect(el.step).to.equal('form');
    expect(q(el, 'h2').textContent).to.contain('Pay with Wave');
    expect(q(el, '.phone span').textContent).to.equal('+221');
    button(el, 'Back').click();
    await el.updateComplete;
    expect(el.step).to.equal('choose');
  });

  it('hides the country select when one country has several methods', async () => {
    const el = await mountView(view([SOUTH_AFRICA]));
    expect(el.step).to.equal('choose');
    expect(qa(el, 'select#country')).to.have.length(0);
    expect(qa(el, 'input[type=radio]')).to.have.length(2);
  });

  it('skips the choice when the session allows one method, with no Back button', async () => {
    const el = await mountView(view([KENYA], { only: 'phone_prompt' }));
    expect(el.step).to.equal('form');
    expect(q(el, 'h2').textContent).to.contain('Pay with M-PESA');
    expect(qa(el, 'button').map((b) => b.textContent?.trim())).to.deep.equal([
      `Pay ${money(1500, 'KES')}`,
    ]);
  });

  const phoneKinds = [
    { country: KENYA, kind: 'phone_prompt', dial: '+254', digits: 9 },
    { country: KENYA, kind: 'operator_prompt', dial: '+254', digits: 9 },
    { country: IVORY_COAST, kind: 'otp_operator', dial: '+225', digits: 10 },
    { country: SENEGAL, kind: 'redirect_wallet', dial: '+221', digits: 9 },
  ] as const;
  for (const { country, kind, dial, digits } of phoneKinds) {
    it(`${kind}: a phone field with ${dial} and its length rule`, async () => {
      const el = await mountView(view([country], { only: kind }));
      expect(el.step).to.equal('form');
      const input = q<HTMLInputElement>(el, 'input#mobile');
      expect(input.type).to.equal('tel');
      expect(input.autocomplete).to.equal('tel-national');
      expect(q(el, '.phone span').textContent).to.equal(dial);
      expect(q(el, '#mobile-hint').textContent).to.equal(`${dial} then ${digits} digits`);
      expect(qa(el, 'input')).to.have.length(1);
    });
  }

  it('bank_eft: the payer name and their bank code', async () => {
    const el = await mountView(view([SOUTH_AFRICA], { only: 'bank_eft' }));
    expect(qa(el, 'input').map((i) => i.id)).to.deep.equal(['name', 'bank_code']);
    expect(q(el, 'label[for=name]').textContent).to.equal('Full name');
    expect(q(el, 'label[for=bank_code]').textContent).to.equal('Bank code');
    expect(q(el, '#bank_code-hint').textContent).to.equal('Your bank’s branch code');
  });

  it('bank_id: name and the 13-digit South African ID', async () => {
    const el = await mountView(view([SOUTH_AFRICA], { only: 'bank_id' }));
    expect(qa(el, 'input').map((i) => i.id)).to.deep.equal(['name', 'id_number']);
    expect(q(el, '#id_number-hint').textContent).to.equal('13 digits');
    expect(q<HTMLInputElement>(el, '#id_number').inputMode).to.equal('numeric');
  });

  it('virtual_account: names, account name and the NGN bank list', async () => {
    const el = await mountView(view([NIGERIA], { customer: { first_name: 'Ada' } }));
    expect(el.step).to.equal('form');
    expect(qa(el, 'input').map((i) => i.id)).to.deep.equal([
      'first_name',
      'last_name',
      'account_name',
    ]);
    // The view carries the first name only: the payer types the rest.
    expect(q<HTMLInputElement>(el, '#first_name').value).to.equal('Ada');
    expect(q<HTMLInputElement>(el, '#last_name').value).to.equal('');
    expect(q<HTMLInputElement>(el, '#account_name').value).to.equal('');
    const options = [...q<HTMLSelectElement>(el, 'select#bank_code').options];
    expect(options.map((o) => o.value)).to.deep.equal(['', '17001', '17002', '17003']);
    expect(options.map((o) => o.textContent?.trim())).to.deep.equal([
      'Choose your bank',
      'Issuing bank 1',
      'Issuing bank 2',
      'Issuing bank 3',
    ]);
  });

  it('a prefilled phone shows masked, for the payer to confirm or replace', async () => {
    const el = await mountView(
      view([KENYA], { only: 'phone_prompt', customer: { mobile_masked: '254******005' } }),
    );
    const saved = q<HTMLInputElement>(el, '#mobile-saved');
    expect(saved.checked).to.equal(true);
    expect(bodyText(el)).to.contain('Use the number you gave the shop: +254 ******005');
    expect(q(el, '#mobile-hint').textContent).to.equal('We’ll send the prompt to +254 ******005.');
    expect(qa(el, 'input#mobile')).to.have.length(0);
    saved.click();
    await el.updateComplete;
    expect(q<HTMLInputElement>(el, '#mobile').value).to.equal('');
  });
});

describe('steps: result', () => {
  it('success shows the amount paid', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const el = await mountView(
      withAttempt(base, attempt(KENYA, 'phone_prompt', 'succeeded'), 'succeeded'),
    );
    expect(el.step).to.equal('success');
    expect(bodyText(el)).to.contain(`Payment received Thank you. You paid ${money(1500, 'KES')}.`);
    expect(money(1500, 'KES')).to.match(/1,500$/); // whole units, no decimals
  });

  it('failure shows the reason, retries the same method, or goes back to the choice', async () => {
    const base = view([KENYA]);
    const failed = attempt(KENYA, 'operator_prompt', 'failed', null, {
      code: 'PM-001',
      message: 'Insufficient funds',
    });
    const el = await mountView(withAttempt(base, failed));
    expect(el.step).to.equal('failure');
    expect(bodyText(el)).to.contain('The payment did not go through.');
    expect(bodyText(el)).to.contain('Reason: Insufficient funds (PM-001)');
    button(el, 'Try again').click();
    await el.updateComplete;
    expect(el.step).to.equal('form');
    expect(q(el, 'h2').textContent).to.contain('Pay with Airtel');
    // Back to the failure? No: the dismissed attempt stays dismissed; a new choice is possible.
    button(el, 'Back').click();
    await el.updateComplete;
    expect(el.step).to.equal('choose');
  });

  it('failure offers "Use another method" when there is a choice', async () => {
    const base = view([KENYA]);
    const el = await mountView(withAttempt(base, attempt(KENYA, 'phone_prompt', 'failed')));
    expect(bodyText(el)).to.contain('The payment did not go through.');
    button(el, 'Use another method').click();
    await el.updateComplete;
    expect(el.step).to.equal('choose');
  });

  it('an expired virtual account is a lapsed input, not a failure: Try again', async () => {
    const base = view([NIGERIA]);
    const el = await mountView(
      withAttempt(
        base,
        attempt(NIGERIA, 'virtual_account', 'pending', lapsedFor('account_expired')),
      ),
    );
    expect(el.step).to.equal('lapsed');
    expect(q(el, 'h2').textContent).to.equal('The account expired before a transfer arrived');
    expect(bodyText(el)).to.contain('If you did pay, this page will update.');
    expect(bodyText(el)).to.not.contain('did not go through');
    expect(qa(el, 'button').map((b) => b.textContent?.trim())).to.deep.equal(['Try again']);
  });

  it('a session closed for good shows no retry', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const el = await mountView(
      withAttempt(base, attempt(KENYA, 'phone_prompt', 'failed'), 'failed'),
    );
    expect(el.step).to.equal('failure');
    expect(bodyText(el)).to.contain('This checkout is closed.');
    expect(qa(el, 'button')).to.have.length(0);
  });

  it('expired', async () => {
    const el = await mountView(view([KENYA], { status: 'expired' }));
    expect(el.step).to.equal('expired');
    expect(q(el, 'h2').textContent).to.equal('This checkout has expired');
  });

  it('ignores a view older than the one shown (seq)', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const pending = withAttempt(
      base,
      attempt(KENYA, 'phone_prompt', 'pending', { type: 'approve_on_phone', mobile_masked: 'x' }),
    );
    const done = withAttempt(base, attempt(KENYA, 'phone_prompt', 'succeeded'), 'succeeded');
    const el = await mountView(done);
    expect(el.applyView(pending)).to.equal(false);
    await el.updateComplete;
    expect(el.step).to.equal('success');
  });

  it('moves from the live step to the result when a newer view arrives', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const pending = attempt(KENYA, 'phone_prompt', 'pending', {
      type: 'approve_on_phone',
      mobile_masked: '2547****5000',
    });
    const el = await mountView(withAttempt(base, pending));
    el.applyView(withAttempt(base, { ...pending, status: 'succeeded', next: null }, 'succeeded'));
    await waitForStep(el, 'success');
  });
});
