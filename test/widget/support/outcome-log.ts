/**
 * What the money-rule tests (money.test.ts, money-live.test.ts) read: the events that reach
 * the page, the buttons and the live region on screen, and an OTP attempt in Ivory Coast.
 * @module
 */
import { CheckoutStepEvent } from '../../../widget/events';
import type { UnifiedCheckout } from '../../../widget/unified-checkout';
import type { NextAction } from '../../../shared/view';
import { q, qa } from './dom';
import { IVORY_COAST, attempt, view } from './views';

const EVENTS = ['checkout-step', 'checkout-success', 'checkout-failure', 'checkout-expired'];

/** Records the step and outcome events that reach `document`. */
export function record() {
  const events: Event[] = [];
  const listener = (e: Event) => events.push(e);
  for (const name of EVENTS) document.addEventListener(name, listener);
  return {
    named: (name: string) => events.filter((e) => e.type === name),
    steps: () =>
      events
        .filter((e): e is CheckoutStepEvent => e instanceof CheckoutStepEvent)
        .map((e) => e.detail.step),
    stop: () => EVENTS.forEach((name) => document.removeEventListener(name, listener)),
  };
}

/** The texts of the buttons on screen. */
export const buttons = (el: UnifiedCheckout) => qa(el, 'button').map((b) => b.textContent?.trim());

/** The polite live region's text. */
export const announced = (el: UnifiedCheckout) => q(el, '[role=status]').textContent ?? '';

/** A session in Ivory Coast with the OTP method only. */
export const ci = () => view([IVORY_COAST], { only: 'otp_operator' });

/** A pending OTP attempt whose next action is `next`. */
export const otpAttempt = (next: NextAction | null, id = 'at_otp') =>
  attempt(IVORY_COAST, 'otp_operator', 'pending', next, null, id);
