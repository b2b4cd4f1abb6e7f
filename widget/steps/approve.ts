/**
 * Live step "approve": the payer approves a prompt on their phone; says what to expect.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import '../translations/steps/approve';
import type { StepHost } from './host';
import { renderWaiting } from './progress';
import type { StepChunk } from '../step-chunks';

/**
 * Renders the approve-on-phone step.
 *
 * @example
 * renderApprove(this);
 */
export function renderApprove(h: StepHost): TemplateResult {
  const t = h._t;
  const next = h._next();
  const mobile = next?.type === 'approve_on_phone' ? next.mobile_masked : '';
  return html`<h2 part="heading" tabindex="-1">${t.approveHeading}</h2>
    <p>${t.approveSent(h._amount(), `+${mobile}`)}</p>
    <ol>
      ${t.approveSteps.map((line) => html`<li>${line}</li>`)}
    </ol>
    ${renderWaiting(t.approveWaiting)}
    <p class="muted">${t.approveRetryHint}</p>
    <p class="muted">${t.approveNoData}</p>`;
}

/** The step's chunk (step-chunks.ts). */
export const chunk: StepChunk = { render: renderApprove, status: (h) => h._t.approveWaiting };
