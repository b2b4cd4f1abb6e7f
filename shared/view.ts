/**
 * The public checkout view: what the proxy tells the widget (GET /v1/checkout/:id, every
 * attempt and OTP answer, every stream message). Never holds client_id, signatures, secret
 * keys or the payment_token.
 * @module
 */
import type { MethodKind } from './method-kinds';
import type { AttemptInput, AttemptStatus, SessionStatus } from './status';

/** A method the payer may choose, for one country. */
export interface MethodOption {
  /** The upstream's `payment_method_type`, sent back as `method` when creating an attempt. */
  value: string;
  kind: MethodKind;
  /** What payers know it as: the brand (`MTN MoMo`, `Orange Money`) or the method's name. */
  label: string;
  /** The brand's badge, drawn by the widget (initials on the brand's colour). This proxy always
   * sends it; a view without one shows the label alone. */
  badge?: BrandBadge;
  /** The smallest and largest amount the method takes (`METHOD_LIMITS`), when it has limits:
   * the widget greys out a method whose range excludes the session's amount. */
  min?: number;
  max?: number;
  /** Present when the method fails often right now (docs/payment-methods.md,
   * "Availability"): the widget marks it. A `closed` method is not in the view at all. */
  status?: 'degraded';
}

/** A method's availability: computed from its recent failures, or set by hand. */
export type MethodStatus = 'operational' | 'degraded' | 'closed';

/**
 * A brand's badge: 1 to 3 initials, in `fg` on `bg` (both `#rrggbb`; `fg` is black or white,
 * whichever contrasts more).
 *
 * @example
 * { text: 'MTN', bg: '#ffcb05', fg: '#000000' }
 */
export interface BrandBadge {
  text: string;
  bg: string;
  fg: string;
}

/** A country the payer may choose. */
export interface CountryOption {
  id: number;
  name: string;
  iso2: string;
  dial_code: string;
  /** Digits after the dial code. */
  national_number_length: number;
  /** Present when the proxy can predict the operator from a number's prefix
   * (`POST /v1/checkout/:id/predict`): the widget then asks for the number first. */
  predicts?: true;
  methods: MethodOption[];
}

/** What the payer must do next for the current attempt. */
export type NextAction =
  | { type: 'approve_on_phone'; mobile_masked: string }
  | {
      type: 'enter_otp';
      expires_at: string;
      tries_left: number;
      /** A code was sent (twice) and no answer came: the upstream may or may not have it. The
       * payer may enter it again (a code it already has changes nothing), and is never told
       * not to pay again. Absent otherwise. */
      unconfirmed?: true;
    }
  | { type: 'redirect'; url: string }
  | {
      type: 'bank_transfer';
      account_number: string;
      bank_name: string;
      amount: number;
      currency: string;
      expires_at: string;
    }
  | { type: 'wait' }
  /** The payer acted (an accepted code, an approved redirect): only the upstream's answer is
   * missing. The widget says the payment is being confirmed and must not invite paying again.
   * `unconfirmed`: the code's window closed while no answer to it had come; the upstream may not
   * have it, so the widget says it is checking, not that the payer must not pay again. */
  | { type: 'confirming'; unconfirmed?: true }
  /** The input window closed without the payer's input; a new attempt may start while this one
   * is still reconciled (if it settles paid after all, the session succeeds). */
  | { type: 'input_lapsed'; reason: LapseReason };

/** Why an attempt's input window closed. */
export type LapseReason =
  | 'otp_expired'
  | 'otp_locked'
  | 'account_expired'
  | 'prompt_unanswered'
  | 'redirect_cancelled'
  | 'redirect_unanswered';

/** The current (or last) attempt, as the payer may see it. */
export interface AttemptView {
  id: string;
  country_id: number;
  method: string;
  kind: MethodKind;
  /** What the upstream did with the money: `pending` until it answers; `mismatch` (paid, but not
   * as asked: a short amount, another reference) and `needs_review` (no answer within the
   * horizon) are for the shop to resolve: the payer is asked to contact it, not to pay again. */
  status: AttemptStatus;
  /** Whether the payer can still act (`awaiting`), already did (`given`) or can no longer
   * (`lapsed`). */
  input: AttemptInput;
  created_at: string;
  /** Present while the attempt is pending: what the payer does next (or that they wait). */
  next: NextAction | null;
  /** Why the attempt failed, when it did (upstream's failureReason, or ours). */
  failure: { code: string | null; message: string | null } | null;
}

/**
 * The merchant's `customer` prefill as the payer's browser may see it: the first name, and the
 * phone masked (its dial code and last 3 digits, e.g. `232*****456`). The full number never
 * leaves the proxy: the widget asks the payer to confirm the masked number and then sends
 * `use_prefilled_mobile: true` instead of a `mobile`, and the session uses the number it holds.
 */
export interface CustomerPrefill {
  first_name?: string;
  /** In the international form of the first offered country for which the number is valid. */
  mobile_masked?: string;
}

/** The public view of one checkout session. */
export interface CheckoutView {
  id: string;
  status: SessionStatus;
  /** Whole units of `currency`. */
  amount: number;
  currency: string;
  /** ISO 8601. */
  expires_at: string;
  countries: CountryOption[];
  /** NGN virtual-account banks (code and label), for the NGN form. */
  banks: { code: string; label: string }[];
  /** What the form may show of the merchant's prefill, only while the session is open (null
   * otherwise, or when there is nothing to show). */
  customer: CustomerPrefill | null;
  attempt: AttemptView | null;
  /** True when a new attempt may be started now. */
  can_retry: boolean;
  /** Where the payer goes after a full-page redirect flow, if the merchant set one. */
  return_url: string | null;
  /** The payer's language the merchant gave (BCP 47, e.g. `fr-CI`), or null. */
  locale: string | null;
  /** Rises with every change; the stream's messages carry it. */
  seq: number;
}

/** A message on the checkout stream (WebSocket). */
export interface StreamMessage {
  type: 'view';
  seq: number;
  view: CheckoutView;
}
