/**
 * What the polite live region says on each step.
 * @module
 */
import type { CheckoutStep } from '../events';
import type { Translation } from '../localize';
import { loadedStep } from '../step-chunks';
import type { StepState } from './state';

/**
 * The live region's text for `step`: the loading line, a later step's (from its chunk, once
 * loaded), or "Sending…" while a request is in flight.
 *
 * @example
 * html`<div role="status">${announcement || statusText(state, t, step)}</div>`;
 */
export function statusText(s: StepState, t: Translation, step: CheckoutStep): string {
  if (step === 'loading') return t.loading;
  return loadedStep(step)?.status(s, t, step) ?? (s._busy ? t.sending : '');
}
