/**
 * Step "form": the fields of the chosen method (phone with dial code and length rule, names,
 * bank, South African ID), each with its label, hint and error tied by aria-describedby.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { MethodKind } from '../../shared/method-kinds';
import { formatPhone, isValidPhone, normalizePhone } from '../../shared/phone';
import type { CountryOption } from '../../shared/view';
import {
  FIELD_MAX,
  fieldsFor,
  phoneRule,
  savedPhone,
  usesSavedPhone,
  type FieldName,
  type FieldProblem,
} from '../form-model';
import { submitCode } from '../actions/submit-code';
import type { Translation } from '../localize';
import { hasChoice } from '../step';
import { renderBadge } from './brand-badge';
import type { StepState } from './state';

/**
 * The translated message of a field problem.
 *
 * @example
 * problemText(t, 'phoneInvalid', kenya); // 'Enter 9 digits after the country code.'
 */
export function problemText(t: Translation, problem: FieldProblem, country: CountryOption): string {
  return problem === 'phoneInvalid' ? t.phoneInvalid(country.national_number_length) : t[problem];
}

const AUTOCOMPLETE: Readonly<Record<FieldName, string>> = {
  mobile: 'tel-national',
  first_name: 'given-name',
  last_name: 'family-name',
  name: 'name',
  account_name: 'name',
  bank_code: 'off',
  id_number: 'off',
};

/**
 * The phone hint: once what the payer typed (spaces, dashes, a leading 0, `+` and the dial code
 * all accepted) is a valid number, the number it will use, as people read it; until then the
 * country's rule.
 *
 * @example
 * phoneHint(t, kenya, '0712-345 678', 'phone_prompt'); // 'We’ll send the prompt to +254 712 345 678.'
 */
export function phoneHint(
  t: Translation,
  country: CountryOption,
  typed: string,
  kind: MethodKind,
): string {
  const rule = phoneRule(country);
  const mobile = normalizePhone(typed.trim(), rule);
  return isValidPhone(mobile, rule)
    ? t.phoneUse(formatPhone(mobile, rule), kind)
    : t.phoneHint(country.dial_code, country.national_number_length);
}

/** Label and hint of a field; the bank is a list when the view has banks, else a code. */
function texts(
  s: StepState,
  t: Translation,
  field: FieldName,
  country: CountryOption,
  banks: boolean,
) {
  const table: Record<FieldName, [string, string]> = {
    mobile: [
      t.phone,
      usesSavedPhone(s._view, country, s._values)
        ? t.phoneUse(savedPhone(s._view, country)!, s._method()!.kind)
        : phoneHint(t, country, s._values.mobile ?? '', s._method()!.kind),
    ],
    first_name: [t.firstName, ''],
    last_name: [t.lastName, ''],
    name: [t.fullName, ''],
    account_name: [t.accountName, t.accountNameHint],
    bank_code: banks ? [t.bank, ''] : [t.bankCode, t.bankCodeHint],
    id_number: [t.idNumber, t.idNumberHint],
  };
  return table[field];
}

/** The payer typed into `field`: its problem goes. */
function typeInto(s: StepState, field: FieldName, value: string): void {
  s._edit({ [field]: value }, field);
  // Ready by the time the payer submits; with the number first, it predicts the operator.
  void submitCode()
    .then((m) => s._act(m.predictOperator))
    .catch(() => undefined);
}

function control(
  s: StepState,
  t: Translation,
  field: FieldName,
  describedBy: string,
): TemplateResult {
  const invalid = s._problems[field] ? 'true' : 'false';
  const value = s._values[field] ?? '';
  const banks = s._view?.banks ?? [];
  const onInput = (e: Event) =>
    typeInto(s, field, (e.target as HTMLInputElement | HTMLSelectElement).value);
  if (field === 'bank_code' && banks.length > 0) {
    return html`<select
      id=${field}
      part="select"
      required
      aria-invalid=${invalid}
      aria-describedby=${describedBy}
      @change=${onInput}
    >
      <option value="" ?selected=${!value}>${t.chooseBank}</option>
      ${banks.map((b) => html`<option value=${b.code} ?selected=${b.code === value}>${b.label}</option>`)}
    </select>`;
  }
  const input = html`<input
    id=${field}
    part="input"
    type=${field === 'mobile' ? 'tel' : 'text'}
    inputmode=${field === 'mobile' ? 'tel' : field === 'id_number' || field === 'bank_code' ? 'numeric' : 'text'}
    autocomplete=${AUTOCOMPLETE[field]}
    maxlength=${FIELD_MAX[field]}
    required
    aria-invalid=${invalid}
    aria-describedby=${describedBy}
    .value=${value}
    @input=${onInput}
  />`;
  return field === 'mobile'
    ? html`<div class="phone">
        <span aria-hidden="true">+${s._country()?.dial_code}</span>${input}
      </div>`
    : input;
}

/**
 * The shop's prefilled phone, masked, for the payer to confirm (checked: the proxy uses the
 * number it holds) or to replace (unchecked: the phone field appears).
 */
function savedPhoneChoice(
  s: StepState,
  t: Translation,
  saved: string,
  describedBy: string,
): TemplateResult {
  const onChange = (e: Event) =>
    s._edit({ otherMobile: !(e.target as HTMLInputElement).checked }, 'mobile');
  return html`<label part="option">
    <input
      id="mobile-saved"
      type="checkbox"
      .checked=${!s._values.otherMobile}
      aria-describedby=${describedBy}
      @change=${onChange}
    />
    <span>${t.phoneSaved(saved)}</span>
  </label>`;
}

/**
 * Renders one field with its label, hint and error (the number-first choice renders `mobile`).
 *
 * @example
 * renderField(state, t, 'mobile');
 */
export function renderField(s: StepState, t: Translation, field: FieldName): TemplateResult {
  const view = s._view!;
  const country = s._country()!;
  const [label, hint] = texts(s, t, field, country, view.banks.length > 0);
  const problem = s._problems[field];
  const describedBy = hint ? `${field}-hint ${field}-error` : `${field}-error`;
  const saved = field === 'mobile' ? savedPhone(view, country) : null;
  const typing = !saved || s._values.otherMobile;
  return html`<div part="field">
    ${saved ? savedPhoneChoice(s, t, saved, describedBy) : nothing}
    ${typing ? html`<label for=${field}>${label}</label>${control(s, t, field, describedBy)}` : nothing}
    ${hint ? html`<span id="${field}-hint" part="hint">${hint}</span>` : nothing}
    <span id="${field}-error" part="error">${problem ? problemText(t, problem, country) : ''}</span>
  </div>`;
}

/**
 * Renders the method's form.
 *
 * @example
 * renderForm(state, t);
 */
export function renderForm(s: StepState, t: Translation): TemplateResult | typeof nothing {
  const view = s._view;
  const country = s._country();
  const method = s._method();
  if (!view || !country || !method) return nothing;
  return html`<form part="form" novalidate @submit=${(e: SubmitEvent) => s._host._submitForm(e)}>
    <h2 part="heading" tabindex="-1">
      ${renderBadge(s, method.badge)}${t.formHeading(method.label)}
    </h2>
    ${fieldsFor(method.kind).map((field) => renderField(s, t, field))}
    ${s._formError ? html`<p role="alert" part="error">${s._formError}</p>` : nothing}
    <button part="button primary" type="submit" ?disabled=${s._busy}>
      ${s._busy ? t.sending : t.payAmount(s._amount())}
    </button>
    ${
      hasChoice(view)
        ? html`<button part="button" type="button" @click=${() => s._back()}>${t.back}</button>`
        : nothing
    }
  </form>`;
}
