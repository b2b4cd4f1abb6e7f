/**
 * English of the "approve on your phone" step: in that step's chunk (steps/approve.ts), so the
 * entry carries only the first screens' English (translations/en.ts); it fills the English
 * translation when the chunk loads.
 * @module
 */
import { fillTranslation, type Translation } from '../../localize';

/** The strings. */
export const strings = {
  approveHeading: 'Approve on your phone',
  approveSent: (amount, mobile) => `We sent a request for ${amount} to ${mobile}.`,
  approveSteps: [
    'Open the prompt on your phone.',
    'Check the amount.',
    'Enter your PIN to approve.',
  ],
  approveWaiting: 'Waiting for your approval…',
  approveRetryHint: 'No prompt? When this request times out, you can try again.',
} satisfies Partial<Translation>;

fillTranslation('en', strings);
