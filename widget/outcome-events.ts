/**
 * Which outcome events a view calls for: ready, success, failure, expired, each once per
 * session or attempt.
 * @module
 */
import type { CheckoutView } from '../shared/view';
import {
  CheckoutExpiredEvent,
  CheckoutFailureEvent,
  CheckoutReadyEvent,
  CheckoutSuccessEvent,
} from './events';

/**
 * Dispatches on `target` the events `view` calls for that `dispatched` (the keys of those
 * already sent, which it adds to) does not hold: `checkout-ready`, and when `onScreen` (the
 * step showing the outcome has rendered, so a page that reacts to the event never runs ahead
 * of the widget) the outcome. A failure is the upstream's "not charged" (or a session closed
 * with no attempt): never for an attempt still pending (confirming, lapsed), nor for
 * `mismatch` / `needs_review`. A success still follows an expiry when the last attempt pays
 * after all.
 *
 * @example
 * dispatchOutcome(this, view, this._dispatched, true); // after each render
 */
export function dispatchOutcome(
  target: EventTarget,
  view: CheckoutView,
  dispatched: Set<string>,
  onScreen: boolean,
): void {
  const once = (key: string, event: () => Event) => {
    if (dispatched.has(key)) return;
    dispatched.add(key);
    target.dispatchEvent(event());
  };
  const { id: session, status, amount, currency, attempt } = view;
  once(`ready:${session}`, () => new CheckoutReadyEvent({ session, status, amount, currency }));
  if (!onScreen) return;
  if (status === 'succeeded') {
    once(
      `success:${session}`,
      () => new CheckoutSuccessEvent({ session, attempt: attempt?.id ?? null, amount, currency }),
    );
    return;
  }
  if (status === 'expired') {
    once(`expired:${session}`, () => new CheckoutExpiredEvent({ session }));
  } else if (attempt ? attempt.status === 'failed' : status === 'failed') {
    once(
      `failure:${attempt?.id ?? session}`,
      () =>
        new CheckoutFailureEvent({
          session,
          attempt: attempt?.id ?? null,
          status: 'failed',
          code: attempt?.failure?.code ?? null,
          message: attempt?.failure?.message ?? null,
          canRetry: view.can_retry,
        }),
    );
  }
}
