/**
 * Which step a checkout shows, derived from the proxy's view and the payer's local choices:
 * the widget's steps, and the same steps the hosted page renders without JavaScript
 * (worker/hosted/steps.ts). The view is the truth: a reload lands on the same step because the
 * step is recomputed.
 * @module
 */
import { needsShop } from './status';
import type { CheckoutView, NextAction } from './view';

/**
 * The steps of a checkout: the widget's, in `checkout-step` events and the `step` property. While an attempt
 * is unsettled the widget shows `confirming`, `lapsed`, `needs_review` or `closed_confirming`, never
 * `failure` (only the upstream's "not charged" is a failure):
 * - `confirming`: the payer acted (code accepted, redirect approved); only the answer is missing;
 * - `lapsed`: the input window closed without the payer's input; a retry may be offered;
 * - `mismatch`: a payment arrived that does not match the checkout; the shop resolves it;
 * - `needs_review`: no answer within the horizon; the shop resolves it;
 * - `closed_confirming`: the session expired or closed, its last attempt is still unsettled.
 */
export type CheckoutStep =
  | 'loading'
  | 'choose'
  | 'form'
  | 'approve'
  | 'otp'
  | 'transfer'
  | 'redirect'
  | 'wait'
  | 'confirming'
  | 'lapsed'
  | 'mismatch'
  | 'needs_review'
  | 'closed_confirming'
  | 'success'
  | 'failure'
  | 'expired'
  | 'error';

/** The payer's local position, which the view does not know. */
export interface LocalPosition {
  /** The payer asked to (re)choose country and method. */
  choosing: boolean;
  /** Id of a failed or lapsed attempt the payer dismissed with "Try again". */
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
  confirming: 'confirming',
  input_lapsed: 'lapsed',
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
 * The step for a view. Only the upstream's answer settles an attempt: while one is unsettled
 * the step is never `failure` (nor plain `expired`), and paying again is never offered once the
 * payer has acted (`confirming`) or the shop must look (`mismatch`, `needs_review`).
 *
 * @example
 * stepFor(view, { choosing: false, dismissed: null, failedToLoad: false }); // 'approve'
 */
export function stepFor(view: CheckoutView | null, local: LocalPosition): CheckoutStep {
  if (!view) return local.failedToLoad ? 'error' : 'loading';
  const { status, attempt } = view;
  const money = attempt?.status;
  if (status === 'succeeded') return 'success';
  if (money && needsShop(money)) return money;
  // An earlier attempt holds money the shop must look at (the latest may still be pending).
  if (status === 'requires_action') return 'mismatch';
  const pending = attempt?.status === 'pending';
  if (status === 'expired' || status === 'failed') {
    return pending ? 'closed_confirming' : status === 'failed' ? 'failure' : status;
  }
  if (money === 'succeeded' || (pending && attempt.input === 'given')) return 'confirming';
  if (pending) {
    const step = attempt.next ? NEXT_STEP[attempt.next.type] : 'wait';
    // After "Try again" on a lapsed attempt: the form for a new one while this one is reconciled.
    if (step !== 'lapsed' || attempt.id !== local.dismissed) return step;
  } else if (attempt && attempt.id !== local.dismissed) {
    return 'failure';
  }
  if (status === 'pending') return 'wait';
  return local.choosing && hasChoice(view) ? 'choose' : 'form';
}
