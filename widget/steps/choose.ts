/**
 * Step "choose": country (when several) and payment method.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CountryOption } from '../../shared/view';
import { countryName } from '../format';
import type { Translation } from '../localize';

/** What the choice step needs. */
export interface ChooseProps {
  t: Translation;
  locale: string;
  countries: readonly CountryOption[];
  country: CountryOption;
  method: string | null;
  onCountry: (id: number) => void;
  onMethod: (value: string) => void;
  onContinue: (event: SubmitEvent) => void;
}

/**
 * Renders the country select and the method radio group (native radios: arrow keys move).
 *
 * @example
 * renderChoose({ t, locale, countries, country, method, onCountry, onMethod, onContinue });
 */
export function renderChoose(p: ChooseProps): TemplateResult {
  const { t } = p;
  return html`<form part="form" novalidate @submit=${p.onContinue}>
    <h2 part="heading" tabindex="-1">${t.chooseHeading}</h2>
    ${
      p.countries.length > 1
        ? html`<div part="field">
            <label for="country">${t.country}</label>
            <select
              id="country"
              part="select"
              @change=${(e: Event) => p.onCountry(Number((e.target as HTMLSelectElement).value))}
            >
              ${p.countries.map(
                (c) =>
                  html`<option value=${c.id} ?selected=${c.id === p.country.id}>
                    ${countryName(c.iso2, c.name, p.locale)}
                  </option>`,
              )}
            </select>
          </div>`
        : nothing
    }
    <fieldset part="methods">
      <legend>${t.method}</legend>
      ${p.country.methods.map(
        (m) =>
          html`<label part="option">
            <input
              type="radio"
              name="method"
              .value=${m.value}
              .checked=${m.value === p.method}
              @change=${() => p.onMethod(m.value)}
            />
            <span><strong>${m.label}</strong><span class="muted">${t.kindHint[m.kind]}</span></span>
          </label>`,
      )}
    </fieldset>
    <button part="button primary" type="submit">${t.continue}</button>
  </form>`;
}
