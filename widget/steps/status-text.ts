/**
 * What the polite live region says on each step.
 * @module
 */
import type { CheckoutStep } from '../events';
import { loadedStep } from '../step-chunks';
import type { StepHost } from './host';

/**
 * The live region's text for `step`: the first screens' own line, a later step's (from its
 * chunk, once loaded), or "Sending…" while a request is in flight.
 *
 * @example
 * html`<div role="status">${announcement || statusText(this, step)}</div>`;
 */
export function statusText(h: StepHost, step: CheckoutStep): string {
  const t = h._t;
  const wait = `${t.waitHeading} ${t.waitBody}`;
  const texts: Partial<Record<CheckoutStep, string>> = {
    loading: t.loading,
    wait,
    confirming: wait,
  };
  return texts[step] ?? loadedStep(step)?.status(h, step) ?? (h._busy ? t.sending : '');
}
