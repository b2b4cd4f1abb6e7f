/**
 * The words of the notice steps, for the widget (widget/steps/outcome.ts) and the hosted page's no-JS
 * render (worker/hosted/steps.ts) alike. No Lit: the worker imports it.
 * @module
 */
import type { CheckoutStep } from './checkout-step';
import type { CheckoutView, LapseReason } from './view';
import type { Translation } from './strings/types';

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
