/**
 * Which step the widget shows, derived from the proxy's view and the payer's local choices.
 * The view is the truth: a reload lands on the same step because the step is recomputed.
 * @module
 */
import type { CheckoutView, NextAction } from '../shared/view';
import type { CheckoutStep } from './events';

/** The payer's local position, which the view does not know. */
export interface LocalPosition {
  /** The payer asked to (re)choose country and method. */
  choosing: boolean;
  /** Id of a failed attempt the payer dismissed with "Try again". */
  dismissed: string | null;
  /** Loading the view failed for good (no view). */
  failedToLoad: boolean;
}

const NEXT_STEP: Readonly<Record<NextAction['type'], CheckoutStep>> = {
  approve_on_phone: 'approve',
  enter_otp: 'otp',
  bank_transfer: 'transfer',
  redirect: 'redirect',
  wait: 'wait',
};

/**
 * True when the session offers more than one country or method, so the choice step is shown.
 *
 * @example
 * hasChoice(view); // false when only Kenya / send money is allowed
 */
export function hasChoice(view: CheckoutView): boolean {
  return view.countries.length > 1 || (view.countries[0]?.methods.length ?? 0) > 1;
}

/**
 * The step for a view.
 *
 * @example
 * stepFor(view, { choosing: false, dismissed: null, failedToLoad: false }); // 'approve'
 */
export function stepFor(view: CheckoutView | null, local: LocalPosition): CheckoutStep {
  if (!view) return local.failedToLoad ? 'error' : 'loading';
  if (view.status === 'succeeded') return 'success';
  if (view.status === 'expired') return 'expired';
  if (view.status === 'failed') return 'failure';
  const attempt = view.attempt;
  if (attempt?.status === 'pending') return attempt.next ? NEXT_STEP[attempt.next.type] : 'wait';
  if (attempt?.status === 'succeeded') return 'wait';
  if (attempt && attempt.id !== local.dismissed) return 'failure';
  if (view.status === 'pending') return 'wait';
  return local.choosing && hasChoice(view) ? 'choose' : 'form';
}
