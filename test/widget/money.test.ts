/**
 * The money rules on screen (issue 13: "the payer was charged, the merchant was told it failed,
 * and the widget invites the payer to pay again"): only the upstream's answer settles an
 * attempt, so an unsettled attempt never shows "failure", never fires `checkout-failure`, and
 * never offers paying again once the payer acted or the shop must look. Views come from
 * fixtures (support/views.ts); the live tests drive the element through a scripted stream
 * (a stand-in WebSocket and fetch), the path the proxy's messages take.
 */
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
// Importing a translation registers it (fr, sw and pt are otherwise loaded on demand).
import '../../widget/translations/fr';
import '../../widget/translations/pt';
import '../../widget/translations/sw';
import type { CheckoutStep } from '../../widget/events';
import { CheckoutStepEvent, CheckoutSuccessEvent } from '../../widget/events';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import type { AttemptInput, SessionStatus } from '../../shared/status';
import type { CheckoutView, LapseReason, NextAction } from '../../shared/view';
import { axeViolations } from './support/axe';
import { bodyText, button, mountView, q, qa, waitForStep } from './support/dom';
import {
  CONFIRMING,
  IVORY_COAST,
  KENYA,
  NIGERIA,
  SENEGAL,
  attempt,
  inMs,
  lapsedFor,
  view,
  withAttempt,
} from './support/views';

const EVENTS = ['checkout-step', 'checkout-success', 'checkout-failure', 'checkout-expired'];

/** Records the outcome events that reach `document`. */
function record() {
  const events: Event[] = [];
  const listener = (e: Event) => events.push(e);
  for (const name of EVENTS) document.addEventListener(name, listener);
  return {
    named: (name: string) => events.filter((e) => e.type === name),
    steps: () =>
      events
        .filter((e): e is CheckoutStepEvent => e instanceof CheckoutStepEvent)
        .map((e) => e.detail.step),
    stop: () => EVENTS.forEach((name) => document.removeEventListener(name, listener)),
  };
}

/** The texts of the buttons on screen. */
const buttons = (el: UnifiedCheckout) => qa(el, 'button').map((b) => b.textContent?.trim());

/** The polite live region's text. */
const announced = (el: UnifiedCheckout) => q(el, '[role=status]').textContent ?? '';

const ci = () => view([IVORY_COAST], { only: 'otp_operator' });
const otpAttempt = (next: NextAction | null, id = 'at_otp') =>
  attempt(IVORY_COAST, 'otp_operator', 'pending', next, null, id);

/** What each language says on the new screens (literal, so a missing key shows). */
const SAYS: Record<
  string,
  {
    confirming: [string, string];
    lapse: Record<LapseReason, string>;
    ifPaid: string;
    reviewHeading: string;
    mismatch: string;
    needsReview: string;
    closed: [string, string];
    retry: string;
  }
