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
  loading: 'Loading…',
  payAmount: (amount) => `Pay ${amount}`,
  total: 'Total',

  chooseHeading: 'How do you want to pay?',
  country: 'Country',
  method: 'Payment method',
  continue: 'Continue',
  back: 'Back',
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
  required: 'This field is required.',
  invalid: 'Check this value.',
  phoneInvalid: (digits) => `Enter ${digits} digits after the country code.`,
  idLength: 'An ID number has 13 digits.',
  idInvalid: 'This ID number is not valid.',
  bankRequired: 'Choose your bank.',
  fixFields: (count) => (count === 1 ? 'Fix 1 field.' : `Fix ${count} fields.`),
  sending: 'Sending…',

  approveHeading: 'Approve on your phone',
  approveSent: (amount, mobile) => `We sent a request for ${amount} to ${mobile}.`,
  approveSteps: [
    'Open the prompt on your phone.',
    'Check the amount.',
    'Enter your PIN to approve.',
  ],
  approveWaiting: 'Waiting for your approval…',
  approveRetryHint: 'No prompt? When this request times out, you can try again.',

  otpHeading: 'Enter your code',
  otpBody: 'We sent a one-time code to your phone.',
  otpLabel: 'One-time code',
  otpInvalidFormat: 'Enter the digits of the code.',
  otpSubmit: 'Confirm',
  expiresIn: (time) => `Expires in ${time}`,
  codeExpired: 'The code has expired.',
  triesLeft: (count) => (count === 1 ? '1 try left.' : `${count} tries left.`),

  transferHeading: 'Pay by bank transfer',
  transferBody: (amount) => `Transfer exactly ${amount} to this account.`,
  bankName: 'Bank',
  accountNumber: 'Account number',
  amount: 'Amount',
  copyButton: 'Copy',
  copy: (what) => `Copy ${what.toLowerCase()}`,
  copied: (what) => `${what} copied.`,
  copyFailed: 'Could not copy. Select the text.',
  accountExpiresIn: (time) => `Account closes in ${time}`,
  accountExpired: 'This account has closed.',
  transferWaiting: 'We confirm as soon as your transfer arrives.',

  redirectHeading: (method) => `Continue with ${method}`,
  redirectBody: 'Authorize the payment in the new window, then come back here.',
  redirectButton: (method) => `Continue to ${method}`,
  redirectWaiting: 'Waiting for the other window…',
  redirectReopen: 'Open the window again',

  waitHeading: 'Your payment is being confirmed',
  waitBody: 'Don’t pay again; this page updates by itself.',

  lapse: {
    otp_expired: 'The code expired',
    otp_locked: 'Too many wrong codes',
    account_expired: 'The account expired before a transfer arrived',
    prompt_unanswered: 'The prompt was not approved in time',
    redirect_cancelled: 'The payment was cancelled on the bank’s page',
    redirect_unanswered: 'The authorization was not completed in time',
  },
  ifPaid: 'If you did pay, this page will update.',
  reviewHeading: 'Payment under review',
  mismatchBody:
    'We received a payment that does not match this checkout (for example a different amount). The shop has been told and will contact you; don’t pay again unless they ask.',
  reviewBody:
    'We could not confirm this payment yet. The shop has been told; don’t pay again unless they ask.',
  closedConfirming: 'Your last payment is still being confirmed.',

  successHeading: 'Payment received',
  successBody: (amount) => `Thank you. You paid ${amount}.`,

  failureHeading: 'Payment not completed',
  failureFailed: 'The payment did not go through.',
  failureClosed: 'This checkout is closed.',
  failureReason: (reason) => `Reason: ${reason}`,
  retry: 'Try again',
  otherMethod: 'Use another method',

  expiredHeading: 'This checkout has expired',
  expiredBody: 'Return to the shop to start again.',

  errorHeading: 'Something went wrong',
  reload: 'Try again',
  errors: {
    generic: 'Something went wrong. Try again.',
    NETWORK: 'The payment service is unreachable. Check your connection.',
    SESSION_NOT_FOUND: 'This checkout does not exist.',
    SESSION_CLOSED: 'This checkout is closed.',
    SESSION_EXPIRED: 'This checkout has expired.',
    ATTEMPT_IN_PROGRESS: 'A payment is already in progress.',
    NO_ATTEMPT_WAITING: 'No payment is waiting for a code.',
    COUNTRY_NOT_AVAILABLE: 'This country is not available.',
    METHOD_NOT_AVAILABLE: 'This payment method is not available.',
    VALIDATION_FAILED: 'Check the highlighted fields.',
    OTP_INVALID: 'That code is not correct.',
    OTP_EXPIRED: 'The code has expired.',
    OTP_LOCKED: 'Too many wrong codes. This payment is locked.',
    UPSTREAM_REJECTED: 'The payment provider refused this payment.',
    UPSTREAM_UNAVAILABLE: 'The payment provider is unavailable. Try again soon.',
    // No MERCHANT_UNAVAILABLE on purpose: its 503 makes the element reload the view, whose
    // failed attempt already says it in English ("This shop cannot take payments right now.",
    // from the proxy); the entry would cost 14–27 B of widget.js's 16 KiB gzip budget.
    // Likewise no UPSTREAM_AUTH (503): the reloaded view's failed attempt says "Payments are
    // temporarily unavailable. Try again later." (the proxy's sentence).
    UPSTREAM_TIMEOUT: 'The payment provider is slow to answer. We are checking.',
    RATE_LIMITED: 'Too many tries. Wait a minute.',
    ORIGIN_NOT_ALLOWED: 'This page may not take this payment.',
  },
};

registerTranslation(translation);
export default translation;
