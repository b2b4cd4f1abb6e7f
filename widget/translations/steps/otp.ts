/**
 * The OTP step in every language: in that step's chunk (widget/steps/otp.ts), so a page's first
 * load carries only the first screens' strings (translations/<language>.ts). Each language's
 * strings join its translation when the chunk loads, or when the translation registers later.
 * @module
 */
import { fillTranslation, type Translation } from '../../localize';

/** English. */
export const en = {
  otpHeading: 'Enter your code',
  otpBody: 'We sent a one-time code to your phone.',
  otpLabel: 'One-time code',
  otpInvalidFormat: 'Enter the digits of the code.',
  otpSubmit: 'Confirm',
  expiresIn: (time) => `Expires in ${time}`,
  codeExpired: 'The code has expired.',
  triesLeft: (count) => (count === 1 ? '1 try left.' : `${count} tries left.`),
} satisfies Partial<Translation>;

/** Français. */
const fr: Pick<Translation, keyof typeof en> = {
  otpHeading: 'Saisissez votre code',
  otpBody: 'Nous avons envoyé un code à usage unique sur votre téléphone.',
  otpLabel: 'Code à usage unique',
  otpInvalidFormat: 'Saisissez les chiffres du code.',
  otpSubmit: 'Confirmer',
  expiresIn: (time) => `Expire dans ${time}`,
  codeExpired: 'Le code a expiré.',
  triesLeft: (count) => (count <= 1 ? `${count} essai restant.` : `${count} essais restants.`),
};

/** Kiswahili. */
const sw: Pick<Translation, keyof typeof en> = {
  otpHeading: 'Weka msimbo wako',
  otpBody: 'Tumetuma msimbo wa matumizi ya mara moja kwenye simu yako.',
  otpLabel: 'Msimbo wa mara moja',
  otpInvalidFormat: 'Weka tarakimu za msimbo.',
  otpSubmit: 'Thibitisha',
  expiresIn: (time) => `Unaisha baada ya ${time}`,
  codeExpired: 'Msimbo umeisha muda.',
  triesLeft: (count) => (count === 1 ? 'Jaribio 1 limebaki.' : `Majaribio ${count} yamebaki.`),
};

/** Português. */
const pt: Pick<Translation, keyof typeof en> = {
  otpHeading: 'Introduza o código',
  otpBody: 'Enviámos um código de utilização única para o seu telemóvel.',
  otpLabel: 'Código de utilização única',
  otpInvalidFormat: 'Introduza os dígitos do código.',
  otpSubmit: 'Confirmar',
  expiresIn: (time) => `Expira em ${time}`,
  codeExpired: 'O código expirou.',
  triesLeft: (count) => (count === 1 ? 'Resta 1 tentativa.' : `Restam ${count} tentativas.`),
};

for (const [code, strings] of Object.entries({ en, fr, sw, pt })) fillTranslation(code, strings);
