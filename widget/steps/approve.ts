/**
 * Live step "approve": the payer approves a prompt on their phone; says what to expect.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import type { Translation } from '../localize';
import { renderWaiting } from './progress';

/** What the approve step needs. */
export interface ApproveProps {
  t: Translation;
  /** Formatted amount. */
  amount: string;
  /** The phone as the proxy masked it, e.g. `2547****5000`. */
  mobile: string;
}

/**
 * Renders the approve-on-phone step.
 *
 * @example
 * renderApprove({ t, amount: 'Ksh 1,500', mobile: '2547****5000' });
 */
export function renderApprove({ t, amount, mobile }: ApproveProps): TemplateResult {
  return html`<h2 part="heading" tabindex="-1">${t.approveHeading}</h2>
    <p>${t.approveSent(amount, `+${mobile}`)}</p>
    <ol>
      ${t.approveSteps.map((line) => html`<li>${line}</li>`)}
    </ol>
    ${renderWaiting(t.approveWaiting)}
    <p class="muted">${t.approveRetryHint}</p>`;
}
