/**
 * Which outcome events a view calls for: success, failure, expired, each once per session or
 * attempt. In the notices' chunk (steps/outcome.ts re-exports it): every outcome shows a
 * notice, and the event follows its notice on screen. (`checkout-ready` is the element's own.)
 * @module
 */
import type { CheckoutView } from '../shared/view';
import { CheckoutExpiredEvent, CheckoutFailureEvent, CheckoutSuccessEvent } from './events';

/**
 * Dispatches on `target` the outcome event `view` calls for unless `dispatched` (the keys of
 * those already sent, which it adds to) holds it. Called after a notice step rendered, so a
 * page that reacts to the event never runs ahead of the widget (when the notices' chunk cannot
 * be loaded, the error step shows, `checkout-error` tells the page, and the event waits for
 * "Try again"). A failure is the upstream's "not charged" (or a session closed
 * with no attempt): never for an attempt still pending (confirming, lapsed), nor for
 * `mismatch` / `needs_review`. A success still follows an expiry when the last attempt pays
 * after all.
 *
 * @example
 * loadedStep(step)?.outcome?.(this, view, this._dispatched); // after a notice rendered
 */
export function dispatchOutcome(
  target: EventTarget,
  view: CheckoutView,
  dispatched: Set<string>,
): void {
  const once = (key: string, event: () => Event) => {
    if (dispatched.has(key)) return;
    dispatched.add(key);
    target.dispatchEvent(event());
  };
  const { id: session, status, amount, currency, attempt } = view;
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
