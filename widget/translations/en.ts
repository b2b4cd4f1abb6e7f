/**
 * English (bundled; the fallback for every other locale).
 * @module
 */
import { registerTranslation, type Translation } from '../localize';

const translation: Translation = {
  $code: 'en',
  $name: 'English',
  $dir: 'ltr',

  checkout: 'Checkout',
  loading: 'Loading checkout…',
  payAmount: (amount) => `Pay ${amount}`,
  total: 'Total',

  chooseHeading: 'How would you like to pay?',
  country: 'Country',
  method: 'Payment method',
  continue: 'Continue',
  back: 'Back',
  kindHint: {
    phone_prompt: 'Approve a prompt on your phone',
    operator_prompt: 'Approve a prompt on your phone',
    otp_operator: 'Confirm with a code sent to your phone',
    redirect_wallet: 'Authorize in your wallet',
    bank_eft: 'Pay from your bank account',
    bank_id: 'Pay from your bank with your ID number',
    virtual_account: 'Transfer to a one-time account number',
  },

  formHeading: (method) => `Pay with ${method}`,
  phone: 'Phone number',
  phoneHint: (dialCode, digits) => `+${dialCode} then ${digits} digits`,
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  accountName: 'Account name',
  accountNameHint: 'The name on your bank account',
  bank: 'Bank',
  bankCode: 'Bank code',
  bankCodeHint: 'The branch code of your bank',
  chooseBank: 'Choose your bank',
  idNumber: 'South African ID number',
  idNumberHint: '13 digits',
  required: 'This field is required.',
  invalid: 'Check this value.',
  phoneInvalid: (digits) => `Enter a valid number: ${digits} digits after the country code.`,
  idLength: 'An ID number has exactly 13 digits.',
  idInvalid: 'This ID number is not valid. Check the digits.',
  bankRequired: 'Choose your bank.',
  fixFields: (count) =>
    count === 1 ? 'Fix 1 field to continue.' : `Fix ${count} fields to continue.`,
  sending: 'Sending…',

  approveHeading: 'Approve on your phone',
  approveSent: (amount, mobile) => `We sent a payment request for ${amount} to ${mobile}.`,
  approveSteps: [
    'Unlock your phone and open the prompt.',
    'Check the amount and the merchant.',
    'Enter your PIN to approve.',
  ],
  approveWaiting: 'Waiting for your approval…',
  approveRetryHint: 'No prompt after a minute? Wait for this request to time out, then try again.',

  otpHeading: 'Enter your code',
  otpBody: 'We sent a one-time code to your phone.',
  otpLabel: 'One-time code',
  otpInvalidFormat: 'Enter the digits of the code.',
  otpSubmit: 'Confirm',
  expiresIn: (time) => `Expires in ${time}`,
  codeExpired: 'The code has expired.',
  triesLeft: (count) => (count === 1 ? '1 try left.' : `${count} tries left.`),

  transferHeading: 'Pay by bank transfer',
  transferBody: (amount) => `Transfer exactly ${amount} to this account from your bank app.`,
  bankName: 'Bank',
  accountNumber: 'Account number',
  amount: 'Amount',
  copyButton: 'Copy',
  copy: (what) => `Copy ${what.toLowerCase()}`,
  copied: (what) => `${what} copied.`,
  copyFailed: 'Could not copy. Select the text instead.',
  accountExpiresIn: (time) => `This account closes in ${time}`,
  accountExpired: 'This account has closed.',
  transferWaiting: 'We confirm automatically when your transfer arrives.',

  redirectHeading: (method) => `Continue with ${method}`,
  redirectBody:
    'A new window opens where you authorize the payment. Come back here when you are done.',
  redirectButton: (method) => `Continue to ${method}`,
  redirectWaiting: 'Finish in the other window. This page updates by itself.',
  redirectReopen: 'Open the window again',

  waitHeading: 'Confirming your payment',
  waitBody: 'This usually takes a few seconds.',

  successHeading: 'Payment received',
  successBody: (amount) => `Thank you. ${amount} has been paid.`,

  failureHeading: 'Payment not completed',
  failureFailed: 'The payment did not go through.',
  failureTimedOut: 'The payment was not approved in time.',
  failureExpired: 'The time to pay ran out.',
  failureClosed: 'This checkout is closed.',
  failureReason: (reason) => `Reason: ${reason}`,
  retry: 'Try again',
  otherMethod: 'Use another method',

  expiredHeading: 'This checkout has expired',
  expiredBody: 'Go back to the shop to start a new payment.',

  errorHeading: 'Something went wrong',
  reload: 'Try again',
  errors: {
    generic: 'Something went wrong. Please try again.',
    NETWORK: 'Could not reach the payment service. Check your connection.',
    SESSION_NOT_FOUND: 'This checkout does not exist.',
    SESSION_CLOSED: 'This checkout is closed.',
    SESSION_EXPIRED: 'This checkout has expired.',
    ATTEMPT_IN_PROGRESS: 'A payment is already in progress. Wait for it to finish.',
    NO_ATTEMPT_WAITING: 'There is no payment waiting for a code.',
    COUNTRY_NOT_AVAILABLE: 'This country is not available for this payment.',
    METHOD_NOT_AVAILABLE: 'This payment method is not available.',
    VALIDATION_FAILED: 'Some details are not valid. Check the highlighted fields.',
    OTP_INVALID: 'That code is not correct.',
    OTP_EXPIRED: 'The code has expired.',
    OTP_LOCKED: 'Too many wrong codes. This payment is locked.',
    UPSTREAM_REJECTED: 'The payment provider refused this payment.',
    UPSTREAM_UNAVAILABLE: 'The payment provider is unavailable. Try again shortly.',
    UPSTREAM_TIMEOUT: 'The payment provider is slow to answer. We are checking the status.',
    RATE_LIMITED: 'Too many tries. Wait a minute and try again.',
    ORIGIN_NOT_ALLOWED: 'This page is not allowed to take payments for this checkout.',
  },
};

registerTranslation(translation);
export default translation;
