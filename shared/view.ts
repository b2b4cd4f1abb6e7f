/**
 * The public checkout view: what the proxy tells the widget (GET /v1/checkout/:id, every
 * attempt and OTP answer, every stream message). Never holds client_id, signatures, secret
 * keys or the payment_token.
 * @module
 */
import type { MethodKind } from './catalogue';
import type { AttemptStatus, SessionStatus } from './status';

/** A method the payer may choose, for one country. */
export interface MethodOption {
  /** The upstream's `payment_method_type`, sent back as `method` when creating an attempt. */
  value: string;
  kind: MethodKind;
  /** Display label (brand name or method name). */
  label: string;
}

/** A country the payer may choose. */
export interface CountryOption {
  id: number;
  name: string;
  iso2: string;
  dial_code: string;
  /** Digits after the dial code. */
  national_number_length: number;
  methods: MethodOption[];
}

/** What the payer must do next for the current attempt. */
export type NextAction =
  | { type: 'approve_on_phone'; mobile_masked: string }
  | { type: 'enter_otp'; expires_at: string; tries_left: number }
  | { type: 'redirect'; url: string }
  | {
      type: 'bank_transfer';
      account_number: string;
      bank_name: string;
      amount: number;
      currency: string;
      expires_at: string;
    }
  | { type: 'wait' };

/** The current (or last) attempt, as the payer may see it. */
export interface AttemptView {
  id: string;
  country_id: number;
  method: string;
  kind: MethodKind;
  status: AttemptStatus;
  created_at: string;
  /** Present while the attempt is pending and the payer has something to do (or wait). */
  next: NextAction | null;
  /** Why the attempt failed, when it did (upstream's failureReason, or ours). */
  failure: { code: string | null; message: string | null } | null;
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
  /** Prefill for the form (merchant-supplied; no secrets). */
  customer: { first_name?: string; last_name?: string; mobile?: string; email?: string } | null;
  attempt: AttemptView | null;
  /** True when a new attempt may be started now. */
  can_retry: boolean;
  /** Where the payer goes after a full-page redirect flow, if the merchant set one. */
  return_url: string | null;
  /** Rises with every change; the stream's messages carry it. */
  seq: number;
}

/** A message on the checkout stream (WebSocket). */
export interface StreamMessage {
  type: 'view';
  seq: number;
  view: CheckoutView;
}
