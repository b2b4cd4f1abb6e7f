/**
 * Live step "otp": the one-time code, with the code's 2-minute countdown and tries left. The
 * field is numeric with `autocomplete="one-time-code"`; WebOTP fills it where the browser can.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { submitOtp, typeOtp } from '../actions/submit-otp';
import { clock, formatCountdown, keepTicking } from '../clock';
import { withLaterStrings } from '../later-strings';
import type { Translation } from '../localize';
import { otpNote } from '../../shared/otp-note';
import type { StepChunk } from './chunk';
import type { StepState } from './state';
import { listenForSmsCode } from './web-otp';

/** When the code expires (ms since the epoch), or `null` off the code's step. */
function expiresAt(s: StepState): number | null {
  const next = s._view?.attempt?.next;
  return next?.type === 'enter_otp' ? Date.parse(next.expires_at) : null;
}

/**
 * Renders the OTP form.
 *
 * @example
 * renderOtp(state, t);
 */
export function renderOtp(s: StepState, t: Translation): TemplateResult | typeof nothing {
  const next = s._view?.attempt?.next;
  if (next?.type !== 'enter_otp') return nothing;
  const expires = Date.parse(next.expires_at);
  const now = clock.now();
  const expired = now >= expires;
  const note = otpNote(t, s._view);
  return html`<form
    part="form"
    novalidate
    @submit=${(e: SubmitEvent) => {
      e.preventDefault();
      void s._act((a) => submitOtp(a, t));
    }}
  >
    <h2 part="heading" tabindex="-1">${t.otpHeading}</h2>
    <p>${t.otpBody}</p>
    ${note ? html`<p part="note" role="status">${note}</p>` : nothing}
    <div part="field">
      <label for="otp">${t.otpLabel}</label>
      <input
        id="otp"
        part="input"
        inputmode="numeric"
        autocomplete="one-time-code"
        maxlength="10"
        required
        aria-invalid=${s._otpProblem ? 'true' : 'false'}
        aria-describedby="otp-hint otp-error"
        .value=${s._otp}
        @input=${(e: Event) => s._act((a) => typeOtp(a, (e.target as HTMLInputElement).value))}
      />
      <span id="otp-hint" part="hint">
        <span role="timer" part="countdown"
          >${expired ? t.codeExpired : t.expiresIn(formatCountdown(expires, now))}</span
        >
        · ${t.triesLeft(next.tries_left)}
      </span>
      <span id="otp-error" part="error">${s._otpProblem}</span>
    </div>
    <button part="button primary" type="submit" ?disabled=${s._busy || expired}>
      ${s._busy ? t.sending : t.otpSubmit}
    </button>
  </form>`;
}

/**
 * The step's chunk (step-chunks.ts): the countdown ticks; WebOTP listens while the code lives.
 * Ready once its strings are there (later-strings.ts).
 */
export const chunk: Promise<StepChunk> = withLaterStrings({
  render: renderOtp,
  status: (_s, t) => t.otpHeading,
  attach: (s) => {
    keepTicking(s._host);
    const expires = expiresAt(s);
    if (expires !== null && clock.now() < expires) listenForSmsCode(s);
  },
});
