/**
 * Live step "approve": the payer approves a prompt on their phone; says what to expect, and
 * after 30 s how to approve from the phone's menu for that operator (shared/payer-instructions.ts).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ussdSteps, type Texts } from '../../shared/payer-instructions';
import { clock, keepTicking } from '../clock';
import { withLaterStrings } from '../later-strings';
import type { Translation } from '../localize';
import type { StepChunk } from './chunk';
import { renderWaiting } from './progress';
import type { StepState } from './state';

/** How long the approve step shows before the menu hint, in ms. */
export const MENU_HINT_AFTER_MS = 30_000;

/** When each attempt's approve step first showed (by attempt id). */
const shown = new Map<string, number>();

/** The menu hint once the step has shown for 30 s, in the page's language; else ''. */
function menuHint(s: StepState, t: Translation): string {
  const attempt = s._view?.attempt;
  if (!attempt) return '';
  const since = shown.get(attempt.id) ?? clock.now();
  shown.set(attempt.id, since);
  if (clock.now() - since < MENU_HINT_AFTER_MS) return '';
  const iso2 = s._view!.countries.find((c) => c.id === attempt.country_id)?.iso2 ?? '';
  const texts = ussdSteps(iso2, attempt.method);
  return texts[t.$code as keyof Texts] ?? texts.en;
}

/**
 * Renders the approve-on-phone step.
 *
 * @example
 * renderApprove(state, t);
 */
export function renderApprove(s: StepState, t: Translation): TemplateResult {
  const next = s._view?.attempt?.next;
  const mobile = next?.type === 'approve_on_phone' ? next.mobile_masked : '';
  const hint = menuHint(s, t);
  return html`<h2 part="heading" tabindex="-1">${t.approveHeading}</h2>
    <p>${t.approveSent(s._amount(), `+${mobile}`)}</p>
    <ol>
      ${t.approveSteps.map((line) => html`<li>${line}</li>`)}
    </ol>
    ${renderWaiting(t.approveWaiting)}
    ${hint ? html`<p part="hint" id="menu-hint">${hint}</p>` : nothing}
    <p class="muted">${t.approveRetryHint}</p>
    <p class="muted">${t.approveNoData}</p>`;
}

/**
 * The step's chunk (step-chunks.ts): it re-renders once a second for the hint. Ready once its
 * strings are there (later-strings.ts).
 */
export const chunk: Promise<StepChunk> = withLaterStrings({
  render: renderApprove,
  status: (s, t) => menuHint(s, t) || t.approveWaiting,
  attach: (s) => keepTicking(s._host),
});
