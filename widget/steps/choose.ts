/**
 * Step "choose": country (when several) and payment method, each with its brand's badge.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { prefill } from '../form-model';
import { renderBadge } from './brand-badge';
import type { StepHost } from './host';

/** The choice's submit: on to the chosen method's form. */
function proceed(h: StepHost, event: SubmitEvent): void {
  event.preventDefault();
  const country = h._country();
  if (!h._view || !country || !h._method()) return;
  h._values = { ...prefill(h._view, country), ...h._values };
  h._choosing = false;
  h._problems = {};
  h._formError = '';
}

/**
 * Renders the country select and the method radio group (native radios: arrow keys move).
 *
 * @example
 * renderChoose(this);
 */
export function renderChoose(h: StepHost): TemplateResult | typeof nothing {
  const t = h._t;
  const countries = h._view?.countries ?? [];
  const chosen = h._country();
  if (!chosen) return nothing;
  return html`<form part="form" novalidate @submit=${(e: SubmitEvent) => proceed(h, e)}>
    <h2 part="heading" tabindex="-1">${t.chooseHeading}</h2>
    ${
      countries.length > 1
        ? html`<div part="field">
            <label for="country">${t.country}</label>
            <select
              id="country"
              part="select"
              @change=${(e: Event) => h._pickCountry(Number((e.target as HTMLSelectElement).value))}
            >
              ${countries.map(
                (c) => html`<option value=${c.id} ?selected=${c === chosen}>${c.name}</option>`,
              )}
            </select>
          </div>`
        : nothing
    }
    <fieldset part="methods">
      <legend>${t.method}</legend>
      ${chosen.methods.map(
        (m) =>
          html`<label part="option">
            <input
              type="radio"
              name="method"
              .value=${m.value}
              .checked=${m.value === h._methodValue}
              @change=${() => (h._methodValue = m.value)}
            />
            ${renderBadge(h, m.badge)}
            <span><strong>${m.label}</strong><span class="muted">${t.kindHint[m.kind]}</span></span>
          </label>`,
      )}
    </fieldset>
    <button part="button primary" type="submit">${t.continue}</button>
  </form>`;
}
