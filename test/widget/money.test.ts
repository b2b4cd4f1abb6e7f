/**
 * The money rules on screen (what they prevent: "the payer was charged, the merchant was told it failed,
 * and the widget invites the payer to pay again"): only the upstream's answer settles an
 * attempt, so an unsettled attempt never shows "failure", never fires `checkout-failure`, and
 * never offers paying again once the payer acted or the shop must look. Views come from
 * fixtures (support/views.ts); money-live.test.ts drives the element through a scripted stream.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import type { CheckoutStep } from '../../widget/events';
import type { AttemptInput, SessionStatus } from '../../shared/status';
import type { LapseReason, NextAction } from '../../shared/view';
import { axeViolations } from './support/axe';
import { registered } from './support/languages';
import { announced, buttons, ci, otpAttempt, record } from './support/outcome-log';
import { bodyText, button, mountView, q } from './support/dom';
import {
  CONFIRMING,
  IVORY_COAST,
  KENYA,
  NIGERIA,
  attempt,
  inMs,
  lapsedFor,
  view,
  withAttempt,
} from './support/views';

// Registered before the tests (the element would otherwise load them on demand).
await registered('fr', 'pt', 'sw');

/** What each language says on the new screens (literal, so a missing key shows). */
const SAYS: Record<
  string,
  {
    confirming: [string, string];
    /** A code whose answer never came: the OTP step's note, and "confirming" once its window closed. */
    unconfirmed: { otp: string; checking: string };
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
    unconfirmed: {
      otp: 'We could not confirm that your code reached the payment provider. Enter it again: a code it already has will not charge you twice.',
      checking:
        'We are checking with the payment provider whether your code arrived; this page updates by itself.',
    },
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
    unconfirmed: {
      otp: 'Nous n’avons pas pu confirmer que votre code est parvenu au prestataire de paiement. Saisissez-le de nouveau : un code déjà reçu ne vous fera pas payer deux fois.',
      checking:
        'Nous vérifions auprès du prestataire de paiement si votre code est bien arrivé ; cette page se met à jour toute seule.',
    },
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
    unconfirmed: {
      otp: 'Hatukuweza kuthibitisha kwamba msimbo wako ulimfikia mtoa huduma wa malipo. Uweke tena: msimbo ambao tayari ameupokea hautakutoza mara mbili.',
      checking:
        'Tunakagua na mtoa huduma wa malipo kama msimbo wako ulifika; ukurasa huu utajisasisha wenyewe.',
    },
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
    unconfirmed: {
      otp: 'Não conseguimos confirmar que o seu código chegou ao prestador de pagamentos. Introduza-o novamente: um código que ele já tenha não o fará pagar duas vezes.',
      checking:
        'Estamos a verificar junto do prestador de pagamentos se o seu código chegou; esta página atualiza-se sozinha.',
    },
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

      it('a code whose answer never came: enter it again, then "being checked", never "do not pay again"', async () => {
        const next: NextAction = {
          type: 'enter_otp',
          expires_at: inMs(60_000),
          tries_left: 3,
          unconfirmed: true,
        };
        const el = await mountView(withAttempt(ci(), otpAttempt(next)), locale);
        expect(el.step).to.equal('otp');
        expect(bodyText(el)).to.contain(says.unconfirmed.otp);
        expect(bodyText(el)).not.to.contain(says.confirming[1]);
        expect(el.renderRoot.querySelector('input#otp')).to.exist;
        fixtureCleanup();
        const closed = await mountView(
          withAttempt(ci(), otpAttempt({ type: 'confirming', unconfirmed: true })),
          locale,
        );
        expect(closed.step).to.equal('confirming');
        expect(q(closed, 'h2').textContent).to.equal(says.confirming[0]);
        expect(bodyText(closed)).to.contain(says.unconfirmed.checking);
        expect(bodyText(closed)).not.to.contain(says.confirming[1]);
        expect(buttons(closed)).to.deep.equal([]);
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
