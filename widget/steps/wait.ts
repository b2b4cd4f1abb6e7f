/**
 * Steps "wait" (the outcome is on its way) and "confirming" (the payer acted; only the
 * upstream's answer is missing): the payment is being confirmed, do not pay again (or, for a
 * code whose answer never came, it is being checked). They ship
 * with the live transport (transport.ts re-exports {@link chunk}), which every page showing
 * them loads anyway to learn the outcome: a chunk with no request of its own.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import { withLaterStrings } from '../later-strings';
import type { Translation } from '../localize';
import { waitText } from '../../shared/wait-text';
import type { StepChunk } from './chunk';
import type { StepState } from './state';
import { renderWaiting } from './progress';

/**
 * Renders the "wait" and "confirming" steps (the live region announces them too).
 *
 * @example
 * renderWait(state, t);
 */
export function renderWait(s: StepState, t: Translation): TemplateResult {
  return html`<h2 part="heading" tabindex="-1">${t.waitHeading}</h2>
    ${renderWaiting(waitText(t, s._view))}`;
}

/** The steps' chunk (step-chunks.ts), ready once their strings are there (later-strings.ts). */
export const chunk: Promise<StepChunk> = withLaterStrings({
  render: renderWait,
  status: (s, t) => `${t.waitHeading} ${waitText(t, s._view)}`,
});
