/**
 * English of the redirect step: in that step's chunk (steps/redirect.ts), so the entry carries
 * only the first screens' English (translations/en.ts); it fills the English translation when the
 * chunk loads.
 * @module
 */
import { fillTranslation, type Translation } from '../../localize';

/** The strings. */
export const strings = {
  redirectHeading: (method) => `Continue with ${method}`,
  redirectBody: 'Authorize the payment in the new window, then come back here.',
  redirectButton: (method) => `Continue to ${method}`,
  redirectWaiting: 'Waiting for the other window…',
  redirectReopen: 'Open the window again',
} satisfies Partial<Translation>;

fillTranslation('en', strings);
