/**
 * Français: the later steps' strings, one export per step with English's keys
 * (later/en.ts), a chunk of its own the widget fetches once the payer reaches a later step
 * (widget/later-strings.ts).
 * @module
 */
import type * as en from './en';
import type { SameStrings } from '../types';

/** The "approve on your phone" step. */
export const approve: SameStrings<typeof en.approve> = {
  approveHeading: 'Validez sur votre téléphone',
  approveSent: (amount, mobile) =>
    `Nous avons envoyé une demande de paiement de ${amount} au ${mobile}.`,
  approveSteps: [
    'Déverrouillez votre téléphone et ouvrez la demande.',
    'Vérifiez le montant et le marchand.',
    'Saisissez votre code secret pour valider.',
  ],
  approveWaiting: 'En attente de votre validation…',
  approveRetryHint:
    'Aucune demande après une minute ? Attendez l’expiration de celle-ci, puis réessayez.',
  approveNoData: 'La demande fonctionne sans données mobiles.',
};

/** The form's submit and its refusals. */
export const attempt: SameStrings<typeof en.attempt> = {
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

/** The notice while the connection is down. */
export const offline: SameStrings<typeof en.offline> = {
  offline: 'Vous êtes hors ligne. Nous mettrons cette page à jour à votre retour.',
};

/** The OTP step, with the refusals of a code. */
export const otp: SameStrings<typeof en.otp> = {
  required: 'Ce champ est obligatoire.',
  sending: 'Envoi…',
  otpHeading: 'Saisissez votre code',
  otpBody: 'Nous avons envoyé un code à usage unique sur votre téléphone.',
  otpUnconfirmed:
    'Nous n’avons pas pu confirmer que votre code est parvenu au prestataire de paiement. Saisissez-le de nouveau : un code déjà reçu ne vous fera pas payer deux fois.',
  otpLabel: 'Code à usage unique',
  otpInvalidFormat: 'Saisissez les chiffres du code.',
  otpSubmit: 'Confirmer',
  expiresIn: (time) => `Expire dans ${time}`,
  codeExpired: 'Le code a expiré.',
  triesLeft: (count) => (count <= 1 ? `${count} essai restant.` : `${count} essais restants.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Cette page n’est pas autorisée à encaisser ce paiement.',
    SESSION_CLOSED: 'Ce paiement est clos.',
    SESSION_EXPIRED: 'Ce paiement a expiré.',
    UPSTREAM_UNAVAILABLE: 'Le prestataire de paiement est indisponible. Réessayez bientôt.',
    UPSTREAM_TIMEOUT: 'Le prestataire de paiement tarde à répondre. Nous vérifions le statut.',
    RATE_LIMITED: 'Trop de tentatives. Patientez une minute puis réessayez.',
    NO_ATTEMPT_WAITING: 'Aucun paiement n’attend de code.',
    OTP_INVALID: 'Ce code est incorrect.',
    OTP_EXPIRED: 'Le code a expiré.',
    OTP_LOCKED: 'Trop de codes erronés. Ce paiement est bloqué.',
  },
};

/** The notices (the outcomes). */
export const outcome: SameStrings<typeof en.outcome> = {
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

/** The redirect step. */
export const redirect: SameStrings<typeof en.redirect> = {
  redirectHeading: (method) => `Continuer avec ${method}`,
  redirectBody:
    'Une nouvelle fenêtre s’ouvre pour autoriser le paiement. Revenez ici une fois terminé.',
  redirectButton: (method) => `Continuer vers ${method}`,
  redirectWaiting: 'Terminez dans l’autre fenêtre. Cette page se met à jour toute seule.',
  redirectReopen: 'Rouvrir la fenêtre',
};

/** The bank transfer step. */
export const transfer: SameStrings<typeof en.transfer> = {
  transferHeading: 'Payer par virement',
  transferBody: (amount) =>
    `Virez exactement ${amount} sur ce compte depuis l’application de votre banque.`,
  bankName: 'Banque',
  accountNumber: 'Numéro de compte',
  amount: 'Montant',
  copyButton: 'Copier',
  copy: (what) => `Copier : ${what.toLowerCase()}`,
  copied: (what) => `${what} copié.`,
  copyFailed: 'Copie impossible. Sélectionnez le texte.',
  accountExpiresIn: (time) => `Ce compte se ferme dans ${time}`,
  accountExpired: 'Ce compte est fermé.',
  transferWaiting: 'Nous confirmons automatiquement dès réception de votre virement.',
};

/** The "wait" and "confirming" steps. */
export const wait: SameStrings<typeof en.wait> = {
  waitHeading: 'Votre paiement est en cours de confirmation',
  waitBody: 'Ne payez pas une seconde fois : cette page se met à jour toute seule.',
  waitChecking:
    'Nous vérifions auprès du prestataire de paiement si votre code est bien arrivé ; cette page se met à jour toute seule.',
};
