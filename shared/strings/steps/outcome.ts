/**
 * The notices (success, failure, lapsed, review, expired) in every language: in that step's chunk
 * (widget/steps/outcome.ts), so a page's first load carries only the first screens' strings
 * (shared/strings/<language>.ts). Each language's strings join its translation when the chunk loads,
 * or when the translation registers later.
 * @module
 */
import type { SameStrings, StepTable, Translation } from '../types';

/** English. */
export const en = {
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
  mismatchBody:
    'We received a payment that does not match this checkout (for example a different amount). The shop has been told and will contact you; don’t pay again unless they ask.',
  reviewBody:
    'We could not confirm this payment yet. The shop has been told; don’t pay again unless they ask.',
  closedConfirming: 'Your last payment is still being confirmed.',

  successHeading: 'Payment received',
  successBody: (amount) => `Thank you. You paid ${amount}.`,

  failureHeading: 'Payment not completed',
  failureFailed: 'The payment did not go through.',
  failureClosed: 'This checkout is closed.',
  failureReason: (reason) => `Reason: ${reason}`,
  retry: 'Try again',
  otherMethod: 'Use another method',

  expiredHeading: 'This checkout has expired',
  expiredBody: 'Return to the shop to start again.',
} satisfies Partial<Translation>;

/** Français. */
const fr: SameStrings<typeof en> = {
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
  mismatchBody:
    'Nous avons reçu un paiement qui ne correspond pas à cette commande (par exemple, un montant différent). La boutique a été prévenue et vous contactera ; ne payez pas une seconde fois, sauf si elle vous le demande.',
  reviewBody:
    'Nous n’avons pas encore pu confirmer ce paiement. La boutique a été prévenue ; ne payez pas une seconde fois, sauf si elle vous le demande.',
  closedConfirming: 'Votre dernier paiement est encore en cours de confirmation.',

  successHeading: 'Paiement reçu',
  successBody: (amount) => `Merci. ${amount} ont été payés.`,

  failureHeading: 'Paiement non abouti',
  failureFailed: 'Le paiement n’a pas abouti.',
  failureClosed: 'Ce paiement est clos.',
  failureReason: (reason) => `Motif : ${reason}`,
  retry: 'Réessayer',
  otherMethod: 'Utiliser un autre moyen',

  expiredHeading: 'Ce paiement a expiré',
  expiredBody: 'Retournez sur la boutique pour recommencer.',
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
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
  mismatchBody:
    'Tumepokea malipo yasiyolingana na agizo hili (kwa mfano, kiasi tofauti). Duka limearifiwa na litawasiliana nawe; usilipe tena isipokuwa duka likikuomba.',
  reviewBody:
    'Bado hatujaweza kuthibitisha malipo haya. Duka limearifiwa; usilipe tena isipokuwa duka likikuomba.',
  closedConfirming: 'Malipo yako ya mwisho bado yanathibitishwa.',

  successHeading: 'Malipo yamepokelewa',
  successBody: (amount) => `Asante. ${amount} imelipwa.`,

  failureHeading: 'Malipo hayajakamilika',
  failureFailed: 'Malipo hayakufanikiwa.',
  failureClosed: 'Malipo haya yamefungwa.',
  failureReason: (reason) => `Sababu: ${reason}`,
  retry: 'Jaribu tena',
  otherMethod: 'Tumia njia nyingine',

  expiredHeading: 'Muda wa malipo haya umekwisha',
  expiredBody: 'Rudi dukani ili uanze malipo mapya.',
};

/** Português. */
const pt: SameStrings<typeof en> = {
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
  mismatchBody:
    'Recebemos um pagamento que não corresponde a esta compra (por exemplo, um montante diferente). A loja foi avisada e vai contactá-lo; não pague novamente, a menos que a loja o peça.',
  reviewBody:
    'Ainda não conseguimos confirmar este pagamento. A loja foi avisada; não pague novamente, a menos que a loja o peça.',
  closedConfirming: 'O seu último pagamento ainda está a ser confirmado.',

  successHeading: 'Pagamento recebido',
  successBody: (amount) => `Obrigado. ${amount} foi pago.`,

  failureHeading: 'Pagamento não concluído',
  failureFailed: 'O pagamento não foi efetuado.',
  failureClosed: 'Este pagamento está encerrado.',
  failureReason: (reason) => `Motivo: ${reason}`,
  retry: 'Tentar novamente',
  otherMethod: 'Usar outro método',

  expiredHeading: 'Este pagamento expirou',
  expiredBody: 'Volte à loja para iniciar um novo pagamento.',
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;
