/**
 * Live step "redirect": continue to the wallet's or bank's authorization page (a popup; the
 * element falls back to a full-page redirect when the popup is blocked).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { listenForReturn } from '../controllers/redirect-window';
import { openPopup } from '../popup';
import '../translations/steps/redirect';
import type { StepHost } from './host';
import { renderWaiting } from './progress';
import type { StepChunk } from '../step-chunks';

/** Opens the authorization page in a popup, or navigates the page when it is blocked. */
function openRedirect(h: StepHost): void {
  const next = h._next();
  // Defence in depth (the proxy refuses the rest): https, or the proxy's own origin (the
  // sandbox's pages in development); never javascript:, data: or another scheme.
  const url = next?.type == 'redirect' ? next.url : '';
  if (!url.startsWith('https:') && !url.startsWith(new URL(h.endpointUrl).origin + '/')) return;
  if (openPopup(url, `unified-checkout-${h._view?.id}`)) h._popupOpened = true;
  else h._navigate(url);
}

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
  listenForReturn(h);
  return html`<h2 part="heading" tabindex="-1">${t.redirectHeading(method)}</h2>
    <p>${t.redirectBody}</p>
    ${opened ? renderWaiting(t.redirectWaiting) : nothing}
    <div class="actions">
      <button part="button primary" type="button" @click=${() => openRedirect(h)}>
        ${opened ? t.redirectReopen : t.redirectButton(method)}
      </button>
    </div>`;
}

/** The step's chunk (step-chunks.ts). */
export const chunk: StepChunk = {
  render: renderRedirect,
  status: (h) => (h._popupOpened ? h._t.redirectWaiting : ''),
};
