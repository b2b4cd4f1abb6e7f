/**
 * Result steps: "success", "failure" (with the reason and, while the session is open, a
 * retry) and "expired".
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CheckoutView } from '../../shared/view';
import type { Translation } from '../localize';

/**
 * Renders the success step.
 *
 * @example
 * renderSuccess(t, 'Ksh 1,500');
 */
export function renderSuccess(t: Translation, amount: string): TemplateResult {
  return html`<div class="ok">
    <div part="badge" aria-hidden="true">✓</div>
    <h2 part="heading" tabindex="-1">${t.successHeading}</h2>
    <p>${t.successBody(amount)}</p>
  </div>`;
}

/**
 * Why the payment failed, as translated sentences: the kind of failure, then the
 * upstream's reason when it gave one.
 *
 * @example
 * failureText(t, view); // ['The payment did not go through.', 'Reason: Insufficient funds (PM-001)']
 */
export function failureText(t: Translation, view: CheckoutView): string[] {
  const attempt = view.attempt;
  const lines = [
    view.status === 'failed' && !view.can_retry
      ? t.failureClosed
      : attempt?.status === 'timed_out'
        ? t.failureTimedOut
        : attempt?.status === 'expired'
          ? t.failureExpired
          : t.failureFailed,
  ];
  const reason = attempt?.failure;
  if (reason?.message || reason?.code) {
    const text = [reason.message, reason.code && `(${reason.code})`].filter(Boolean).join(' ');
    lines.push(t.failureReason(text));
  }
  return lines;
}

/** What the failure step needs. */
export interface FailureProps {
  t: Translation;
  view: CheckoutView;
  /** Offer "Use another method" (the session has more than one option). */
  canChoose: boolean;
  onRetry: () => void;
  onChoose: () => void;
}

/**
 * Renders the failure step.
 *
 * @example
 * renderFailure({ t, view, canChoose: true, onRetry, onChoose });
 */
export function renderFailure(p: FailureProps): TemplateResult {
  const { t, view } = p;
  return html`<div part="badge" aria-hidden="true">✕</div>
    <h2 part="heading" tabindex="-1">${t.failureHeading}</h2>
    ${failureText(t, view).map((line) => html`<p>${line}</p>`)}
    ${
      view.can_retry
        ? html`<div class="actions">
            <button part="button primary" type="button" @click=${p.onRetry}>${t.retry}</button>
            ${
              p.canChoose
                ? html`<button part="button" type="button" @click=${p.onChoose}>
                    ${t.otherMethod}
                  </button>`
                : nothing
            }
          </div>`
        : nothing
    }`;
}

/**
 * Renders the expired step.
 *
 * @example
 * renderExpired(t);
 */
export function renderExpired(t: Translation): TemplateResult {
  return html`<div part="badge" aria-hidden="true">!</div>
    <h2 part="heading" tabindex="-1">${t.expiredHeading}</h2>
    <p>${t.expiredBody}</p>`;
}

/**
 * Renders the error step (the view could not be loaded), with a way to try again.
 *
 * @example
 * renderError(t, t.errors.SESSION_NOT_FOUND ?? t.errors.generic, reload);
 */
export function renderError(t: Translation, message: string, onReload: () => void): TemplateResult {
  return html`<h2 part="heading" tabindex="-1">${t.errorHeading}</h2>
    <p role="alert">${message}</p>
    <div class="actions">
      <button part="button primary" type="button" @click=${onReload}>${t.reload}</button>
    </div>`;
}
