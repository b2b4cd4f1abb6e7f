/**
 * The OTP form: typing the code, and its submit, which checks the code's shape (the proxy's
 * rule, shared/references.ts), sends it, and explains a refusal with the tries left.
 * @module
 */
import { latinDigits } from '../../shared/latin-digits';
import { OTP_PATTERN } from '../../shared/references';
import { asApiError, submitOtp as sendOtp } from '../api';
import type { Translation } from '../localize';
import type { ActionState } from '../steps/state';

/**
 * The payer typed (or WebOTP filled in) `value`: the field's problem goes.
 *
 * @example
 * html`<input @input=${(e: Event) => s._act((a) => typeOtp(a, (e.target as HTMLInputElement).value))} />`;
 */
export function typeOtp(state: ActionState, value: string): void {
  state._set({ _otp: value, _otpProblem: '' });
}

/**
 * Sends the code the payer typed (spaces dropped); a wrong one gets a problem under the field,
 * which then takes focus.
 *
 * @example
 * html`<form @submit=${(e: SubmitEvent) => { e.preventDefault(); void s._act((a) => submitOtp(a, t)); }}>`;
 */
export async function submitOtp(state: ActionState, t: Translation): Promise<void> {
  const host = state._host;
  const view = state._view;
  if (!view || state._busy) return;
  const otp = latinDigits(state._otp).replace(/\s+/g, '');
  if (!OTP_PATTERN.test(otp)) {
    state._set({ _otpProblem: otp ? t.otpInvalidFormat : t.required });
    return;
  }
  state._set({ _busy: true });
  try {
    host.applyView(await sendOtp(host.endpointUrl, view.id, otp));
    state._set({ _otp: '', _otpProblem: '' });
  } catch (error) {
    const apiError = asApiError(error);
    host._reportError(apiError, 'otp');
    const tries = apiError.details?.tries_left;
    state._set({
      _otpProblem: (t.errors[apiError.code] ?? t.errors.generic).concat(
        typeof tries === 'number' ? ` ${t.triesLeft(tries)}` : '',
      ),
    });
    if (apiError.code !== 'OTP_INVALID') await host._refresh();
  } finally {
    state._set({ _busy: false });
  }
  await host.updateComplete;
  if (state._otpProblem) host.renderRoot.querySelector<HTMLElement>('#otp')?.focus();
}