> = {
  en: {
    confirming: [
      'Your payment is being confirmed',
      'Don’t pay again; this page updates by itself.',
    ],
    lapse: {
      otp_expired: 'The code expired',
      otp_locked: 'Too many wrong codes',
      account_expired: 'The account expired before a transfer arrived',
      prompt_unanswered: 'The prompt was not approved in time',
      redirect_cancelled: 'The payment was cancelled on the bank’s page',
      redirect_unanswered: 'The authorization was not completed in time',
    },
    ifPaid: 'If you did pay, this page will update.',
    reviewHeading: 'Payment under review',
    mismatch:
      'We received a payment that does not match this checkout (for example a different amount). The shop has been told and will contact you; don’t pay again unless they ask.',
    needsReview:
      'We could not confirm this payment yet. The shop has been told; don’t pay again unless they ask.',
    closed: ['This checkout is closed.', 'Your last payment is still being confirmed.'],
    retry: 'Try again',
  },
  fr: {
    confirming: [
      'Votre paiement est en cours de confirmation',
      'Ne payez pas une seconde fois : cette page se met à jour toute seule.',
    ],
    lapse: {
      otp_expired: 'Le code a expiré',
      otp_locked: 'Trop de codes erronés',
      account_expired: 'Le compte a expiré avant l’arrivée d’un virement',
      prompt_unanswered: 'La demande n’a pas été validée à temps',
      redirect_cancelled: 'Le paiement a été annulé sur la page de la banque',
      redirect_unanswered: 'L’autorisation n’a pas été finalisée à temps',
    },
    ifPaid: 'Si vous avez payé, cette page se mettra à jour.',
    reviewHeading: 'Paiement en cours de vérification',
    mismatch:
      'Nous avons reçu un paiement qui ne correspond pas à cette commande (par exemple, un montant différent). La boutique a été prévenue et vous contactera ; ne payez pas une seconde fois, sauf si elle vous le demande.',
    needsReview:
      'Nous n’avons pas encore pu confirmer ce paiement. La boutique a été prévenue ; ne payez pas une seconde fois, sauf si elle vous le demande.',
    closed: [
      'Ce paiement est clos.',
      'Votre dernier paiement est encore en cours de confirmation.',
    ],
    retry: 'Réessayer',
  },
  sw: {
    confirming: ['Tunathibitisha malipo yako', 'Usilipe tena; ukurasa huu utajisasisha wenyewe.'],
    lapse: {
      otp_expired: 'Muda wa msimbo umekwisha',
      otp_locked: 'Misimbo mingi isiyo sahihi',
      account_expired: 'Muda wa akaunti umekwisha kabla uhamisho haujafika',
      prompt_unanswered: 'Ombi halikuidhinishwa kwa wakati',
      redirect_cancelled: 'Malipo yalighairiwa kwenye ukurasa wa benki',
      redirect_unanswered: 'Uidhinishaji haukukamilika kwa wakati',
    },
    ifPaid: 'Kama ulilipa, ukurasa huu utajisasisha.',
    reviewHeading: 'Malipo yanakaguliwa',
    mismatch:
      'Tumepokea malipo yasiyolingana na agizo hili (kwa mfano, kiasi tofauti). Duka limearifiwa na litawasiliana nawe; usilipe tena isipokuwa duka likikuomba.',
    needsReview:
      'Bado hatujaweza kuthibitisha malipo haya. Duka limearifiwa; usilipe tena isipokuwa duka likikuomba.',
    closed: ['Malipo haya yamefungwa.', 'Malipo yako ya mwisho bado yanathibitishwa.'],
    retry: 'Jaribu tena',
  },
  pt: {
    confirming: [
      'A confirmar o seu pagamento',
      'Não pague novamente; esta página atualiza-se sozinha.',
    ],
    lapse: {
      otp_expired: 'O código expirou',
      otp_locked: 'Demasiados códigos errados',
      account_expired: 'A conta expirou antes de chegar uma transferência',
      prompt_unanswered: 'O pedido não foi aprovado a tempo',
      redirect_cancelled: 'O pagamento foi cancelado na página do banco',
      redirect_unanswered: 'A autorização não foi concluída a tempo',
    },
    ifPaid: 'Se pagou, esta página será atualizada.',
    reviewHeading: 'Pagamento em análise',
    mismatch:
      'Recebemos um pagamento que não corresponde a esta compra (por exemplo, um montante diferente). A loja foi avisada e vai contactá-lo; não pague novamente, a menos que a loja o peça.',
    needsReview:
      'Ainda não conseguimos confirmar este pagamento. A loja foi avisada; não pague novamente, a menos que a loja o peça.',
    closed: [
      'Este pagamento está encerrado.',
      'O seu último pagamento ainda está a ser confirmado.',
    ],
    retry: 'Tentar novamente',
  },
};

