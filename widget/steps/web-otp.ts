/**
 * The WebOTP API: where the browser has it (`OTPCredential`, Chrome on Android), the code of
 * the operator's SMS is offered to the payer by the browser, filled in and sent. The request
 * is aborted (AbortController) when the step leaves `otp` or the element leaves the page.
 * Elsewhere nothing happens and the payer types the code (`autocomplete="one-time-code"` still
 * lets iOS and keyboards suggest it).
 * @module
 */
import type { ReactiveController } from 'lit';
import { typeOtp } from '../actions/submit-otp';
import type { StepState } from './state';

/** Elements with a request under way. */
const listening = new WeakSet<object>();

/**
 * Asks the browser for the SMS code once per stay on the otp step (again after a wrong code).
 *
 * @example
 * if (!expired) listenForSmsCode(state);
 */
export function listenForSmsCode(s: StepState): void {
  const h = s._host;
  if (listening.has(h) || s._busy || !('OTPCredential' in window)) return;
  listening.add(h);
  const abort = new AbortController();
  const stop = () => {
    abort.abort();
    h.removeController(controller);
    listening.delete(h);
  };
  const controller: ReactiveController = {
    hostUpdated: () => h.step != 'otp' && stop(),
    hostDisconnected: stop,
  };
  h.addController(controller);
  navigator.credentials
    .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
    .then(
      (credential) => {
        const code = (credential as { code?: string } | null)?.code;
        if (code && !abort.signal.aborted) {
          s._act((a) => typeOtp(a, code));
          h.renderRoot.querySelector('form')?.requestSubmit();
        }
      },
      () => undefined, // dismissed, aborted, or not allowed here: the payer types the code
    )
    .finally(stop);
}
