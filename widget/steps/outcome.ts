/**
 * Result and notice steps: the notices "success", "failure" (with the reason and, while the
 * session is open, a retry), "lapsed" (the input window closed; a retry), "mismatch" and
 * "needs_review" (the shop resolves them; no retry), "closed_confirming" and "expired". (The
 * "error" step is in the entry: steps/error.ts.)
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { noticeText } from '../notice-text';
import { hasChoice } from '../step';
import '../translations/steps/outcome';
import type { StepHost } from './host';
import { dispatchOutcome } from '../outcome-events';
import type { StepChunk } from '../step-chunks';

/** "Try again" (same method) or "Use another method" after a failure. */
function retry(h: StepHost, choose: boolean): void {
  h._dismissed = h._view?.attempt?.id ?? null;
  h._choosing = choose;
  h._problems = {};
  h._formError = '';
}

/**
 * Renders a notice step: a badge, the heading, the sentences and, after a failure or a lapsed
 * input while the session allows a new attempt, "Try again" (same method) and "Use another
 * method". Never a retry for `mismatch`, `needs_review` or `closed_confirming`.
 *
 * @example
 * renderNotice(this);
 */
export function renderNotice(h: StepHost): TemplateResult | typeof nothing {
  const t = h._t;
  const view = h._view;
  const step = h.step;
  if (!view) return nothing;
  const [heading, ...lines] = noticeText(t, view, step, h._amount());
  return html`<div part="badge" aria-hidden="true" class=${step}>
      ${step === 'success' ? '✓' : step === 'failure' ? '✕' : '!'}
    </div>
    <h2 part="heading" tabindex="-1">${heading}</h2>
    ${lines.map((line) => html`<p>${line}</p>`)}
    ${
      view.can_retry && (step === 'failure' || step === 'lapsed')
        ? html`<div class="actions">
            <button part="button primary" type="button" @click=${() => retry(h, false)}>
              ${t.retry}
            </button>
            ${
              hasChoice(view)
                ? html`<button part="button" type="button" @click=${() => retry(h, true)}>
                    ${t.otherMethod}
                  </button>`
                : nothing
            }
          </div>`
        : nothing
    }`;
}

/** The notices' chunk (step-chunks.ts): each outcome's event follows its notice on screen. */
export const chunk: StepChunk = {
  render: renderNotice,
  status: (h, step) => (h._view ? noticeText(h._t, h._view, step, h._amount()).join(' ') : ''),
  outcome: dispatchOutcome,
};
