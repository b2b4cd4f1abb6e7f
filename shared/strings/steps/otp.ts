/**
 * The OTP step in every language, with the refusals of a code: in that step's chunk (widget/steps/otp.ts), so a page's first
 * load carries only the first screens' strings (shared/strings/<language>.ts). Each language's
 * strings join its translation when the chunk loads, or when the translation registers later.
 * @module
 */
import type { SameStrings, StepStrings, StepTable } from '../types';

/** English. */
export const en = {
  required: 'This field is required.',
  sending: 'Sending…',
  otpHeading: 'Enter your code',
  otpBody: 'We sent a one-time code to your phone.',
  otpUnconfirmed:
    'We could not confirm that your code reached the payment provider. Enter it again: a code it already has will not charge you twice.',
  otpLabel: 'One-time code',
  otpInvalidFormat: 'Enter the digits of the code.',
  otpSubmit: 'Confirm',
  expiresIn: (time) => `Expires in ${time}`,
  codeExpired: 'The code has expired.',
  triesLeft: (count) => (count === 1 ? '1 try left.' : `${count} tries left.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'This page may not take this payment.',
    SESSION_CLOSED: 'This checkout is closed.',
    SESSION_EXPIRED: 'This checkout has expired.',
    UPSTREAM_UNAVAILABLE: 'The payment provider is unavailable. Try again soon.',
    UPSTREAM_TIMEOUT: 'The payment provider is slow to answer. We are checking.',
    RATE_LIMITED: 'Too many tries. Wait a minute.',
    NO_ATTEMPT_WAITING: 'No payment is waiting for a code.',
    OTP_INVALID: 'That code is not correct.',
    OTP_EXPIRED: 'The code has expired.',
    OTP_LOCKED: 'Too many wrong codes. This payment is locked.',
  },
} satisfies StepStrings;

/** Français. */
const fr: SameStrings<typeof en> = {
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

/** Kiswahili. */
const sw: SameStrings<typeof en> = {
  required: 'Sehemu hii inahitajika.',
  sending: 'Inatuma…',
  otpHeading: 'Weka msimbo wako',
  otpBody: 'Tumetuma msimbo wa matumizi ya mara moja kwenye simu yako.',
  otpUnconfirmed:
    'Hatukuweza kuthibitisha kwamba msimbo wako ulimfikia mtoa huduma wa malipo. Uweke tena: msimbo ambao tayari ameupokea hautakutoza mara mbili.',
  otpLabel: 'Msimbo wa mara moja',
  otpInvalidFormat: 'Weka tarakimu za msimbo.',
  otpSubmit: 'Thibitisha',
  expiresIn: (time) => `Unaisha baada ya ${time}`,
  codeExpired: 'Msimbo umeisha muda.',
  triesLeft: (count) => (count === 1 ? 'Jaribio 1 limebaki.' : `Majaribio ${count} yamebaki.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Ukurasa huu hauruhusiwi kupokea malipo haya.',
    SESSION_CLOSED: 'Malipo haya yamefungwa.',
    SESSION_EXPIRED: 'Muda wa malipo haya umekwisha.',
    UPSTREAM_UNAVAILABLE: 'Mtoa huduma wa malipo hapatikani. Jaribu tena baadaye kidogo.',
    UPSTREAM_TIMEOUT: 'Mtoa huduma wa malipo anachelewa kujibu. Tunakagua hali.',
    RATE_LIMITED: 'Majaribio mengi mno. Subiri dakika moja kisha ujaribu tena.',
    NO_ATTEMPT_WAITING: 'Hakuna malipo yanayosubiri msimbo.',
    OTP_INVALID: 'Msimbo huo si sahihi.',
    OTP_EXPIRED: 'Msimbo umeisha muda.',
    OTP_LOCKED: 'Misimbo mingi isiyo sahihi. Malipo haya yamefungiwa.',
  },
};

/** Português. */
const pt: SameStrings<typeof en> = {
  required: 'Este campo é obrigatório.',
  sending: 'A enviar…',
  otpHeading: 'Introduza o código',
  otpBody: 'Enviámos um código de utilização única para o seu telemóvel.',
  otpUnconfirmed:
    'Não conseguimos confirmar que o seu código chegou ao prestador de pagamentos. Introduza-o novamente: um código que ele já tenha não o fará pagar duas vezes.',
  otpLabel: 'Código de utilização única',
  otpInvalidFormat: 'Introduza os dígitos do código.',
  otpSubmit: 'Confirmar',
  expiresIn: (time) => `Expira em ${time}`,
  codeExpired: 'O código expirou.',
  triesLeft: (count) => (count === 1 ? 'Resta 1 tentativa.' : `Restam ${count} tentativas.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'Esta página não está autorizada a receber este pagamento.',
    SESSION_CLOSED: 'Este pagamento está encerrado.',
    SESSION_EXPIRED: 'Este pagamento expirou.',
    UPSTREAM_UNAVAILABLE: 'O prestador de pagamentos está indisponível. Tente daqui a pouco.',
    UPSTREAM_TIMEOUT:
      'O prestador de pagamentos está a demorar a responder. Estamos a verificar o estado.',
    RATE_LIMITED: 'Demasiadas tentativas. Aguarde um minuto e tente novamente.',
    NO_ATTEMPT_WAITING: 'Nenhum pagamento aguarda um código.',
    OTP_INVALID: 'Esse código não está correto.',
    OTP_EXPIRED: 'O código expirou.',
    OTP_LOCKED: 'Demasiados códigos errados. Este pagamento foi bloqueado.',
  },
};

/** Every language's strings of this step, by language code. */
const table: StepTable<typeof en> = { en, fr, sw, pt };
export default table;
