/**
 * Step "form": the fields of the chosen method (phone with dial code and length rule, names,
 * NGN bank, South African ID), each with its label, hint and error tied by aria-describedby.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CheckoutView, CountryOption, MethodOption } from '../../shared/view';
import {
  FIELD_MAX,
  fieldsFor,
  type FieldName,
  type FieldProblem,
  type FieldValues,
} from '../form-model';
import type { Translation } from '../localize';

/** What the form step needs. */
export interface FormProps {
  t: Translation;
  view: CheckoutView;
  country: CountryOption;
  method: MethodOption;
  /** Formatted amount, for the submit button. */
  amount: string;
  values: FieldValues;
  problems: Partial<Record<FieldName, FieldProblem>>;
  /** A message about the whole form (translated), or ''. */
  formError: string;
  busy: boolean;
  canGoBack: boolean;
  onInput: (field: FieldName, value: string) => void;
  onSubmit: (event: SubmitEvent) => void;
  onBack: () => void;
}

/**
 * The translated message of a field problem.
 *
 * @example
 * problemText(t, 'phoneInvalid', kenya); // 'Enter a valid number: 9 digits after the country code.'
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

function label(p: FormProps, field: FieldName): string {
  const { t } = p;
  const labels: Record<FieldName, string> = {
    mobile: t.phone,
    first_name: t.firstName,
    last_name: t.lastName,
    name: t.fullName,
    account_name: t.accountName,
    bank_code: p.view.banks.length > 0 ? t.bank : t.bankCode,
    id_number: t.idNumber,
  };
  return labels[field];
}

function hint(p: FormProps, field: FieldName): string {
  const { t, country } = p;
  if (field === 'mobile') return t.phoneHint(country.dial_code, country.national_number_length);
  if (field === 'id_number') return t.idNumberHint;
  if (field === 'account_name') return t.accountNameHint;
  if (field === 'bank_code' && p.view.banks.length === 0) return t.bankCodeHint;
  return '';
}

function control(p: FormProps, field: FieldName, describedBy: string): TemplateResult {
  const problem = p.problems[field];
  const value = p.values[field] ?? '';
  const onInput = (e: Event) =>
    p.onInput(field, (e.target as HTMLInputElement | HTMLSelectElement).value);
  if (field === 'bank_code' && p.view.banks.length > 0) {
    return html`<select
      id=${field}
      name=${field}
      part="select"
      required
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${describedBy}
      @change=${onInput}
    >
      <option value="" ?selected=${!value}>${p.t.chooseBank}</option>
      ${p.view.banks.map(
        (b) => html`<option value=${b.code} ?selected=${b.code === value}>${b.label}</option>`,
      )}
    </select>`;
  }
  const input = html`<input
    id=${field}
    name=${field}
    part="input"
    type=${field === 'mobile' ? 'tel' : 'text'}
    inputmode=${field === 'mobile' ? 'tel' : field === 'id_number' || field === 'bank_code' ? 'numeric' : 'text'}
    autocomplete=${AUTOCOMPLETE[field]}
    maxlength=${FIELD_MAX[field]}
    required
    aria-invalid=${problem ? 'true' : 'false'}
    aria-describedby=${describedBy}
    .value=${value}
    @input=${onInput}
  />`;
  return field === 'mobile'
    ? html`<div class="phone"><span aria-hidden="true">+${p.country.dial_code}</span>${input}</div>`
    : input;
}

/**
 * Renders the method's form.
 *
 * @example
 * renderForm({ t, view, country, method, amount, values, problems, formError: '', busy: false, … });
 */
export function renderForm(p: FormProps): TemplateResult {
  const { t } = p;
  return html`<form part="form" novalidate @submit=${p.onSubmit}>
    <h2 part="heading" tabindex="-1">${t.formHeading(p.method.label)}</h2>
    ${fieldsFor(p.method.kind).map((field) => {
      const hintText = hint(p, field);
      const problem = p.problems[field];
      const describedBy = hintText ? `${field}-hint ${field}-error` : `${field}-error`;
      return html`<div part="field">
        <label for=${field}>${label(p, field)}</label>
        ${control(p, field, describedBy)}
        ${hintText ? html`<span id="${field}-hint" part="hint">${hintText}</span>` : nothing}
        <span id="${field}-error" part="error"
          >${problem ? problemText(t, problem, p.country) : ''}</span
        >
      </div>`;
    })}
    ${p.formError ? html`<p role="alert" part="error">${p.formError}</p>` : nothing}
    <button part="button primary" type="submit" ?disabled=${p.busy}>
      ${p.busy ? t.sending : t.payAmount(p.amount)}
    </button>
    ${
      p.canGoBack
        ? html`<button part="button" type="button" @click=${p.onBack}>${t.back}</button>`
        : nothing
    }
  </form>`;
}
