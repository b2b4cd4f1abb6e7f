/**
 * The "loading" step (the first view is on its way) and the spinner line other steps reuse
 * (the "wait" and "confirming" steps are in steps/wait.ts).
 * @module
 */
import { html, type TemplateResult } from 'lit';
import type { Translation } from '../localize';
import type { StepState } from './state';

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
 * renderLoading(state, t);
 */
export function renderLoading(_s: StepState, t: Translation): TemplateResult {
  return renderWaiting(t.loading);
}
