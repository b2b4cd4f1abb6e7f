/**
 * The words of the notice steps, for the widget (steps/outcome.ts) and the hosted page's no-JS
 * render (worker/hosted/steps.ts) alike. No Lit: the worker imports it.
 * @module
 */
import type { CheckoutStep } from '../shared/checkout-step';
import type { CheckoutView, LapseReason } from '../shared/view';
import type { Translation } from './localize';

/**
 * The sentence under the "wait" and "confirming" headings: do not pay again, except while a
 * code whose answer never came is being checked (the upstream may not have it).
 *
 * @example
 * waitText(t, view); // 'Don’t pay again; this page updates by itself.'
 */
export function waitText(t: Translation, view: CheckoutView | null): string {
  const next = view?.attempt?.next;
  return next?.type === 'confirming' && next.unconfirmed ? t.waitChecking : t.waitBody;
}

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

/**
 * The heading and sentences of a notice step (`success`, `failure`, `lapsed`, `mismatch`,
 * `needs_review`, `closed_confirming`, `expired`), shown and announced in the live region
 * alike; `[]` for the other steps. A failure gives its kind, then the upstream's reason when it
 * gave one.
 *
 * @example
 * noticeText(t, view, 'lapsed', 'KES 1,500');
 * // ['The code expired', 'If you did pay, this page will update.']
 * noticeText(t, view, 'failure', 'KES 1,500');
 * // ['Payment not completed', 'The payment did not go through.', 'Reason: Declined (PM-001)']
 */
export function noticeText(
  t: Translation,
  view: CheckoutView,
  step: CheckoutStep,
  amount: string,
): string[] {
  const next = view.attempt?.next;
  const reason = view.attempt?.failure;
  const why = [reason?.message, reason?.code && `(${reason.code})`].filter(Boolean).join(' ');
  const texts: Partial<Record<CheckoutStep, string[]>> = {
    success: [t.successHeading, t.successBody(amount)],
    failure: [
      t.failureHeading,
      view.status === 'failed' ? t.failureClosed : t.failureFailed,
      why && t.failureReason(why),
    ],
    // The step of an `input_lapsed` next action (see stepFor).
    lapsed: [t.lapse[(next as { reason?: LapseReason } | null)?.reason as LapseReason], t.ifPaid],
    mismatch: [t.reviewHeading, t.mismatchBody],
    needs_review: [t.reviewHeading, t.reviewBody],
    // The session expired or closed: say it is closed to new payments.
    closed_confirming: [t.failureClosed, t.closedConfirming, t.ifPaid],
    expired: [t.expiredHeading, t.expiredBody],
  };
  return (texts[step] ?? []).filter(Boolean);
}
