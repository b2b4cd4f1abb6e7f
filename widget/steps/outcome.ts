/**
 * Result steps: "success", "failure" (with the reason and, while the session is open, a
 * retry), "expired", and "error" (the view could not be loaded).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CheckoutView } from '../../shared/view';
import type { Translation } from '../localize';
import { hasChoice } from '../step';
import type { StepHost } from './host';

/**
 * Renders the success step.
 *
 * @example
 * renderSuccess(this);
 */
export function renderSuccess(h: StepHost): TemplateResult {
  return html`<div class="ok">
    <div part="badge" aria-hidden="true">✓</div>
    <h2 part="heading" tabindex="-1">${h._t.successHeading}</h2>
    <p>${h._t.successBody(h._amount())}</p>
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

/**
 * Renders the failure step, with "Try again" (same method) and "Use another method" while
 * the session allows a new attempt.
 *
 * @example
 * renderFailure(this);
 */
export function renderFailure(h: StepHost): TemplateResult | typeof nothing {
  const t = h._t;
  const view = h._view;
  if (!view) return nothing;
  return html`<div part="badge" aria-hidden="true">✕</div>
    <h2 part="heading" tabindex="-1">${t.failureHeading}</h2>
    ${failureText(t, view).map((line) => html`<p>${line}</p>`)}
    ${
      view.can_retry
        ? html`<div class="actions">
            <button part="button primary" type="button" @click=${() => h._retry(false)}>
              ${t.retry}
            </button>
            ${
              hasChoice(view)
                ? html`<button part="button" type="button" @click=${() => h._retry(true)}>
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
 * renderExpired(this);
 */
export function renderExpired(h: StepHost): TemplateResult {
  return html`<div part="badge" aria-hidden="true">!</div>
    <h2 part="heading" tabindex="-1">${h._t.expiredHeading}</h2>
    <p>${h._t.expiredBody}</p>`;
}

/**
 * Renders the error step (the view could not be loaded), with a way to try again.
 *
 * @example
 * renderError(this);
 */
export function renderError(h: StepHost): TemplateResult {
  const t = h._t;
  const code = h._loadError?.code ?? 'NETWORK';
  return html`<h2 part="heading" tabindex="-1">${t.errorHeading}</h2>
    <p role="alert">${t.errors[code] ?? t.errors.generic}</p>
    <div class="actions">
      <button part="button primary" type="button" @click=${() => h._load()}>${t.reload}</button>
    </div>`;
}
