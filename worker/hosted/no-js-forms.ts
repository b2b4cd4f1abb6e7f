/**
 * The no-JS steps with a form: the choice of method (`POST /pay/:id/choose`), the payment form
 * (`/attempt`: the method's fields from shared/payer-form.ts, each labelled, its hint and its
 * problem tied by `aria-describedby`) and the code (`/otp`).
 * @module
 */
import { html } from 'hono/html';
import { formatAmount } from '../../shared/amount-format';
import { hasChoice } from '../../shared/checkout-step';
import { fieldsFor, savedPhone, type FieldName, type FieldProblem } from '../../shared/payer-form';
import type { CountryOption } from '../../shared/view';
import type { Translation } from '../../shared/strings/types';
import { otpNote } from '../../shared/otp-note';
import { formAlert, heading, tokenField } from './no-js-parts';
import { choiceValue, type Chosen, type Markup, type NoJsStep } from './no-js-state';

/** The `choose` step. */
export function choose(s: NoJsStep): Markup {
  const { t, view } = s;
  const picked = s.chosen ? choiceValue(s.chosen) : '';
  const many = view.countries.length > 1;
  const invalid = s.refused !== undefined;
  return html`${heading(t.chooseHeading)} ${formAlert(s)}
    <form method="post" action="${s.href('/choose')}">
      ${tokenField(s)}
      ${view.countries.map(
        (country) =>
          html`<fieldset ${invalid ? html`aria-describedby="uc-form-error"` : ''}>
            <legend>${many ? country.name : t.method}</legend>
            ${country.methods.map((method) => {
              const value = choiceValue({ country, method });
              const id = `method-${country.id}-${method.value.replace(/[^\w-]/g, '_')}`;
              return html`<div class="option">
                <input
                  type="radio"
                  id="${id}"
                  name="method"
                  value="${value}"
                  required
                  ${value === picked ? html`checked` : ''}
                />
                <label for="${id}"
                  >${method.label} <span class="hint">${t.kindHint[method.kind]}</span></label
                >
              </div>`;
            })}
          </fieldset>`,
      )}
      <button type="submit">${t.continue}</button>
    </form>`;
}

const PROBLEM_TEXT = (t: Translation, problem: FieldProblem, country: CountryOption): string =>
  problem === 'phoneInvalid' ? t.phoneInvalid(country.national_number_length) : t[problem];

function field(
  s: NoJsStep,
  chosen: Chosen,
  name: FieldName,
  label: string,
  hint: string,
  input: (describedBy: string, invalid: boolean) => Markup,
): Markup {
  const problem = s.refused?.problems?.[name];
  const ids = [hint ? `${name}-hint` : '', problem ? `${name}-error` : ''].filter(Boolean);
  return html`<div class="field">
    <label for="${name}">${label}</label>
    ${hint ? html`<p id="${name}-hint" class="hint">${hint}</p>` : ''}
    ${input(ids.join(' '), problem !== undefined)}
    ${
      problem
        ? html`<p id="${name}-error" class="problem">
            ${PROBLEM_TEXT(s.t, problem, chosen.country)}
          </p>`
        : ''
    }
  </div>`;
}

function describe(describedBy: string, invalid: boolean): Markup {
  return html`${describedBy ? html`aria-describedby="${describedBy}"` : ''}
  ${invalid ? html`aria-invalid="true"` : ''}`;
}

function textInput(
  s: NoJsStep,
  name: FieldName,
  extra: Markup | '' = '',
): (describedBy: string, invalid: boolean) => Markup {
  const value =
    s.refused?.values?.[name] ?? (name === 'first_name' ? s.view.customer?.first_name : '') ?? '';
  return (describedBy, invalid) =>
    html`<input
      id="${name}"
      name="${name}"
      value="${value}"
      maxlength="64"
      ${extra}
      ${describe(describedBy, invalid)}
    />`;
}

