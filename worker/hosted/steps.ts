/**
 * The hosted page's steps as plain HTML, for payers whose browser runs no JavaScript (Opera
 * Mini's extreme mode, feature phones, scripts turned off). The step is the widget's own
 * (shared/checkout-step.ts, from the same view), in the widget's words (widget/translations/):
 * the choice and the form are `<form>`s posting to `/pay/:id/choose` and `/pay/:id/attempt`, the
 * code is one posting to `/pay/:id/otp`, and the waiting steps reload themselves
 * (`<meta http-equiv="refresh">` inside `<noscript>`, page.ts). With JavaScript the widget takes
 * the page over and this markup stays hidden (styles.ts, `.uc-nojs`).
 * @module
 */
import { html } from 'hono/html';
import { formatAmount } from '../../shared/amount-format';
import { hasChoice, stepFor, type CheckoutStep } from '../../shared/checkout-step';
import {
  fieldsFor,
  savedPhone,
  type FieldName,
  type FieldProblem,
  type FieldValues,
} from '../../shared/payer-form';
import type { CheckoutView, CountryOption, MethodOption } from '../../shared/view';
import { noticeText } from '../../widget/notice-text';
import type { Translation } from '../../widget/localize';
import { FORM_TOKEN } from './form-guard';

type Markup = ReturnType<typeof html>;

/** A method the payer chose, with its country. */
export interface Chosen {
  country: CountryOption;
  method: MethodOption;
}

/** What the payer's last post left to show: their values and what was wrong with them. */
export interface Refused {
  /** The error code (`VALIDATION_FAILED`, `RATE_LIMITED`, …), in `data-code`. */
  code: string;
  /** The sentence above the form (the widget's, for the same refusal). */
  text: string;
  values?: FieldValues;
  /** Per field, for the attempt form. */
  problems?: Partial<Record<FieldName, FieldProblem>>;
  /** The code field's problem, for the OTP form. */
  otp?: string;
}

/** Where a no-JS payer is: a chosen method, a dismissed attempt, a refused post. */
export interface NoJsPosition {
  chosen: Chosen | null;
  dismissed: string | null;
  refused?: Refused | undefined;
}

/** Everything a no-JS step needs. */
export interface NoJsStep {
  view: CheckoutView;
  t: Translation;
  /** The page's locale tag, for amounts. */
  tag: string;
  /** The payer's form token (form-guard.ts). */
  token: string;
  /** `/pay/:id` with `?locale=` when the page was asked for one; `extra` adds query fields. */
  href: (path: string, extra?: Record<string, string>) => string;
  chosen: Chosen | null;
  /** The failed or lapsed attempt the payer dismissed ("Try again"). */
  dismissed: string | null;
  refused?: Refused | undefined;
  /** The session's `return_url` with `?session=`, or null. */
  returnHref: string | null;
  /** "Return to {brand}". */
  returnText: string;
  /** The waiting steps' reload link ("Update this page"). */
  checkAgainText: string;
}

/** Seconds between reloads of a waiting step. */
export const REFRESH_SECONDS = 4;

/** The steps that reload themselves while the payer acts elsewhere (phone, bank, wallet). */
const WAITING: readonly CheckoutStep[] = [
  'approve',
  'transfer',
  'redirect',
  'wait',
  'confirming',
  'closed_confirming',
  'lapsed',
];

/**
 * The step a no-JS payer is on, and the method their form is for.
 *
 * @example
 * noJsStep(view, null, null); // 'choose' when the session offers several methods
 */
export function noJsStep(
  view: CheckoutView,
  chosen: Chosen | null,
  dismissed: string | null,
): CheckoutStep {
  return stepFor(view, { choosing: chosen === null, dismissed, failedToLoad: false });
}

/**
 * True when the step reloads itself (its page carries the `<noscript>` refresh).
 *
 * @example
 * refreshes('approve'); // true
 */
export function refreshes(step: CheckoutStep): boolean {
  return WAITING.includes(step);
}

/**
 * The method of a `<country id>:<method value>` choice, when the session offers it.
 *
 * @example
 * chosenMethod(view, '1:send money')?.method.label; // 'M-PESA'
 */
export function chosenMethod(view: CheckoutView, choice: string | undefined): Chosen | null {
  const match = /^(\d{1,9}):(.{1,64})$/.exec(choice ?? '');
  if (!match) return null;
  const country = view.countries.find((c) => c.id === Number(match[1]));
  const method = country?.methods.find((m) => m.value === match[2]);
  return country && method ? { country, method } : null;
}

/** The only method of a session that offers one; else null. */
export function onlyMethod(view: CheckoutView): Chosen | null {
  const country = view.countries[0];
  const method = country?.methods[0];
  return !hasChoice(view) && country && method ? { country, method } : null;
}

const choiceValue = (c: Chosen) => `${c.country.id}:${c.method.value}`;

function tokenField(s: NoJsStep): Markup {
  return html`<input type="hidden" name="${FORM_TOKEN}" value="${s.token}" />`;
}

