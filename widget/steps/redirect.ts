/**
 * Live step "redirect": continue to the wallet's or bank's authorization page (a popup; the
 * element falls back to a full-page redirect when the popup is blocked).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { openRedirect } from '../actions/open-redirect';
import { listenForReturn } from '../controllers/redirect-window';
import { withLaterStrings } from '../later-strings';
import type { Translation } from '../localize';
import type { StepChunk } from './chunk';
import { renderWaiting } from './progress';
import type { StepState } from './state';

/**
 * Renders the continue-to-redirect step.
 *
 * @example
 * renderRedirect(state, t);
 */
export function renderRedirect(s: StepState, t: Translation): TemplateResult {
  const method = s._method()?.label ?? '';
  const opened = s._popupOpened;
  return html`<h2 part="heading" tabindex="-1">${t.redirectHeading(method)}</h2>
    <p>${t.redirectBody}</p>
    ${opened ? renderWaiting(t.redirectWaiting) : nothing}
    <div class="actions">
      <button part="button primary" type="button" @click=${() => s._act(openRedirect)}>
        ${opened ? t.redirectReopen : t.redirectButton(method)}
      </button>
    </div>`;
}

/**
 * The step's chunk (step-chunks.ts): once on screen, the element hears the popup's report.
 * Ready once its strings are there (later-strings.ts).
 */
export const chunk: Promise<StepChunk> = withLaterStrings({
  render: renderRedirect,
  status: (s, t) => (s._popupOpened ? t.redirectWaiting : ''),
  attach: listenForReturn,
});
