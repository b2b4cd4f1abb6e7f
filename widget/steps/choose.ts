/**
 * Step "choose": country (when several) and payment method, each with its brand's badge. Where
 * a country has several phone methods the number comes first: the proxy predicts its operator,
 * shown preselected ("MTN MoMo · change"); an unknown prefix leaves the choice. A method that
 * cannot take the amount is greyed out with why; one failing often is marked.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatAmount } from '../../shared/amount-format';
import type { MethodOption } from '../../shared/view';
import { phoneFirst, takes } from '../form-model';
import type { Translation } from '../localize';
import { renderBadge } from './brand-badge';
import { renderField } from './form';
import type { StepState } from './state';

/** What a method's line says under its name: why it is greyed out, that it is slow, or how it
 * is paid. */
function note(s: StepState, t: Translation, m: MethodOption): string {
  const { amount, currency } = s._view!;
  if (!takes(m, amount)) {
    const over = amount > m.max!;
    return `${over ? t.upTo : t.from} ${formatAmount((over ? m.max : m.min)!, currency, s._host._tag)}`;
  }
  return m.status ? `${m.label} ${t.slow}` : t.kindHint[m.kind];
}

/**
 * Renders the country select and the method radio group (native radios: arrow keys move), with
 * the number first where the operator is predicted from it.
 *
 * @example
 * renderChoose(state, t);
 */
export function renderChoose(s: StepState, t: Translation): TemplateResult | typeof nothing {
  const view = s._view;
  const countries = view?.countries ?? [];
  const chosen = s._country();
  if (!view || !chosen) return nothing;
  const first = phoneFirst(chosen);
  // Only set with the number first (actions/predict-operator.ts).
  const predicted = chosen.methods.find((m) => m.value == s._values.predicted);
  return html`<form
    part="form"
    novalidate
    @submit=${(e: SubmitEvent) => {
      e.preventDefault(); // on to the chosen method's form (with the number, if typed)
      s._proceed();
    }}
  >
    <h2 part="heading" tabindex="-1">${t.chooseHeading}</h2>
    ${
      countries.length > 1
        ? html`<div part="field">
            <label for="country">${t.country}</label>
            <select
              id="country"
              part="select"
              @change=${(e: Event) => s._pickCountry(Number((e.target as HTMLSelectElement).value))}
            >
              ${countries.map(
                (c) => html`<option value=${c.id} ?selected=${c === chosen}>${c.name}</option>`,
              )}
            </select>
          </div>`
        : nothing
    }
    ${first ? renderField(s, t, 'mobile') : nothing}
    <fieldset part="methods">
      <legend>${t.method}</legend>
      ${(predicted ? [predicted] : chosen.methods).map(
        (m) =>
          html`<label part="option">
            <input
              type="radio"
              name="method"
              .value=${m.value}
              .checked=${m.value === s._methodValue}
              ?disabled=${!takes(m, view.amount)}
              @change=${() => s._pickMethod(m.value)}
            />
            ${renderBadge(s, m.badge)}
            <span><strong>${m.label}</strong><span class="muted">${note(s, t, m)}</span></span>
          </label>`,
      )}
      ${
        predicted
          ? html`<button part="button" type="button" @click=${() => s._edit({ predicted: null })}>
              ${t.change}
            </button>`
          : nothing
      }
    </fieldset>
    <button part="button primary" type="submit">${t.continue}</button>
  </form>`;
}
