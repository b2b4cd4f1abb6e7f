/**
 * The refusals of a new attempt (a prompt limit's by which limit: `RATE_LIMITED_PHONE`,
 * `RATE_LIMITED_SESSION`), in every language: in the form submit's chunk
 * (actions/submit-attempt.ts, fetched when the payer first types), so a page's first load
 * carries only the errors any request may meet (translations/<language>.ts).
 * @module
 */
import { fillTranslation, type SameStrings, type StepStrings } from '../../localize';

/** English. */
export const en = {
  errors: {
    ATTEMPT_IN_PROGRESS: 'A payment is already in progress.',
    COUNTRY_NOT_AVAILABLE: 'This country is not available.',
    METHOD_NOT_AVAILABLE: 'This payment method is not available.',
    VALIDATION_FAILED: 'Check the highlighted fields.',
    UPSTREAM_REJECTED: 'The payment provider refused this payment.',
    MERCHANT_UNAVAILABLE: 'This shop cannot take payments right now.',
    UPSTREAM_AUTH: 'Payments are temporarily unavailable. Try again later.',
    RATE_LIMITED_PHONE:
      'Too many payment requests were sent to this phone number. Try again later, or pay another way.',
    RATE_LIMITED_SESSION:
      'Too many payment requests for this checkout. Wait a few minutes, then try again.',
  },
} satisfies StepStrings;

/** Français. */
const fr: SameStrings<typeof en> = {
  errors: {
    ATTEMPT_IN_PROGRESS: 'Un paiement est déjà en cours. Attendez qu’il se termine.',
    COUNTRY_NOT_AVAILABLE: 'Ce pays n’est pas disponible pour ce paiement.',
    METHOD_NOT_AVAILABLE: 'Ce moyen de paiement n’est pas disponible.',
    VALIDATION_FAILED: 'Certaines informations ne sont pas valides. Vérifiez les champs signalés.',
    UPSTREAM_REJECTED: 'Le prestataire de paiement a refusé ce paiement.',
    MERCHANT_UNAVAILABLE: 'Cette boutique ne peut pas encaisser de paiements pour le moment.',
    UPSTREAM_AUTH: 'Les paiements sont momentanément indisponibles. Réessayez plus tard.',
    RATE_LIMITED_PHONE:
      'Trop de demandes de paiement ont été envoyées à ce numéro. Réessayez plus tard ou payez autrement.',
    RATE_LIMITED_SESSION:
      'Trop de demandes de paiement pour cette commande. Patientez quelques minutes, puis réessayez.',
  },
};

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  errors: {
    ATTEMPT_IN_PROGRESS: 'Malipo tayari yanaendelea. Subiri yakamilike.',
    COUNTRY_NOT_AVAILABLE: 'Nchi hii haipatikani kwa malipo haya.',
    METHOD_NOT_AVAILABLE: 'Njia hii ya malipo haipatikani.',
    VALIDATION_FAILED: 'Baadhi ya taarifa si sahihi. Kagua sehemu zilizowekwa alama.',
    UPSTREAM_REJECTED: 'Mtoa huduma wa malipo amekataa malipo haya.',
    MERCHANT_UNAVAILABLE: 'Duka hili haliwezi kupokea malipo kwa sasa.',
    UPSTREAM_AUTH: 'Malipo hayapatikani kwa muda. Jaribu tena baadaye.',
    RATE_LIMITED_PHONE:
      'Maombi mengi mno ya malipo yametumwa kwa namba hii ya simu. Jaribu tena baadaye, au lipa kwa njia nyingine.',
    RATE_LIMITED_SESSION:
      'Maombi mengi mno ya malipo kwa oda hii. Subiri dakika chache, kisha ujaribu tena.',
  },
};

/** Português. */
const pt: SameStrings<typeof en> = {
  errors: {
    ATTEMPT_IN_PROGRESS: 'Já existe um pagamento em curso. Aguarde que termine.',
    COUNTRY_NOT_AVAILABLE: 'Este país não está disponível para este pagamento.',
    METHOD_NOT_AVAILABLE: 'Este método de pagamento não está disponível.',
    VALIDATION_FAILED: 'Alguns dados não são válidos. Verifique os campos assinalados.',
    UPSTREAM_REJECTED: 'O prestador de pagamentos recusou este pagamento.',
    MERCHANT_UNAVAILABLE: 'Esta loja não pode receber pagamentos neste momento.',
    UPSTREAM_AUTH: 'Os pagamentos estão temporariamente indisponíveis. Tente mais tarde.',
    RATE_LIMITED_PHONE:
      'Foram enviados demasiados pedidos de pagamento para este número. Tente mais tarde ou pague de outra forma.',
    RATE_LIMITED_SESSION:
      'Demasiados pedidos de pagamento para esta compra. Aguarde alguns minutos e tente novamente.',
  },
};

for (const [code, strings] of Object.entries({ en, fr, sw, pt })) fillTranslation(code, strings);
