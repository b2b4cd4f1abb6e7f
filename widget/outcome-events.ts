/**
 * Which outcome events a view calls for: success, failure, expired, each once per session or
 * attempt. The state controller (checkout-state.ts) sends them: every outcome shows a notice,
 * and the event follows its notice on screen, so the notices' chunk, loaded by then, says which
 * (`checkout-ready` is sent beside them).
 * @module
 */
import type { CheckoutView } from '../shared/view';
import { CheckoutExpiredEvent, CheckoutFailureEvent, CheckoutSuccessEvent } from './events';

/**
 * The outcome event `view` calls for, if any: its once-only key (`success:`/`expired:` and the
 * session id, `failure:` and the attempt's, or the session's when it closed with none) and the
 * event. In the notices' chunk (steps/outcome.ts); the state controller (checkout-state.ts)
 * sends it once, after a notice rendered, so a page that reacts
 * to the event never runs ahead of the widget (when the notices' chunk cannot be loaded, the
 * error step shows, `checkout-error` tells the page, and the event waits for "Try again"). A
 * failure is the upstream's "not charged" (or a session closed with no attempt): never for an
 * attempt still pending (confirming, lapsed), nor for `mismatch` / `needs_review`. A success
 * still follows an expiry when the last attempt pays after all.
 *
 * @example
 * outcomeEvent({ ...view, status: 'expired' }); // ['expired:cs_1', () => new CheckoutExpiredEvent(…)]
 */
export function outcomeEvent(view: CheckoutView): [key: string, event: () => Event] | undefined {
  const { id: session, status, amount, currency, attempt } = view;
  const id = attempt?.id ?? null;
  if (status === 'succeeded') {
    return [
      `success:${session}`,
      () => new CheckoutSuccessEvent({ session, attempt: id, amount, currency }),
    ];
  }
  if (status === 'expired') {
    return [`expired:${session}`, () => new CheckoutExpiredEvent({ session })];
  }
  if (attempt ? attempt.status === 'failed' : status === 'failed') {
    return [
      `failure:${id ?? session}`,
      () =>
        new CheckoutFailureEvent({
          session,
          attempt: id,
          status: 'failed',
          code: attempt?.failure?.code ?? null,
          message: attempt?.failure?.message ?? null,
          canRetry: view.can_retry,
        }),
    ];
  }
}
