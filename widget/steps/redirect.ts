/**
 * Live step "redirect": continue to the wallet's or bank's authorization page (a popup; the
 * element falls back to a full-page redirect when the popup is blocked).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { StepHost } from './host';
import { renderWaiting } from './progress';

/**
 * Renders the continue-to-redirect step.
 *
 * @example
 * renderRedirect(this);
 */
export function renderRedirect(h: StepHost): TemplateResult {
  const t = h._t;
  const method = h._method()?.label ?? '';
  const opened = h._popupOpened;
  return html`<h2 part="heading" tabindex="-1">${t.redirectHeading(method)}</h2>
    <p>${t.redirectBody}</p>
    ${opened ? renderWaiting(t.redirectWaiting) : nothing}
    <div class="actions">
      <button part="button primary" type="button" @click=${() => h._openRedirect()}>
        ${opened ? t.redirectReopen : t.redirectButton(method)}
      </button>
    </div>`;
}
