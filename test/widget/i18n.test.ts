import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { SUPPORTED_LOCALES, wantedLanguage } from '../../widget/languages';
import { registeredLocales, resolveLocale } from '../../widget/localize';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { IVORY_COAST, KENYA, attempt, inMs, view, withAttempt } from './support/views';
import { bodyText, mountView, q, submit } from './support/dom';
import { registered } from './support/languages';
import { laterStrings } from '../../widget/later-strings';

// Portuguese is NOT loaded here: the element must load it with import() (the built bundle's
// chunk: chunks.test.ts).
const [fr, sw, en] = await registered('fr', 'sw', 'en');

const whole = (amount: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
    amount,
  );

function setBrowserLanguages(languages: string[] | null) {
  if (languages === null) delete (navigator as unknown as { languages?: unknown }).languages;
  else Object.defineProperty(navigator, 'languages', { configurable: true, value: languages });
}

describe('languages', () => {
  afterEach(() => {
    setBrowserLanguages(null);
    fixtureCleanup();
  });

  it('resolves a locale attribute, then the browser languages, then English', () => {
    expect(resolveLocale('fr-CI', ['en'])?.translation).to.equal(fr);
    expect(resolveLocale('fr-CI', ['en'])?.tag).to.equal('fr-CI');
    expect(resolveLocale('', ['sw-KE', 'en'])?.translation).to.equal(sw);
    expect(resolveLocale('de', ['zz'])?.translation).to.equal(en);
    expect(wantedLanguage('', ['pt-BR', 'en'], SUPPORTED_LOCALES)).to.equal('pt');
    expect(wantedLanguage('xx', ['yy'], SUPPORTED_LOCALES)).to.equal('en');
  });

  const cases = [
    { locale: 'en', heading: 'How do you want to pay?', pay: 'Pay' },
    { locale: 'fr', heading: 'Comment souhaitez-vous payer ?', pay: 'Payer' },
    { locale: 'sw', heading: 'Ungependa kulipa kwa njia gani?', pay: 'Lipa' },
  ];
  for (const { locale, heading, pay } of cases) {
    it(`${locale}: every step in the language, amounts in whole units of the currency`, async () => {
      const base = view([KENYA], { amount: 125000 });
      const el = await mountView(base, locale);
      expect(q(el, 'h2').textContent).to.equal(heading);
      expect(q(el, '[part~=panel]').getAttribute('lang')).to.equal(locale);
      const amount = whole(125000, 'KES', locale);
      expect(q(el, '[part~=amount]').textContent).to.equal(amount);
      expect(amount).to.not.match(/[.,]00\b/);
      await submit(el);
      expect(q(el, '[part~=primary]').textContent?.trim()).to.equal(`${pay} ${amount}`);
    });
  }

  it('fr: validation messages are translated too', async () => {
    const el = await mountView(view([IVORY_COAST, KENYA]), 'fr-CI');
    await submit(el);
    await submit(el);
    expect(q(el, '#mobile-error').textContent).to.equal('Ce champ est obligatoire.');
    expect(q(el, '[role=alert]').textContent).to.equal('Corrigez 1 champ pour continuer.');
    expect(q(el, '[part~=amount]').textContent).to.equal(whole(1500, 'XOF', 'fr-CI'));
  });

  it('the refusals of an attempt arrive with the later strings, worded in every language', async () => {
    await laterStrings();
    for (const t of [en, fr, sw]) {
      expect(t.errors.UPSTREAM_AUTH, t.$code).to.be.a('string').and.not.equal(t.errors.generic);
      expect(t.errors.MERCHANT_UNAVAILABLE, t.$code).to.be.a('string');
      expect(t.errors.NETWORK, 'the first screens keep theirs').to.be.a('string');
    }
    expect(fr.errors.UPSTREAM_AUTH).to.contain('momentanément indisponibles');
  });

  it('sw: the live OTP step with its countdown and plural', async () => {
    const base = view([IVORY_COAST], { only: 'otp_operator' });
    const el = await mountView(
      withAttempt(
        base,
        attempt(IVORY_COAST, 'otp_operator', 'pending', {
          type: 'enter_otp',
          expires_at: inMs(90_000),
          tries_left: 1,
        }),
      ),
      'sw',
    );
    expect(q(el, 'h2').textContent).to.equal('Weka msimbo wako');
    expect(q(el, '[role=timer]').textContent).to.match(/^Unaisha baada ya 1:(30|29)$/);
    expect(bodyText(el)).to.contain('Jaribio 1 limebaki.');
  });

  it("follows the session's locale before the browser's when there is no attribute", async () => {
    setBrowserLanguages(['fr-FR', 'en']);
    const el = await mountView(view([KENYA], { status: 'expired', locale: 'sw-TZ' }), '');
    expect(q(el, 'h2').textContent).to.equal('Muda wa malipo haya umekwisha');
    expect(q(el, '[part~=panel]').getAttribute('lang')).to.equal('sw-TZ');
  });

  it('follows the browser language when there is no locale attribute', async () => {
    setBrowserLanguages(['sw-TZ', 'en']);
    const el = await fixture<UnifiedCheckout>(html`<unified-checkout></unified-checkout>`);
    el.applyView(view([KENYA], { status: 'expired' }));
    await el.updateComplete;
    expect(q(el, 'h2').textContent).to.equal('Muda wa malipo haya umekwisha');
    expect(q(el, '[part~=panel]').getAttribute('lang')).to.equal('sw-TZ');
  });

  it('pt: loads its chunk on demand beside the module, whatever the endpoint', async () => {
    expect(registeredLocales()).to.not.include('pt');
    const el = await fixture<UnifiedCheckout>(
      html`<unified-checkout locale="pt-MZ" endpoint="http://127.0.0.1:9"></unified-checkout>`,
    );
    el.applyView(view([KENYA], { amount: 2500 }));
    await el.updateComplete; // waits for the chunk too
    expect(registeredLocales()).to.include('pt');
    expect(q(el, 'h2').textContent).to.equal('Como pretende pagar?');
    expect(q(el, '[part~=amount]').textContent).to.equal(whole(2500, 'KES', 'pt-MZ'));
  });
});
