/**
 * Français: the first screens' strings (the later steps' are in steps/, in
 * each step's chunk).
 * @module
 */
import type { FirstStrings } from './first';

const fr: FirstStrings = {
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
  upTo: 'Jusqu’à',
  from: 'Dès',
  slow: 'est lent en ce moment',
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
  phoneSaved: (masked) => `Utiliser le numéro donné à la boutique : ${masked}`,
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

  errorHeading: 'Une erreur est survenue',
  reload: 'Réessayer',
  errors: {
    generic: 'Une erreur est survenue. Veuillez réessayer.',
    NETWORK: 'Impossible de joindre le service de paiement. Vérifiez votre connexion.',
    SESSION_NOT_FOUND: 'Ce paiement n’existe pas.',
  },
};

export default fr;
