/**
 * English: the later steps' strings, one export per step (the keys every language gives),
 * a chunk of its own the widget fetches once the payer reaches a later step, the payer's
 * language only (widget/later-strings.ts).
 * @module
 */
import type { StepStrings } from '../types';

/** The "approve on your phone" step. */
export const approve = {
  approveHeading: 'Approve on your phone',
  approveSent: (amount, mobile) => `We sent a request for ${amount} to ${mobile}.`,
  approveSteps: [
    'Open the prompt on your phone.',
    'Check the amount.',
    'Enter your PIN to approve.',
  ],
  approveWaiting: 'Waiting for your approval…',
  approveRetryHint: 'No prompt? When this request times out, you can try again.',
  approveNoData: 'The prompt works without mobile data.',
} satisfies StepStrings;

/** The form's submit and its refusals. */
export const attempt = {
  required: 'This field is required.',
  sending: 'Sending…',
  change: 'change',
  invalid: 'Check this value.',
  phoneInvalid: (digits) => `Enter ${digits} digits after the country code.`,
  idLength: 'An ID number has 13 digits.',
  idInvalid: 'This ID number is not valid.',
  bankRequired: 'Choose your bank.',
  fixFields: (count) => (count === 1 ? 'Fix 1 field.' : `Fix ${count} fields.`),
  errors: {
    ORIGIN_NOT_ALLOWED: 'This page may not take this payment.',
    SESSION_CLOSED: 'This checkout is closed.',
    SESSION_EXPIRED: 'This checkout has expired.',
    UPSTREAM_UNAVAILABLE: 'The payment provider is unavailable. Try again soon.',
    UPSTREAM_TIMEOUT: 'The payment provider is slow to answer. We are checking.',
    RATE_LIMITED: 'Too many tries. Wait a minute.',
    ATTEMPT_IN_PROGRESS: 'A payment is already in progress.',
    COUNTRY_NOT_AVAILABLE: 'This country is not available.',
    METHOD_NOT_AVAILABLE: 'This payment method is not available.',
    VALIDATION_FAILED: 'Check the highlighted fields.',
    UPSTREAM_REJECTED: 'The payment provider refused this payment.',
    MERCHANT_UNAVAILABLE: 'This shop cannot take payments right now.',
    UPSTREAM_AUTH: 'Payments are temporarily unavailable. Try again later.',
    RATE_LIMITED_PHONE:
      'Too many payment requests were sent to this phone number. Try again later, or pay another way.',
    RATE_LIMITED_SESSION:
      'Too many payment requests for this checkout. Wait a few minutes, then try again.',
  },
} satisfies StepStrings;

/** The notice while the connection is down. */
export const offline = {
  offline: 'You’re offline. We’ll update this when you’re back.',
} satisfies StepStrings;

/** The OTP step, with the refusals of a code. */
export const otp = {
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

/** The notices (the outcomes). */
export const outcome = {
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
} satisfies StepStrings;

/** The redirect step. */
export const redirect = {
  redirectHeading: (method) => `Continue with ${method}`,
  redirectBody: 'Authorize the payment in the new window, then come back here.',
  redirectButton: (method) => `Continue to ${method}`,
  redirectWaiting: 'Waiting for the other window…',
  redirectReopen: 'Open the window again',
} satisfies StepStrings;

/** The bank transfer step. */
export const transfer = {
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
} satisfies StepStrings;

/** The "wait" and "confirming" steps. */
export const wait = {
  waitHeading: 'Your payment is being confirmed',
  waitBody: 'Don’t pay again; this page updates by itself.',
  waitChecking:
    'We are checking with the payment provider whether your code arrived; this page updates by itself.',
} satisfies StepStrings;
