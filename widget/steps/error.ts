/**
 * Step "error": the view (or a step's chunk) could not be loaded; a way to try again. In the
 * entry, not in a chunk: it is what a failed chunk load shows.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import type { Translation } from '../localize';
import type { StepState } from './state';

/**
 * Renders the error step (the view could not be loaded), with a way to try again.
 *
 * @example
 * renderError(state, t);
 */
export function renderError(s: StepState, t: Translation): TemplateResult {
  const code = s._loadError?.code ?? 'NETWORK';
  return html`<h2 part="heading" tabindex="-1">${t.errorHeading}</h2>
    <p role="alert">${t.errors[code] ?? t.errors.generic}</p>
    <div class="actions">
      <button part="button primary" type="button" @click=${() => s._host._load()}>
        ${t.reload}
      </button>
    </div>`;
}
