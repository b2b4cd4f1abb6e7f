/**
 * English (the fallback when the page's language cannot be loaded): the first screens' strings. Those of
 * the later steps are in translations/steps/, each in its step's chunk, and join this
 * translation when the step loads.
 * @module
 */
import { registerTranslation, type Translation } from '../localize';
import type { en as approve } from './steps/approve';
import type { en as otp } from './steps/otp';
import type { en as transfer } from './steps/transfer';
import type { en as redirect } from './steps/redirect';
import type { en as outcome } from './steps/outcome';

/**
 * The keys of translations/steps/attempt.ts (with the form submit's chunk), which checks it has
 * them all: named here rather than read from that file, whose import would close one more
 * import circle through localize.ts (.dependency-cruiser.cjs).
 */
export type AttemptKey =
  'change' | 'invalid' | 'phoneInvalid' | 'idLength' | 'idInvalid' | 'bankRequired' | 'fixFields';

/**
 * The keys of translations/steps/wait.ts (with the live transport's chunk), which checks it has
 * them all; named here for the same reason.
 */
export type WaitKey = 'waitHeading' | 'waitBody' | 'waitChecking';

/**
 * The keys that arrive with a later step's chunk (translations/steps/), in every language.
 * (Error messages are in both: those any request may meet here, a step's own with the step.)
 */
export type LaterKey = Exclude<
  | keyof typeof approve
  | keyof typeof otp
  | keyof typeof transfer
  | keyof typeof redirect
  | keyof typeof outcome
  | AttemptKey
  | WaitKey,
  'errors'
>;

const translation: Omit<Translation, LaterKey> = {
  $code: 'en',
  $name: 'English',
  $dir: 'ltr',

  checkout: 'Checkout',
  loading: 'Loading…',
  payAmount: (amount) => `Pay ${amount}`,
  total: 'Total',

  chooseHeading: 'How do you want to pay?',
  country: 'Country',
  method: 'Payment method',
  continue: 'Continue',
  back: 'Back',
  upTo: 'Up to',
  from: 'From',
  slow: 'is slow right now',
  kindHint: {
    phone_prompt: 'Approve on your phone',
    operator_prompt: 'Approve on your phone',
    otp_operator: 'Confirm with a code sent by SMS',
    redirect_wallet: 'Authorize in your wallet',
    bank_eft: 'Pay from your bank account',
    bank_id: 'Pay from your bank with your ID number',
    virtual_account: 'Transfer to a one-time account',
  },

  formHeading: (method) => `Pay with ${method}`,
  phone: 'Phone number',
  phoneHint: (dialCode, digits) => `+${dialCode} then ${digits} digits`,
  phoneUse: (mobile, kind) =>
    kind == 'redirect_wallet'
      ? `Wallet number: ${mobile}`
      : `We’ll send the ${kind == 'otp_operator' ? 'code' : 'prompt'} to ${mobile}.`,
  phoneSaved: (masked) => `Use the number you gave the shop: ${masked}`,
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  accountName: 'Account name',
  accountNameHint: 'As on your bank account',
  bank: 'Bank',
  bankCode: 'Bank code',
  bankCodeHint: 'Your bank’s branch code',
  chooseBank: 'Choose your bank',
  idNumber: 'South African ID number',
  idNumberHint: '13 digits',

  errorHeading: 'Something went wrong',
  reload: 'Try again',
  errors: {
    generic: 'Something went wrong. Try again.',
    NETWORK: 'The payment service is unreachable. Check your connection.',
    SESSION_NOT_FOUND: 'This checkout does not exist.',
  },
};

// Complete once the later steps' strings have joined it (localize.ts, fillTranslation).
registerTranslation(translation as Translation);
export default translation as Translation;
