/**
 * What the polite live region says on each step.
 * @module
 */
import type { CheckoutStep } from '../events';
import { loadedStep } from '../step-chunks';
import type { StepHost } from './host';

/**
 * The live region's text for `step`: the step's own line, a notice's texts (once its chunk has
 * loaded), or "Sending…" while a request is in flight.
 *
 * @example
 * html`<div role="status">${announcement || statusText(this, step)}</div>`;
 */
export function statusText(h: StepHost, step: CheckoutStep): string {
  const t = h._t;
  const view = h._view;
  const texts: Partial<Record<CheckoutStep, string>> = {
    loading: t.loading,
    approve: t.approveWaiting,
    otp: t.otpHeading,
    transfer: t.transferWaiting,
    redirect: h._popupOpened ? t.redirectWaiting : '',
    // As noticeText says them (the notices' chunk need not be loaded for these two).
    wait: `${t.waitHeading} ${t.waitBody}`,
    confirming: `${t.waitHeading} ${t.waitBody}`,
  };
  const notice = loadedStep(step)?.noticeText;
  return (
    texts[step] ??
    ((view && notice?.(t, view, step, h._amount()).join(' ')) || (h._busy ? t.sending : ''))
  );
}
