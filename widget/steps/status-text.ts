/**
 * What the polite live region says on each step.
 * @module
 */
import type { CheckoutStep } from '../events';
import { loadedStep } from '../step-chunks';
import type { StepHost } from './host';

/**
 * The live region's text for `step`: the loading line, a later step's (from its chunk, once
 * loaded), or "Sending…" while a request is in flight.
 *
 * @example
 * html`<div role="status">${announcement || statusText(this, step)}</div>`;
 */
export function statusText(h: StepHost, step: CheckoutStep): string {
  const t = h._t;
  if (step === 'loading') return t.loading;
  return loadedStep(step)?.status(h, step) ?? (h._busy ? t.sending : '');
}
