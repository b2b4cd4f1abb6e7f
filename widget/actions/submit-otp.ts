/**
 * The OTP form: typing the code, and its submit, which checks the code's shape (the proxy's
 * rule, shared/references.ts), sends it, and explains a refusal with the tries left.
 * @module
 */
import { OTP_PATTERN } from '../../shared/references';
import type { CheckoutView } from '../../shared/view';
import { asApiError, submitOtp as sendOtp, type ApiError } from '../api';
import type { CheckoutErrorDetail } from '../events';
import type { Translation } from '../localize';

/** What submitting a code reads from and writes to the element. */
export interface OtpHost {
  readonly endpointUrl: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  readonly _view: CheckoutView | null;
  readonly _t: Translation;
  _otp: string;
  _otpProblem: string;
  _busy: boolean;
  applyView(view: CheckoutView): boolean;
  _refresh(): Promise<void>;
  _reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void;
}

/**
 * The payer typed (or WebOTP filled in) `value`: the field's problem goes.
 *
 * @example
 * html`<input @input=${(e: Event) => typeOtp(h, (e.target as HTMLInputElement).value)} />`;
 */
export function typeOtp(host: OtpHost, value: string): void {
  host._otp = value;
  host._otpProblem = '';
}

/**
 * Sends the code the payer typed (spaces dropped); a wrong one gets a problem under the field,
 * which then takes focus.
 *
 * @example
 * html`<form @submit=${(e: SubmitEvent) => { e.preventDefault(); void submitOtp(host); }}>`;
 */
export async function submitOtp(host: OtpHost): Promise<void> {
  const view = host._view;
  const t = host._t;
  if (!view || host._busy) return;
  const otp = host._otp.replace(/\s+/g, '');
  if (!OTP_PATTERN.test(otp)) {
    host._otpProblem = otp ? t.otpInvalidFormat : t.required;
    return;
  }
  host._busy = true;
  try {
    host.applyView(await sendOtp(host.endpointUrl, view.id, otp));
    host._otp = host._otpProblem = '';
  } catch (error) {
    const apiError = asApiError(error);
    host._reportError(apiError, 'otp');
    const tries = apiError.details?.tries_left;
    host._otpProblem = (t.errors[apiError.code] ?? t.errors.generic).concat(
      typeof tries === 'number' ? ` ${t.triesLeft(tries)}` : '',
    );
    if (apiError.code !== 'OTP_INVALID') await host._refresh();
  } finally {
    host._busy = false;
  }
  await host.updateComplete;
  if (host._otpProblem) host.renderRoot.querySelector<HTMLElement>('#otp')?.focus();
}
