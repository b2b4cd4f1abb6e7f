/**
 * Live step "otp": the one-time code, with the code's 2-minute countdown and tries left. The
 * field is numeric with `autocomplete="one-time-code"`; WebOTP fills it where the browser can.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { submitOtp, typeOtp } from '../actions/submit-otp';
import { formatCountdown, keepTicking } from '../clock';
import '../translations/steps/otp';
import type { StepHost } from './host';
import { listenForSmsCode } from './web-otp';
import type { StepChunk } from '../step-chunks';

/**
 * Renders the OTP form.
 *
 * @example
 * renderOtp(this);
 */
export function renderOtp(h: StepHost): TemplateResult | typeof nothing {
  const t = h._t;
  const next = h._next();
  if (next?.type !== 'enter_otp') return nothing;
  const expiresAt = Date.parse(next.expires_at);
  const now = Date.now();
  const expired = now >= expiresAt;
  keepTicking(h);
  if (!expired) listenForSmsCode(h);
  return html`<form
    part="form"
    novalidate
    @submit=${(e: SubmitEvent) => {
      e.preventDefault();
      void submitOtp(h);
    }}
  >
    <h2 part="heading" tabindex="-1">${t.otpHeading}</h2>
    <p>${t.otpBody}</p>
    <div part="field">
      <label for="otp">${t.otpLabel}</label>
      <input
        id="otp"
        part="input"
        inputmode="numeric"
        autocomplete="one-time-code"
        maxlength="10"
        required
        aria-invalid=${h._otpProblem ? 'true' : 'false'}
        aria-describedby="otp-hint otp-error"
        .value=${h._otp}
        @input=${(e: Event) => typeOtp(h, (e.target as HTMLInputElement).value)}
      />
      <span id="otp-hint" part="hint">
        <span role="timer" part="countdown"
          >${expired ? t.codeExpired : t.expiresIn(formatCountdown(expiresAt, now))}</span
        >
        · ${t.triesLeft(next.tries_left)}
      </span>
      <span id="otp-error" part="error">${h._otpProblem}</span>
    </div>
    <button part="button primary" type="submit" ?disabled=${h._busy || expired}>
      ${h._busy ? t.sending : t.otpSubmit}
    </button>
  </form>`;
}

/** The step's chunk (step-chunks.ts). */
export const chunk: StepChunk = { render: renderOtp, status: (h) => h._t.otpHeading };