function fieldMarkup(s: NoJsStep, chosen: Chosen, name: FieldName): Markup {
  const { t, view } = s;
  const { country } = chosen;
  switch (name) {
    case 'mobile': {
      const saved = savedPhone(view, country);
      const phone = field(
        s,
        chosen,
        'mobile',
        t.phone,
        t.phoneHint(country.dial_code, country.national_number_length),
        textInput(s, 'mobile', html`type="tel" inputmode="tel" autocomplete="tel"`),
      );
      if (!saved) return phone;
      // The shop's number, masked: ticked, it is used and the field may stay empty.
      const useSaved = !s.refused?.values?.otherMobile;
      return html`<div class="option">
          <input
            type="checkbox"
            id="use_saved"
            name="use_saved"
            value="1"
            ${useSaved ? html`checked` : ''}
          />
          <label for="use_saved">${t.phoneSaved(saved)}</label>
        </div>
        ${phone}`;
    }
    case 'bank_code':
      if (view.banks.length > 0) {
        const picked =
          s.refused?.values?.bank_code ?? (view.banks.length === 1 ? view.banks[0]?.code : '');
        return field(
          s,
          chosen,
          'bank_code',
          t.bank,
          '',
          (describedBy, invalid) =>
            html`<select id="bank_code" name="bank_code" ${describe(describedBy, invalid)}>
              <option value="">${t.chooseBank}</option>
              ${view.banks.map(
                (bank) =>
                  html`<option value="${bank.code}" ${bank.code === picked ? html`selected` : ''}>
                    ${bank.label}
                  </option>`,
              )}
            </select>`,
        );
      }
      return field(s, chosen, 'bank_code', t.bankCode, t.bankCodeHint, textInput(s, 'bank_code'));
    case 'first_name':
      return field(
        s,
        chosen,
        name,
        t.firstName,
        '',
        textInput(s, name, html`autocomplete="given-name"`),
      );
    case 'last_name':
      return field(
        s,
        chosen,
        name,
        t.lastName,
        '',
        textInput(s, name, html`autocomplete="family-name"`),
      );
    case 'name':
      return field(s, chosen, name, t.fullName, '', textInput(s, name, html`autocomplete="name"`));
    case 'account_name':
      return field(s, chosen, name, t.accountName, t.accountNameHint, textInput(s, name));
    case 'id_number':
      return field(
        s,
        chosen,
        name,
        t.idNumber,
        t.idNumberHint,
        textInput(s, name, html`inputmode="numeric"`),
      );
  }
}

/** The `form` step. */
export function form(s: NoJsStep, chosen: Chosen): Markup {
  const { t, view } = s;
  const amount = formatAmount(view.amount, view.currency, s.tag);
  return html`${heading(t.formHeading(chosen.method.label))} ${formAlert(s)}
    <form method="post" action="${s.href('/attempt')}" novalidate>
      ${tokenField(s)}
      <input type="hidden" name="method" value="${choiceValue(chosen)}" />
      ${fieldsFor(chosen.method.kind).map((name) => fieldMarkup(s, chosen, name))}
      <button type="submit">${t.payAmount(amount)}</button>
    </form>
    ${hasChoice(view) ? html`<p><a href="${s.href('')}">${t.back}</a></p>` : ''}`;
}

/** The `otp` step. */
export function otp(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  const tries = next?.type === 'enter_otp' ? next.tries_left : null;
  const problem = s.refused?.otp;
  const note = otpNote(t, view);
  const ids = ['otp-hint', problem ? 'otp-error' : ''].filter(Boolean).join(' ');
  return html`${heading(t.otpHeading)}
    <p id="otp-hint">${t.otpBody}${tries !== null ? ` ${t.triesLeft(tries)}` : ''}</p>
    ${note ? html`<p id="otp-note" role="status">${note}</p>` : ''}
    <form method="post" action="${s.href('/otp')}" novalidate>
      ${tokenField(s)}
      <div class="field">
        <label for="otp">${t.otpLabel}</label>
        <input
          id="otp"
          name="otp"
          inputmode="numeric"
          autocomplete="one-time-code"
          maxlength="12"
          aria-describedby="${ids}"
          ${problem ? html`aria-invalid="true"` : ''}
        />
        ${
          problem
            ? html`<p
                id="otp-error"
                class="problem"
                role="alert"
                data-code="${s.refused?.code ?? ''}"
              >
                ${problem}
              </p>`
            : ''
        }
      </div>
      <button type="submit">${t.otpSubmit}</button>
    </form>`;
}