function formAlert(s: NoJsStep): Markup | '' {
  const r = s.refused;
  return r
    ? html`<p id="uc-form-error" class="alert" role="alert" data-code="${r.code}">${r.text}</p>`
    : '';
}

function heading(text: string): Markup {
  return html`<h2 id="uc-step-heading">${text}</h2>`;
}

function returnLink(s: NoJsStep): Markup | '' {
  return s.returnHref
    ? html`<p><a class="button" href="${s.returnHref}">${s.returnText}</a></p>`
    : '';
}

function choose(s: NoJsStep): Markup {
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

function form(s: NoJsStep, chosen: Chosen): Markup {
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

function otp(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  const tries = next?.type === 'enter_otp' ? next.tries_left : null;
  const problem = s.refused?.otp;
  const ids = ['otp-hint', problem ? 'otp-error' : ''].filter(Boolean).join(' ');
  return html`${heading(t.otpHeading)}
    <p id="otp-hint">${t.otpBody}${tries !== null ? ` ${t.triesLeft(tries)}` : ''}</p>
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

/** The waiting steps' reload, for browsers that ignore the refresh. */
function checkAgain(s: NoJsStep): Markup {
  return html`<p><a href="${s.href('')}">${s.checkAgainText}</a></p>`;
}

function approve(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  const mobile = next?.type === 'approve_on_phone' ? next.mobile_masked : '';
  const amount = formatAmount(view.amount, view.currency, s.tag);
  return html`${heading(t.approveHeading)}
    <p>${t.approveSent(amount, `+${mobile}`)}</p>
    <ol>
      ${t.approveSteps.map((line) => html`<li>${line}</li>`)}
    </ol>
    <p role="status">${t.approveWaiting}</p>
    <p class="hint">${t.approveRetryHint}</p>
    ${checkAgain(s)}`;
}

function transfer(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  if (next?.type !== 'bank_transfer') return waiting(s);
  const amount = formatAmount(next.amount, next.currency, s.tag);
  return html`${heading(t.transferHeading)}
    <p>${t.transferBody(amount)}</p>
    <dl>
      <div>
        <dt>${t.bankName}</dt>
        <dd>${next.bank_name}</dd>
      </div>
      <div>
        <dt>${t.accountNumber}</dt>
        <dd>${next.account_number}</dd>
      </div>
      <div>
        <dt>${t.amount}</dt>
        <dd>${amount}</dd>
      </div>
    </dl>
    <p role="status">${t.transferWaiting}</p>
    ${checkAgain(s)}`;
}

function redirect(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  const label =
    view.countries.flatMap((c) => c.methods).find((m) => m.value === view.attempt?.method)?.label ??
    view.attempt?.method ??
    '';
  return html`${heading(t.redirectHeading(label))}
    <p>${t.redirectBody}</p>
    ${
      next?.type === 'redirect'
        ? html`<p><a class="button" href="${next.url}">${t.redirectButton(label)}</a></p>`
        : ''
    }
    <p role="status">${t.redirectWaiting}</p>`;
}

function waiting(s: NoJsStep): Markup {
  return html`${heading(s.t.waitHeading)}
    <p role="status">${s.t.waitBody}</p>
    ${checkAgain(s)}`;
}

/** Failure, lapsed, mismatch, needs_review, closed_confirming: the widget's sentences. */
function notice(s: NoJsStep, step: CheckoutStep): Markup {
  const { t, view } = s;
  const [title = t.errorHeading, ...lines] = noticeText(
    t,
    view,
    step,
    formatAmount(view.amount, view.currency, s.tag),
  );
  const retry = view.can_retry && (step === 'failure' || step === 'lapsed') && view.attempt;
  return html`${heading(title)} ${lines.map((line) => html`<p>${line}</p>`)}
  ${retry ? html`<p><a class="button" href="${s.href('', { retry: view.attempt!.id })}">${t.retry}</a></p>` : ''}
  ${step === 'lapsed' ? '' : returnLink(s)}`;
}

/**
 * The no-JS step's card: `data-step` names it (as the widget's `step` property does).
 *
 * @example
 * html`${noJsCard(step, state)}`;
 */
export function noJsCard(step: CheckoutStep, s: NoJsStep): Markup {
  const chosen = s.chosen ?? onlyMethod(s.view);
  const inner =
    step === 'choose'
      ? choose(s)
      : step === 'form'
        ? chosen
          ? form(s, chosen)
          : choose(s)
        : step === 'otp'
          ? otp(s)
          : step === 'approve'
            ? approve(s)
            : step === 'transfer'
              ? transfer(s)
              : step === 'redirect'
                ? redirect(s)
                : step === 'wait' || step === 'confirming'
                  ? waiting(s)
                  : notice(s, step);
  return html`<section
    id="uc-nojs"
    class="card uc-nojs"
    aria-labelledby="uc-step-heading"
    data-step="${step === 'form' && !chosen ? 'choose' : step}"
  >
    ${inner}
  </section>`;
}
