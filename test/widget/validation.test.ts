import { expect, fixtureCleanup, oneEvent } from '@open-wc/testing';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { IVORY_COAST, KENYA, NIGERIA, SOUTH_AFRICA, view } from './support/views';
import { focused, mountView, q, submit, type, waitForStep } from './support/dom';
import { createSession, mountSession } from './support/stack';

/** The field's error as a screen reader gets it: aria-invalid and the described-by texts. */
function fieldState(el: UnifiedCheckout, id: string) {
  const input = q(el, `#${id}`);
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((ref) => q(el, `#${ref}`).textContent?.trim() ?? '');
  return {
    invalid: input.getAttribute('aria-invalid'),
    error: q(el, `#${id}-error`).textContent?.trim(),
    described,
  };
}

describe('validation messages', () => {
  afterEach(() => fixtureCleanup());

  it('phone: required, then the length rule of the country, tied to the field', async () => {
    const el = await mountView(view([KENYA], { only: 'phone_prompt' }));
    expect(fieldState(el, 'mobile').invalid).to.equal('false');
    await submit(el);
    expect(fieldState(el, 'mobile')).to.deep.equal({
      invalid: 'true',
      error: 'This field is required.',
      described: ['+254 then 9 digits', 'This field is required.'],
    });
    expect(q(el, '[role=alert]').textContent).to.equal('Fix 1 field.');
    expect(focused(el)?.id).to.equal('mobile');
    await type(el, 'mobile', '0712 34');
    expect(fieldState(el, 'mobile').invalid).to.equal('false'); // typing clears the error
    await submit(el);
    expect(fieldState(el, 'mobile').error).to.equal('Enter 9 digits after the country code.');
    await type(el, 'mobile', '+255 712 345 000'); // another country's dial code
    await submit(el);
    expect(fieldState(el, 'mobile').invalid).to.equal('true');
  });

  it('phone: the length rule follows the country (10 digits in Cote d’Ivoire)', async () => {
    const el = await mountView(view([IVORY_COAST], { only: 'otp_operator' }));
    await type(el, 'mobile', '712345000');
    await submit(el);
    expect(fieldState(el, 'mobile').error).to.equal('Enter 10 digits after the country code.');
  });

  it('South African ID: 13 digits, a real birth date and the checksum', async () => {
    const el = await mountView(view([SOUTH_AFRICA], { only: 'bank_id' }));
    await type(el, 'name', 'Thabo Mbeki');
    for (const [value, message] of [
      ['', 'This field is required.'],
      ['800101500908', 'An ID number has 13 digits.'],
      ['80010150090871', 'An ID number has 13 digits.'],
      ['8001015009088', 'This ID number is not valid.'],
      ['8013015009087', 'This ID number is not valid.'],
    ] as const) {
      await type(el, 'id_number', value);
      await submit(el);
      expect(fieldState(el, 'id_number').error, value).to.equal(message);
      expect(fieldState(el, 'id_number').described, value).to.deep.equal(['13 digits', message]);
    }
    expect(fieldState(el, 'name').invalid).to.equal('false');
  });

  it('names and the NGN bank: each missing field, with a count', async () => {
    const el = await mountView(view([NIGERIA]));
    await submit(el);
    for (const id of ['first_name', 'last_name', 'account_name']) {
      expect(fieldState(el, id).error, id).to.equal('This field is required.');
    }
    expect(fieldState(el, 'bank_code')).to.deep.include({
      invalid: 'true',
      error: 'Choose your bank.',
    });
    expect(q(el, '[role=alert]').textContent).to.equal('Fix 4 fields.');
    expect(focused(el)?.id).to.equal('first_name');
  });

  it('bank_eft: name and bank code are required', async () => {
    const el = await mountView(view([SOUTH_AFRICA], { only: 'bank_eft' }));
    await submit(el);
    expect(fieldState(el, 'name').error).to.equal('This field is required.');
    expect(fieldState(el, 'bank_code').error).to.equal('This field is required.');
    expect(q<HTMLInputElement>(el, '#name').maxLength).to.equal(200);
  });

  it("maps the proxy's VALIDATION_FAILED issues to their fields", async function () {
    this.timeout(15_000);
    const session = await createSession({ amount: 300, currency: 'ZAR', methods: ['bank_eft'] });
    const el = await mountSession(session);
    await waitForStep(el, 'form');
    await type(el, 'name', 'N'.repeat(201)); // over the proxy's limit (maxlength stops typing)
    await type(el, 'bank_code', '250655');
    const error = oneEvent(el, 'checkout-error');
    await submit(el);
    expect((await error).detail).to.deep.include({
      code: 'VALIDATION_FAILED',
      status: 400,
      operation: 'attempt',
    });
    await el.updateComplete;
    expect(fieldState(el, 'name')).to.deep.include({ invalid: 'true', error: 'Check this value.' });
    expect(fieldState(el, 'bank_code').invalid).to.equal('false');
    expect(q(el, '[role=alert]').textContent).to.equal('Check the highlighted fields.');
    expect(el.step).to.equal('form');
  });
});
