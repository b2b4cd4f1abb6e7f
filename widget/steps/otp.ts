/**
 * Live step "otp": the one-time code, with the code's 2-minute countdown and tries left.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import { formatCountdown } from '../format';
import type { Translation } from '../localize';

/** What the OTP step needs. */
export interface OtpProps {
  t: Translation;
  /** Epoch ms when the code expires. */
  expiresAt: number;
  now: number;
  triesLeft: number;
  value: string;
  /** Translated problem with the code, or ''. */
  problem: string;
  busy: boolean;
  onInput: (value: string) => void;
  onSubmit: (event: SubmitEvent) => void;
}

/**
 * Renders the OTP form.
 *
 * @example
 * renderOtp({ t, expiresAt, now: Date.now(), triesLeft: 3, value: '', problem: '', busy: false, onInput, onSubmit });
 */
export function renderOtp(p: OtpProps): TemplateResult {
  const { t } = p;
  const expired = p.now >= p.expiresAt;
  return html`<form part="form" novalidate @submit=${p.onSubmit}>
    <h2 part="heading" tabindex="-1">${t.otpHeading}</h2>
    <p>${t.otpBody}</p>
    <div part="field">
      <label for="otp">${t.otpLabel}</label>
      <input
        id="otp"
        name="otp"
        part="input"
        inputmode="numeric"
        autocomplete="one-time-code"
        maxlength="10"
        required
        aria-invalid=${p.problem ? 'true' : 'false'}
        aria-describedby="otp-hint otp-error"
        .value=${p.value}
        @input=${(e: Event) => p.onInput((e.target as HTMLInputElement).value)}
      />
      <span id="otp-hint" part="hint">
        <span role="timer" part="countdown"
          >${expired ? t.codeExpired : t.expiresIn(formatCountdown(p.expiresAt, p.now))}</span
        >
        ${t.triesLeft(p.triesLeft)}
      </span>
      <span id="otp-error" part="error">${p.problem}</span>
    </div>
    <button part="button primary" type="submit" ?disabled=${p.busy || expired}>
      ${p.busy ? t.sending : t.otpSubmit}
    </button>
  </form>`;
}
