/**
 * English (the fallback when the page's language cannot be loaded): the first screens' strings
 * (first.ts). Those of the later steps are in steps/, each in its step's chunk. Plain data:
 * types.ts says how the widget and the hosted page use it.
 * @module
 */
import type { FirstStrings } from './first';

/** English. */
const en: FirstStrings = {
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

export default en;