describe('money rules on screen', () => {
  let log: ReturnType<typeof record>;
  beforeEach(() => (log = record()));
  afterEach(() => {
    log.stop();
    fixtureCleanup();
  });

  for (const [locale, says] of Object.entries(SAYS)) {
    describe(`${locale}`, () => {
      it('confirming: being confirmed, do not pay again (announced), no retry', async () => {
        const el = await mountView(withAttempt(ci(), otpAttempt(CONFIRMING)), locale);
        expect(el.step).to.equal('confirming');
        expect(q(el, 'h2').textContent).to.equal(says.confirming[0]);
        expect(bodyText(el)).to.contain(says.confirming[1]);
        expect(announced(el)).to.contain(says.confirming[1]);
        expect(buttons(el)).to.deep.equal([]);
      });

      it('input_lapsed: the reason, "if you did pay", and the retry', async () => {
        const reasons = Object.keys(says.lapse) as LapseReason[];
        for (const reason of reasons) {
          const el = await mountView(
            withAttempt(ci(), otpAttempt(lapsedFor(reason), `at_${reason}`)),
            locale,
          );
          expect(el.step, reason).to.equal('lapsed');
          expect(q(el, 'h2').textContent, reason).to.equal(says.lapse[reason]);
          expect(bodyText(el), reason).to.contain(says.ifPaid);
          expect(announced(el), reason).to.contain(says.ifPaid);
          expect(buttons(el), reason).to.deep.equal([says.retry]);
          fixtureCleanup();
        }
      });

      it('mismatch and needs_review: the shop was told, no retry', async () => {
        const ke = view([KENYA], { only: 'phone_prompt' });
        for (const [status, text] of [
          ['mismatch', says.mismatch],
          ['needs_review', says.needsReview],
        ] as const) {
          const el = await mountView(
            withAttempt(ke, attempt(KENYA, 'phone_prompt', status)),
            locale,
          );
          expect(el.step).to.equal(status);
          expect(q(el, 'h2').textContent).to.equal(says.reviewHeading);
          expect(bodyText(el)).to.contain(text);
          expect(buttons(el)).to.deep.equal([]);
          fixtureCleanup();
        }
      });

      it('an expired session whose last payment is unsettled: closed, still confirming', async () => {
        const ng = view([NIGERIA]);
        const el = await mountView(
          withAttempt(
            ng,
            attempt(NIGERIA, 'virtual_account', 'pending', lapsedFor('account_expired')),
            'expired',
          ),
          locale,
        );
        expect(el.step).to.equal('closed_confirming');
        expect(q(el, 'h2').textContent).to.equal(says.closed[0]);
        expect(bodyText(el)).to.contain(says.closed[1]);
        expect(bodyText(el)).to.contain(says.ifPaid);
        expect(buttons(el)).to.deep.equal([]);
      });
    });
  }

  it('an unsettled attempt is never a failure, in any state, and fires no checkout-failure', async function () {
    this.timeout(30_000);
    const nexts: (NextAction | null)[] = [
      null,
      { type: 'wait' },
      CONFIRMING,
      lapsedFor('otp_locked'),
      { type: 'enter_otp', expires_at: inMs(-1000), tries_left: 0 },
      { type: 'redirect', url: 'https://x.test' },
    ];
    const seen = new Set<CheckoutStep>();
    for (const money of ['pending', 'needs_review'] as const) {
      for (const next of nexts) {
        for (const input of ['awaiting', 'given', 'lapsed'] as AttemptInput[]) {
          for (const status of ['open', 'pending', 'expired', 'failed'] as SessionStatus[]) {
            const at = attempt(IVORY_COAST, 'otp_operator', money, next, null, 'at_x', input);
            const v = { ...withAttempt(ci(), at, status), can_retry: status === 'open' };
            const el = await mountView(v);
            const what = `${money}/${next?.type}/${input}/${status}: ${el.step}`;
            seen.add(el.step);
            expect(el.step, what).to.not.equal('failure');
            expect(bodyText(el), what).to.not.contain('did not go through');
            if (input === 'given' || money === 'needs_review' || status !== 'open') {
              expect(buttons(el), what).to.not.include('Try again');
            }
            fixtureCleanup();
          }
        }
      }
    }
    expect(log.named('checkout-failure')).to.have.length(0);
    expect([...seen].sort()).to.deep.equal([
      'closed_confirming',
      'confirming',
      'lapsed',
      'needs_review',
      'otp',
      'redirect',
      'wait',
    ]);
  });

  it('mismatch and needs_review offer no retry even if the view allowed one', async () => {
    const ke = view([KENYA]);
    for (const status of ['mismatch', 'needs_review'] as const) {
      const v = withAttempt(ke, attempt(KENYA, 'phone_prompt', status));
      const el = await mountView({ ...v, can_retry: true });
      expect(el.step).to.equal(status);
      expect(buttons(el)).to.deep.equal([]);
      fixtureCleanup();
    }
    expect(log.named('checkout-failure')).to.have.length(0);
  });

  it('a session that requires action asks to contact the shop, even while its latest attempt is pending', async () => {
    const ke = view([KENYA]);
    const pending = attempt(KENYA, 'phone_prompt', 'pending', { type: 'wait' });
    const el = await mountView({
      ...withAttempt(ke, pending, 'requires_action'),
      can_retry: false,
    });
    expect(el.step).to.equal('mismatch');
    expect(buttons(el)).to.deep.equal([]);
    expect(log.named('checkout-failure')).to.have.length(0);
  });

  it('a failure after all (the upstream said not charged) is still a failure', async () => {
    const el = await mountView(withAttempt(ci(), otpAttempt(lapsedFor('otp_expired'))));
    expect(el.step).to.equal('lapsed');
    el.applyView(withAttempt(ci(), { ...otpAttempt(null), status: 'failed', input: 'lapsed' }));
    await el.updateComplete;
    expect(el.step).to.equal('failure');
    expect(log.named('checkout-failure')).to.have.length(1);
  });

  it('lapsed → Try again → the form; the old attempt pays after all: success', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const lapsed = attempt(
      KENYA,
      'phone_prompt',
      'pending',
      lapsedFor('prompt_unanswered'),
      null,
      'at_old',
    );
    const el = await mountView(withAttempt(base, lapsed));
    expect(el.step).to.equal('lapsed');
    expect(el.view?.can_retry).to.equal(true);
    button(el, 'Try again').click();
    await el.updateComplete;
    expect(el.step).to.equal('form');
    // Still reconciled in the background: it settles paid, the session succeeds.
    el.applyView(withAttempt(base, { ...lapsed, status: 'succeeded', next: null }, 'succeeded'));
    await el.updateComplete;
    expect(el.step).to.equal('success');
    expect(log.named('checkout-success')).to.have.length(1);
    expect(log.named('checkout-failure')).to.have.length(0);
    expect(log.steps()).to.deep.equal(['lapsed', 'form', 'success']);
  });

  it('axe: the new screens in French', async function () {
    this.timeout(20_000);
    const ke = view([KENYA]);
    const failures: string[] = [];
    for (const v of [
      withAttempt(ci(), otpAttempt(CONFIRMING)),
      withAttempt(ci(), otpAttempt(lapsedFor('otp_locked'))),
      withAttempt(ke, attempt(KENYA, 'phone_prompt', 'mismatch')),
      withAttempt(
        ke,
        attempt(KENYA, 'phone_prompt', 'pending', lapsedFor('prompt_unanswered')),
        'failed',
      ),
    ]) {
      const el = await mountView(v, 'fr');
      failures.push(...(await axeViolations(el)).map((line) => `${el.step}: ${line}`));
      fixtureCleanup();
    }
    expect(failures).to.deep.equal([]);
  });
});

