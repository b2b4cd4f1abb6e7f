/**
 * English of the OTP step: in that step's chunk (steps/otp.ts), so the entry carries only the
 * first screens' English (translations/en.ts); it fills the English translation when the chunk
 * loads.
 * @module
 */
import { fillTranslation, type Translation } from '../../localize';

/** The strings. */
export const strings = {
  otpHeading: 'Enter your code',
  otpBody: 'We sent a one-time code to your phone.',
  otpLabel: 'One-time code',
  otpInvalidFormat: 'Enter the digits of the code.',
  otpSubmit: 'Confirm',
  expiresIn: (time) => `Expires in ${time}`,
  codeExpired: 'The code has expired.',
  triesLeft: (count) => (count === 1 ? '1 try left.' : `${count} tries left.`),
} satisfies Partial<Translation>;

fillTranslation('en', strings);
