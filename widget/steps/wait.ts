/**
 * Steps "wait" (the outcome is on its way) and "confirming" (the payer acted; only the
 * upstream's answer is missing): the payment is being confirmed, do not pay again. They ship
 * with the live transport (transport.ts re-exports {@link chunk}), which every page showing
 * them loads anyway to learn the outcome: a chunk with no request of its own.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import '../translations/steps/wait';
import type { StepHost } from './host';
import { renderWaiting } from './progress';

/**
 * Renders the "wait" and "confirming" steps (the live region announces them too).
 *
 * @example
 * renderWait(this);
 */
export function renderWait(h: StepHost): TemplateResult {
  return html`<h2 part="heading" tabindex="-1">${h._t.waitHeading}</h2>
    ${renderWaiting(h._t.waitBody)}`;
}

/**
 * The steps' chunk (a StepChunk of step-chunks.ts, not named here: that file imports this
 * one's module, and a type import back would close an import circle).
 */
export const chunk = {
  render: renderWait,
  status: (h: StepHost): string => `${h._t.waitHeading} ${h._t.waitBody}`,
};
