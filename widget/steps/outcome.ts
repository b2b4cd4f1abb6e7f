/**
 * Result and notice steps: the notices "success", "failure" (with the reason and, while the
 * session is open, a retry), "lapsed" (the input window closed; a retry), "mismatch" and
 * "needs_review" (the shop resolves them; no retry), "closed_confirming" and "expired". (The
 * "error" step is in the entry: steps/error.ts.)
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { retry } from '../actions/retry';
import { noticeText } from '../../shared/notice-text';
import { withLaterStrings } from '../later-strings';
import type { Translation } from '../localize';
import { outcomeEvent } from '../outcome-events';
import { hasChoice } from '../step';
import type { StepChunk } from './chunk';
import type { StepState } from './state';

/**
 * Renders a notice step: a badge, the heading, the sentences and, after a failure or a lapsed
 * input while the session allows a new attempt, "Try again" (same method) and "Use another
 * method". Never a retry for `mismatch`, `needs_review` or `closed_confirming`.
 *
 * @example
 * renderNotice(state, t);
 */
export function renderNotice(s: StepState, t: Translation): TemplateResult | typeof nothing {
  const view = s._view;
  const step = s._host.step;
  if (!view) return nothing;
  const [heading, ...lines] = noticeText(t, view, step, s._amount());
  return html`<div part="badge" aria-hidden="true" class=${step}>
      ${step === 'success' ? '✓' : step === 'failure' ? '✕' : '!'}
    </div>
    <h2 part="heading" tabindex="-1">${heading}</h2>
    ${lines.map((line) => html`<p>${line}</p>`)}
    ${
      view.can_retry && (step === 'failure' || step === 'lapsed')
        ? html`<div class="actions">
            <button
              part="button primary"
              type="button"
              @click=${() => s._act((a) => retry(a, false))}
            >
              ${t.retry}
            </button>
            ${
              hasChoice(view)
                ? html`<button
                    part="button"
                    type="button"
                    @click=${() => s._act((a) => retry(a, true))}
                  >
                    ${t.otherMethod}
                  </button>`
                : nothing
            }
          </div>`
        : nothing
    }`;
}

/**
 * The notices' chunk (step-chunks.ts): which outcome event each calls for (the state sends it).
 * Ready once their strings are there (later-strings.ts).
 */
export const chunk: Promise<StepChunk> = withLaterStrings({
  render: renderNotice,
  status: (s, t, step) => (s._view ? noticeText(t, s._view, step, s._amount()).join(' ') : ''),
  outcome: outcomeEvent,
});
