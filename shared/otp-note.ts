/**
 * The note of the OTP step, for the widget (widget/steps/otp.ts) and the hosted page's no-JS form
 * alike. A file of its own so that only the OTP step's chunk carries it.
 * @module
 */
import type { CheckoutView } from './view';
import type { Translation } from './strings/types';

/**
 * The note of the OTP step when the code sent last had no answer: enter it again; `null`
 * otherwise.
 *
 * @example
 * otpNote(t, view); // 'We could not confirm that your code reached …'
 */
export function otpNote(t: Translation, view: CheckoutView | null): string | null {
  const next = view?.attempt?.next;
  return next?.type === 'enter_otp' && next.unconfirmed ? t.otpUnconfirmed : null;
}
