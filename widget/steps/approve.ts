/**
 * Live step "approve": the payer approves a prompt on their phone; says what to expect, and
 * after 30 s how to approve from the phone's menu for that operator (shared/payer-instructions.ts).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ussdSteps, type Texts } from '../../shared/payer-instructions';
import { clock, keepTicking } from '../clock';
import '../translations/steps/approve';
import type { StepHost } from './host';
import { renderWaiting } from './progress';
import type { StepChunk } from '../step-chunks';

/** How long the approve step shows before the menu hint, in ms. */
export const MENU_HINT_AFTER_MS = 30_000;

/** When each attempt's approve step first showed (by attempt id). */
const shown = new Map<string, number>();

/** The menu hint once the step has shown for 30 s, in the page's language; else ''. */
function menuHint(h: StepHost): string {
  const attempt = h._view?.attempt;
  if (!attempt) return '';
  const since = shown.get(attempt.id) ?? clock.now();
  shown.set(attempt.id, since);
  if (clock.now() - since < MENU_HINT_AFTER_MS) return '';
  const iso2 = h._view!.countries.find((c) => c.id === attempt.country_id)?.iso2 ?? '';
  const texts = ussdSteps(iso2, attempt.method);
  return texts[h._t.$code as keyof Texts] ?? texts.en;
}

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
  keepTicking(h);
  const hint = menuHint(h);
  return html`<h2 part="heading" tabindex="-1">${t.approveHeading}</h2>
    <p>${t.approveSent(h._amount(), `+${mobile}`)}</p>
    <ol>
      ${t.approveSteps.map((line) => html`<li>${line}</li>`)}
    </ol>
    ${renderWaiting(t.approveWaiting)}
    ${hint ? html`<p part="hint" id="menu-hint">${hint}</p>` : nothing}
    <p class="muted">${t.approveRetryHint}</p>
    <p class="muted">${t.approveNoData}</p>`;
}

/** The step's chunk (step-chunks.ts). */
export const chunk: StepChunk = {
  render: renderApprove,
  status: (h) => menuHint(h) || h._t.approveWaiting,
};
