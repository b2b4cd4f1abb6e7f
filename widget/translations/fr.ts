/**
 * Français.
 * @module
 */
import { registerTranslation, type Translation } from '../localize';

const translation: Translation = {
  $code: 'fr',
  $name: 'Français',
  $dir: 'ltr',

  checkout: 'Paiement',
  loading: 'Chargement du paiement…',
  payAmount: (amount) => `Payer ${amount}`,
  total: 'Total',

  chooseHeading: 'Comment souhaitez-vous payer ?',
  country: 'Pays',
  method: 'Moyen de paiement',
  continue: 'Continuer',
  back: 'Retour',
  kindHint: {
    phone_prompt: 'Validez la demande sur votre téléphone',
    operator_prompt: 'Validez la demande sur votre téléphone',
    otp_operator: 'Confirmez avec un code reçu sur votre téléphone',
    redirect_wallet: 'Autorisez dans votre portefeuille mobile',
    bank_eft: 'Payez depuis votre compte bancaire',
    bank_id: 'Payez via votre banque avec votre numéro d’identité',
    virtual_account: 'Virement vers un numéro de compte à usage unique',
  },

  formHeading: (method) => `Payer avec ${method}`,
  phone: 'Numéro de téléphone',
  phoneHint: (dialCode, digits) => `+${dialCode} puis ${digits} chiffres`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Numéro du portefeuille : ${mobile}`
      : `Nous enverrons ${kind == 'otp_operator' ? 'le code' : 'la demande'} au ${mobile}.`,
  firstName: 'Prénom',
  lastName: 'Nom',
  fullName: 'Nom complet',
  accountName: 'Titulaire du compte',
  accountNameHint: 'Le nom figurant sur votre compte bancaire',
  bank: 'Banque',
  bankCode: 'Code banque',
  bankCodeHint: 'Le code guichet de votre banque',
  chooseBank: 'Choisissez votre banque',
  idNumber: 'Numéro d’identité sud-africain',
  idNumberHint: '13 chiffres',
  required: 'Ce champ est obligatoire.',
  invalid: 'Vérifiez cette valeur.',
  phoneInvalid: (digits) => `Saisissez un numéro valide : ${digits} chiffres après l’indicatif.`,
  idLength: 'Un numéro d’identité compte exactement 13 chiffres.',
  idInvalid: 'Ce numéro d’identité n’est pas valide. Vérifiez les chiffres.',
  bankRequired: 'Choisissez votre banque.',
  fixFields: (count) =>
    count === 1 ? 'Corrigez 1 champ pour continuer.' : `Corrigez ${count} champs pour continuer.`,
  sending: 'Envoi…',

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

  otpHeading: 'Saisissez votre code',
  otpBody: 'Nous avons envoyé un code à usage unique sur votre téléphone.',
  otpLabel: 'Code à usage unique',
  otpInvalidFormat: 'Saisissez les chiffres du code.',
  otpSubmit: 'Confirmer',
  expiresIn: (time) => `Expire dans ${time}`,
  codeExpired: 'Le code a expiré.',
  triesLeft: (count) => (count <= 1 ? `${count} essai restant.` : `${count} essais restants.`),

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

  redirectHeading: (method) => `Continuer avec ${method}`,
  redirectBody:
    'Une nouvelle fenêtre s’ouvre pour autoriser le paiement. Revenez ici une fois terminé.',
  redirectButton: (method) => `Continuer vers ${method}`,
  redirectWaiting: 'Terminez dans l’autre fenêtre. Cette page se met à jour toute seule.',
  redirectReopen: 'Rouvrir la fenêtre',

  waitHeading: 'Votre paiement est en cours de confirmation',
  waitBody: 'Ne payez pas une seconde fois : cette page se met à jour toute seule.',

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

  errorHeading: 'Une erreur est survenue',
  reload: 'Réessayer',
  errors: {
    generic: 'Une erreur est survenue. Veuillez réessayer.',
    NETWORK: 'Impossible de joindre le service de paiement. Vérifiez votre connexion.',
    SESSION_NOT_FOUND: 'Ce paiement n’existe pas.',
    SESSION_CLOSED: 'Ce paiement est clos.',
    SESSION_EXPIRED: 'Ce paiement a expiré.',
    ATTEMPT_IN_PROGRESS: 'Un paiement est déjà en cours. Attendez qu’il se termine.',
    NO_ATTEMPT_WAITING: 'Aucun paiement n’attend de code.',
    COUNTRY_NOT_AVAILABLE: 'Ce pays n’est pas disponible pour ce paiement.',
    METHOD_NOT_AVAILABLE: 'Ce moyen de paiement n’est pas disponible.',
    VALIDATION_FAILED: 'Certaines informations ne sont pas valides. Vérifiez les champs signalés.',
    OTP_INVALID: 'Ce code est incorrect.',
    OTP_EXPIRED: 'Le code a expiré.',
    OTP_LOCKED: 'Trop de codes erronés. Ce paiement est bloqué.',
    UPSTREAM_REJECTED: 'Le prestataire de paiement a refusé ce paiement.',
    UPSTREAM_UNAVAILABLE: 'Le prestataire de paiement est indisponible. Réessayez bientôt.',
    MERCHANT_UNAVAILABLE: 'Cette boutique ne peut pas encaisser de paiements pour le moment.',
    UPSTREAM_AUTH: 'Les paiements sont momentanément indisponibles. Réessayez plus tard.',
    UPSTREAM_TIMEOUT: 'Le prestataire de paiement tarde à répondre. Nous vérifions le statut.',
    RATE_LIMITED: 'Trop de tentatives. Patientez une minute puis réessayez.',
    ORIGIN_NOT_ALLOWED: 'Cette page n’est pas autorisée à encaisser ce paiement.',
  },
};

registerTranslation(translation);
export default translation;
