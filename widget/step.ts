/**
 * Which step the widget shows (shared/checkout-step.ts, the hosted page's no-JS render uses the
 * same), and when following the session live can stop.
 * @module
 */
import { isTerminalSession, isUnsettledAttempt } from '../shared/status';
import type { CheckoutView } from '../shared/view';

export { hasChoice, stepFor, type LocalPosition } from '../shared/checkout-step';

/**
 * True when nothing more can happen to the session, so following it live can stop: it
 * succeeded, or it is terminal and its last attempt is settled (one still `pending` or
 * `needs_review` may yet pay, and an expired or failed session then succeeds).
 *
 * @example
 * isFinal({ ...view, status: 'expired', attempt: null }); // true
 */
export function isFinal({ status, attempt }: CheckoutView): boolean {
  return (
    status === 'succeeded' ||
    (isTerminalSession(status) && !(attempt && isUnsettledAttempt(attempt.status)))
  );
}