/**
 * A scripted proxy: `fetch` answers the view GET and the OTP POST, and `WebSocket` is a stream
 * the test pushes views into (as the proxy's stream would).
 */
function scriptedProxy(first: CheckoutView, otpAnswer?: CheckoutView) {
  const realFetch = window.fetch;
  const RealSocket = window.WebSocket;
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;
    onerror: (() => void) | null = null;
    closed = false;
    constructor(readonly url: string) {
      sockets.push(this);
      setTimeout(() => this.onopen?.(), 0);
    }
    close() {
      this.closed = true;
    }
  }
  const json = (v: CheckoutView) =>
    new Response(JSON.stringify(v), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/otp') && init?.method === 'POST' && otpAnswer) return json(otpAnswer);
    return json(first);
  };
  (window as { WebSocket: unknown }).WebSocket = FakeSocket;
  return {
    /** Sends a view on the open stream (fails the test when the element stopped following). */
    push(v: CheckoutView) {
      const socket = sockets.at(-1);
      if (!socket || socket.closed || !socket.onmessage) throw new Error('no open stream');
      socket.onmessage({ data: JSON.stringify({ type: 'view', seq: v.seq, view: v }) });
    },
    restore() {
      window.fetch = realFetch;
      window.WebSocket = RealSocket;
    },
  };
}

