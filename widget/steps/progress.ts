/**
 * Steps where the payer only waits: "loading" (first view), "wait" (the outcome is on its way)
 * and "confirming" (the payer acted; only the upstream's answer is missing), and the spinner
 * line other steps reuse.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import type { StepHost } from './host';

/**
 * A spinner with a line of text (the spinner is decorative).
 *
 * @example
 * renderWaiting(t.approveWaiting);
 */
export function renderWaiting(text: string): TemplateResult {
  return html`<div part="status">
    <span class="spinner" aria-hidden="true"></span><span>${text}</span>
  </div>`;
}

/**
 * Renders the first load.
 *
 * @example
 * renderLoading(this);
 */
export function renderLoading(h: StepHost): TemplateResult {
  return renderWaiting(h._t.loading);
}

/**
 * Renders the "wait" and "confirming" steps: the payment is being confirmed, do not pay again
 * (the live region announces it too).
 *
 * @example
 * renderWait(this);
 */
export function renderWait(h: StepHost): TemplateResult {
  return html`<h2 part="heading" tabindex="-1">${h._t.waitHeading}</h2>
    ${renderWaiting(h._t.waitBody)}`;
}
