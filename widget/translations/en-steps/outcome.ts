/**
 * English of the notices (success, failure, lapsed, review, expired): in that step's chunk
 * (steps/outcome.ts), so the entry carries only the first screens' English (translations/en.ts);
 * it fills the English translation when the chunk loads.
 * @module
 */
import { fillTranslation, type Translation } from '../../localize';

/** The strings. */
export const strings = {
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
} satisfies Partial<Translation>;

fillTranslation('en', strings);