async function mountLive(locale = 'en'): Promise<UnifiedCheckout> {
  const el = await fixture<UnifiedCheckout>(
    html`<unified-checkout
      session="cs_test"
      endpoint="http://proxy.test"
      locale=${locale}
    ></unified-checkout>`,
  );
  await waitUntil(() => el.connection === 'live', `stream never opened (${el.connection})`);
  return el;
}

describe('money rules, live (scripted stream)', () => {
  let log: ReturnType<typeof record>;
  let proxy: ReturnType<typeof scriptedProxy> | null = null;
  beforeEach(() => (log = record()));
  afterEach(() => {
    log.stop();
    proxy?.restore();
    proxy = null;
    fixtureCleanup();
  });

  it('an accepted code past its deadline stays "confirming" until the success', async () => {
    const deadline = inMs(400);
    const otp = otpAttempt({ type: 'enter_otp', expires_at: deadline, tries_left: 3 });
    const first = withAttempt(ci(), otp);
    const confirming = withAttempt(ci(), { ...otp, input: 'given', next: CONFIRMING }); // later seq
    proxy = scriptedProxy(first, confirming);
    const el = await mountLive();
    await waitForStep(el, 'otp');
    const input = q<HTMLInputElement>(el, '#otp');
    input.value = '123456';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    q<HTMLFormElement>(el, 'form').requestSubmit();
    await waitForStep(el, 'confirming');
    await waitUntil(() => Date.now() > Date.parse(deadline) + 300, 'deadline', { timeout: 2000 });
    proxy.push({ ...confirming, seq: confirming.seq + 1 }); // the stream repeats: still pending
    await el.updateComplete;
    expect(el.step).to.equal('confirming');
    expect(el.connection).to.equal('live');
    expect(buttons(el)).to.deep.equal([]);
    expect(announced(el)).to.contain('Don’t pay again; this page updates by itself.');
    proxy.push(withAttempt(ci(), { ...otp, status: 'succeeded', input: 'given', next: null }));
    await waitForStep(el, 'success');
    expect(log.steps()).to.deep.equal(['otp', 'confirming', 'success']);
    expect(log.named('checkout-success')).to.have.length(1);
    expect(log.named('checkout-failure')).to.have.length(0);
    expect(el.connection).to.equal('idle'); // final now
  });

  it('an expired session with an unsettled payment keeps following; a late success fires checkout-success', async () => {
    const base = view([SENEGAL], { only: 'redirect_wallet' });
    const redirect = attempt(
      SENEGAL,
      'redirect_wallet',
      'pending',
      lapsedFor('redirect_unanswered'),
      null,
      'at_wave',
    );
    proxy = scriptedProxy(withAttempt(base, redirect));
    const el = await mountLive();
    await waitForStep(el, 'lapsed');
    proxy.push(withAttempt(base, redirect, 'expired'));
    await waitForStep(el, 'closed_confirming');
    expect(log.named('checkout-expired')).to.have.length(1);
    expect(log.named('checkout-failure')).to.have.length(0);
    expect(el.connection).to.equal('live');
    // The upstream answers at last: paid.
    proxy.push(withAttempt(base, { ...redirect, status: 'succeeded', next: null }, 'succeeded'));
    await waitForStep(el, 'success');
    const success = log.named('checkout-success');
    expect(success).to.have.length(1);
    expect((success[0] as CheckoutSuccessEvent).detail).to.deep.include({ attempt: 'at_wave' });
    expect(log.steps()).to.deep.equal(['lapsed', 'closed_confirming', 'success']);
  });

  it('needs_review on an expired session is followed too; a plain expiry is final', async () => {
    const ke = view([KENYA], { only: 'phone_prompt' });
    const review = attempt(KENYA, 'phone_prompt', 'needs_review', null, null, 'at_r');
    proxy = scriptedProxy(withAttempt(ke, review, 'expired'));
    const el = await mountLive();
    await waitForStep(el, 'needs_review');
    expect(el.connection).to.equal('live');
    proxy.push(withAttempt(ke, { ...review, status: 'failed' }, 'expired'));
    await waitForStep(el, 'expired');
    expect(el.connection).to.equal('idle');
    expect(log.named('checkout-failure')).to.have.length(0); // the session had expired
  });
});
