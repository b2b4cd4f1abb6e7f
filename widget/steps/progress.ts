/**
 * The "loading" step (the first view is on its way) and the spinner line other steps reuse
 * (the "wait" and "confirming" steps are in steps/wait.ts).
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
