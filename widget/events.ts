/**
 * The events `<unified-checkout>` dispatches, Web Awesome style: one typed `Event` subclass
 * per event, each bubbling and composed (they cross the shadow boundary), none cancelable.
 *
 * A `checkout-success` is advisory: it tells the page what the payer saw. Fulfil an order only
 * after your backend confirms it (the signed `checkout.succeeded` webhook, or
 * `GET /v1/sessions/:id` with your merchant key).
 * @module
 */
import type { SessionStatus } from '../shared/status';
import type { ExplainedError } from './localize';

export type { CheckoutStep } from '../shared/checkout-step';
import type { CheckoutStep } from '../shared/checkout-step';

/**
 * The base of every checkout event: bubbling, composed, not cancelable, with a typed `detail`.
 *
 * @example
 * el.addEventListener('checkout-step', (e) => e instanceof CheckoutEvent); // true
 */
export class CheckoutEvent<Detail> extends Event {
  readonly detail: Detail;
  constructor(type: string, detail: Detail) {
    super(type, { bubbles: true, composed: true, cancelable: false });
    this.detail = detail;
  }
}

/** The first view of the session has loaded. */
export interface CheckoutReadyDetail {
  session: string;
  status: SessionStatus;
  /** Whole units of `currency`. */
  amount: number;
  currency: string;
}

/**
 * Dispatched once, when the session's first view has loaded.
 *
 * @example
 * el.addEventListener('checkout-ready', (e) => console.log(e.detail.amount, e.detail.currency));
 */
export class CheckoutReadyEvent extends CheckoutEvent<CheckoutReadyDetail> {
  constructor(detail: CheckoutReadyDetail) {
    super('checkout-ready', detail);
  }
}

/** The widget moved to another step. */
export interface CheckoutStepDetail {
  step: CheckoutStep;
  previous: CheckoutStep;
}

/**
 * Dispatched whenever the visible step changes.
 *
 * @example
 * el.addEventListener('checkout-step', (e) => analytics.track(e.detail.step));
 */
export class CheckoutStepEvent extends CheckoutEvent<CheckoutStepDetail> {
  constructor(detail: CheckoutStepDetail) {
    super('checkout-step', detail);
  }
}

/** The payment succeeded, as far as the proxy knows (advisory). */
export interface CheckoutSuccessDetail {
  session: string;
  /** The attempt that paid. */
  attempt: string | null;
  amount: number;
  currency: string;
}

/**
 * Dispatched once when the session is seen succeeded, even after `checkout-expired` or
 * `checkout-failure` (an attempt that was still unsettled paid after all). Advisory: confirm
 * server-side.
 *
 * @example
 * el.addEventListener('checkout-success', () => showThankYou()); // then poll your own backend
 */
export class CheckoutSuccessEvent extends CheckoutEvent<CheckoutSuccessDetail> {
  constructor(detail: CheckoutSuccessDetail) {
    super('checkout-success', detail);
  }
}

/** The upstream said an attempt was not charged (or the session closed without an attempt). */
export interface CheckoutFailureDetail {
  session: string;
  attempt: string | null;
  /** Always `failed`: unsettled, lapsed, `mismatch` and `needs_review` attempts are no failure. */
  status: 'failed';
  /** The upstream's failure code (e.g. `PM-001`) or the proxy's; null when unknown. */
  code: string | null;
  message: string | null;
  /** True when the payer may try again in this session. */
  canRetry: boolean;
}

/**
 * Dispatched once per failed attempt, only on the upstream's answer: never while an attempt is
 * pending (`confirming`, `lapsed`) or for `mismatch` / `needs_review` (see `checkout-step`).
 *
 * @example
 * el.addEventListener('checkout-failure', (e) => { if (!e.detail.canRetry) offerOtherPayment(); });
 */
export class CheckoutFailureEvent extends CheckoutEvent<CheckoutFailureDetail> {
  constructor(detail: CheckoutFailureDetail) {
    super('checkout-failure', detail);
  }
}

/** The session expired. */
export interface CheckoutExpiredDetail {
  session: string;
}

/**
 * Dispatched once when the session is seen expired. The element keeps following a session whose
 * last attempt is unsettled (step `closed_confirming`): a `checkout-success` may still follow.
 *
 * @example
 * el.addEventListener('checkout-expired', () => createNewSession());
 */
export class CheckoutExpiredEvent extends CheckoutEvent<CheckoutExpiredDetail> {
  constructor(detail: CheckoutExpiredDetail) {
    super('checkout-expired', detail);
  }
}

/** A request to the proxy failed (not a payment outcome). */
export interface CheckoutErrorDetail {
  /** The proxy's error code, or `NETWORK` when no answer came. */
  code: ExplainedError;
  /** The proxy's message (English, for logs; the widget shows a translated one). */
  message: string;
  /** HTTP status; 0 for `NETWORK`. */
  status: number;
  /** Which request: loading the view, starting an attempt, or submitting an OTP. */
  operation: 'load' | 'attempt' | 'otp';
}

/**
 * Dispatched when a request to the proxy fails: unknown session, refused origin, network down,
 * a refused attempt or OTP.
 *
 * @example
 * el.addEventListener('checkout-error', (e) => reportError(e.detail.code));
 */
export class CheckoutErrorEvent extends CheckoutEvent<CheckoutErrorDetail> {
  constructor(detail: CheckoutErrorDetail) {
    super('checkout-error', detail);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'checkout-ready': CheckoutReadyEvent;
    'checkout-step': CheckoutStepEvent;
    'checkout-success': CheckoutSuccessEvent;
    'checkout-failure': CheckoutFailureEvent;
    'checkout-expired': CheckoutExpiredEvent;
    'checkout-error': CheckoutErrorEvent;
  }
}
