/**
 * Live step "redirect": continue to the wallet's or bank's authorization page (a popup; the
 * element falls back to a full-page redirect when the popup is blocked).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Translation } from '../localize';
import { renderWaiting } from './progress';

/** What the redirect step needs. */
export interface RedirectProps {
  t: Translation;
  /** The method's label, e.g. `Wave`. */
  method: string;
  /** True once the popup was opened. */
  opened: boolean;
  onOpen: () => void;
}

/**
 * Renders the continue-to-redirect step.
 *
 * @example
 * renderRedirect({ t, method: 'Wave', opened: false, onOpen });
 */
export function renderRedirect({ t, method, opened, onOpen }: RedirectProps): TemplateResult {
  return html`<h2 part="heading" tabindex="-1">${t.redirectHeading(method)}</h2>
    <p>${t.redirectBody}</p>
    ${opened ? renderWaiting(t.redirectWaiting) : nothing}
    <div class="actions">
      <button part="button primary" type="button" @click=${onOpen}>
        ${opened ? t.redirectReopen : t.redirectButton(method)}
      </button>
    </div>`;
}
