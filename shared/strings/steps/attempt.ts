/**
 * What only the form submit's chunk (actions/submit-attempt.ts, fetched when the payer first
 * types) makes the widget say, in every language: the fields' problems (its check finds them),
 * "change" beside an operator predicted from the number (its prediction sets it), and the
 * refusals of a new attempt (a prompt limit's by which limit: `RATE_LIMITED_PHONE`,
 * `RATE_LIMITED_SESSION`). So a page's first load carries only the first screens' strings and
 * the errors any request may meet (shared/strings/<language>.ts).
 * @module
 */
import type { SameStrings, StepStrings, StepTable } from '../types';

/** English. */
export const en = {
  required: 'This field is required.',
  sending: 'Sending…',
  change: 'change',
  invalid: 'Check this value.',
  phoneInvalid: (digits) => `Enter ${digits} digits after the country code.`,
  idLength: 'An ID number has 13 digits.',
  idInvalid: 'This ID number is not valid.',
  bankRequired: 'Choose your bank.',
  fixFields: (count) => (count === 1 ? 'Fix 1 field.' : `Fix ${count} fields.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'This page may not take this payment.',
    SESSION_CLOSED: 'This checkout is closed.',
    SESSION_EXPIRED: 'This checkout has expired.',
    UPSTREAM_UNAVAILABLE: 'The payment provider is unavailable. Try again soon.',
    UPSTREAM_TIMEOUT: 'The payment provider is slow to answer. We are checking.',
    RATE_LIMITED: 'Too many tries. Wait a minute.',
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
  required: 'Ce champ est obligatoire.',
  sending: 'Envoi…',
  change: 'modifier',
  invalid: 'Vérifiez cette valeur.',
  phoneInvalid: (digits) => `Saisissez un numéro valide : ${digits} chiffres après l’indicatif.`,
  idLength: 'Un numéro d’identité compte exactement 13 chiffres.',
  idInvalid: 'Ce numéro d’identité n’est pas valide. Vérifiez les chiffres.',
  bankRequired: 'Choisissez votre banque.',
  fixFields: (count) =>
    count === 1 ? 'Corrigez 1 champ pour continuer.' : `Corrigez ${count} champs pour continuer.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Cette page n’est pas autorisée à encaisser ce paiement.',
    SESSION_CLOSED: 'Ce paiement est clos.',
    SESSION_EXPIRED: 'Ce paiement a expiré.',
    UPSTREAM_UNAVAILABLE: 'Le prestataire de paiement est indisponible. Réessayez bientôt.',
    UPSTREAM_TIMEOUT: 'Le prestataire de paiement tarde à répondre. Nous vérifions le statut.',
    RATE_LIMITED: 'Trop de tentatives. Patientez une minute puis réessayez.',
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
  required: 'Sehemu hii inahitajika.',
  sending: 'Inatuma…',
  change: 'badilisha',
  invalid: 'Kagua thamani hii.',
  phoneInvalid: (digits) => `Weka namba sahihi: tarakimu ${digits} baada ya msimbo wa nchi.`,
  idLength: 'Namba ya kitambulisho ina tarakimu 13 kamili.',
  idInvalid: 'Namba hii ya kitambulisho si sahihi. Kagua tarakimu.',
  bankRequired: 'Chagua benki yako.',
  fixFields: (count) =>
    count === 1 ? 'Rekebisha sehemu 1 ili kuendelea.' : `Rekebisha sehemu ${count} ili kuendelea.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ukurasa huu hauruhusiwi kupokea malipo haya.',
    SESSION_CLOSED: 'Malipo haya yamefungwa.',
    SESSION_EXPIRED: 'Muda wa malipo haya umekwisha.',
    UPSTREAM_UNAVAILABLE: 'Mtoa huduma wa malipo hapatikani. Jaribu tena baadaye kidogo.',
    UPSTREAM_TIMEOUT: 'Mtoa huduma wa malipo anachelewa kujibu. Tunakagua hali.',
    RATE_LIMITED: 'Majaribio mengi mno. Subiri dakika moja kisha ujaribu tena.',
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
  required: 'Este campo é obrigatório.',
  sending: 'A enviar…',
  change: 'alterar',
  invalid: 'Verifique este valor.',
  phoneInvalid: (digits) => `Introduza um número válido: ${digits} dígitos após o indicativo.`,
  idLength: 'Um número de identificação tem exatamente 13 dígitos.',
  idInvalid: 'Este número de identificação não é válido. Verifique os dígitos.',
  bankRequired: 'Escolha o seu banco.',
  fixFields: (count) =>
    count === 1 ? 'Corrija 1 campo para continuar.' : `Corrija ${count} campos para continuar.`,
  errors: {
    ORIGIN_NOT_ALLOWED: 'Esta página não está autorizada a receber este pagamento.',
    SESSION_CLOSED: 'Este pagamento está encerrado.',
    SESSION_EXPIRED: 'Este pagamento expirou.',
    UPSTREAM_UNAVAILABLE: 'O prestador de pagamentos está indisponível. Tente daqui a pouco.',
    UPSTREAM_TIMEOUT:
      'O prestador de pagamentos está a demorar a responder. Estamos a verificar o estado.',
    RATE_LIMITED: 'Demasiadas tentativas. Aguarde um minuto e tente novamente.',
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

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;
