/**
 * The form of each method kind: which fields it shows, how each is checked in the browser
 * (the proxy checks again), and the attempt request it becomes.
 * @module
 */
import { PAYER_FIELD_MAX } from '../shared/attempt-field-limits';
import type { MethodKind } from '../shared/catalogue';
import { isValidPhone, normalizePhone, type PhoneRule } from '../shared/phone';
import type { CheckoutView, CountryOption, MethodOption } from '../shared/view';
import { zaIdProblem } from '../shared/za-id';
import type { AttemptRequest } from './api';

/** A field of the payment form; the name is the attempt request's key. */
export type FieldName =
  'mobile' | 'first_name' | 'last_name' | 'name' | 'account_name' | 'bank_code' | 'id_number';

/** Why a field was refused (a translation key). */
export type FieldProblem =
  'required' | 'invalid' | 'phoneInvalid' | 'idLength' | 'idInvalid' | 'bankRequired';

/** What the payer typed, by field. */
export type FieldValues = Partial<Record<FieldName, string>>;

const FIELDS: Readonly<Record<MethodKind, readonly FieldName[]>> = {
  phone_prompt: ['mobile'],
  operator_prompt: ['mobile'],
  otp_operator: ['mobile'],
  redirect_wallet: ['mobile'],
  bank_eft: ['name', 'bank_code'],
  bank_id: ['name', 'id_number'],
  virtual_account: ['first_name', 'last_name', 'account_name', 'bank_code'],
};

/**
 * Longest value of each field: the proxy's own limits (shared/attempt-field-limits.ts).
 *
 * @example
 * html`<input maxlength=${FIELD_MAX.name} />`;
 */
export const FIELD_MAX: Readonly<Record<FieldName, number>> = PAYER_FIELD_MAX;

/**
 * The fields a method kind asks for, in display order (all required).
 *
 * @example
 * fieldsFor('bank_id'); // ['name', 'id_number']
 */
export function fieldsFor(kind: MethodKind): readonly FieldName[] {
  return FIELDS[kind];
}

/**
 * A country's phone rule in the shape `shared/phone` expects.
 *
 * @example
 * phoneRule(country).dialCode; // '254'
 */
export function phoneRule(country: CountryOption): PhoneRule {
  return { dialCode: country.dial_code, nationalNumberLength: country.national_number_length };
}

/**
 * The first problem of one field, or `null` when it may be sent. `bankList` tells whether the
 * bank is chosen from a list (then a missing one reads "Choose your bank").
 *
 * @example
 * checkField('id_number', '8001015009087', southAfrica, false); // null
 */
export function checkField(
  field: FieldName,
  value: string | undefined,
  country: CountryOption,
  bankList: boolean,
): FieldProblem | null {
  const text = (value ?? '').trim();
  if (!text) return field === 'bank_code' && bankList ? 'bankRequired' : 'required';
  if (field === 'mobile') {
    const rule = phoneRule(country);
    return isValidPhone(normalizePhone(text, rule), rule) ? null : 'phoneInvalid';
  }
  if (field === 'id_number') {
    const problem = zaIdProblem(text.replace(/\s+/g, ''));
    return problem === null ? null : problem === 'length' ? 'idLength' : 'idInvalid';
  }
  return null;
}

/**
 * Every problem of a method's form, by field (empty when the form may be sent).
 *
 * @example
 * checkForm('phone_prompt', { mobile: '07' }, kenya, false); // { mobile: 'phoneInvalid' }
 */
export function checkForm(
  kind: MethodKind,
  values: FieldValues,
  country: CountryOption,
  bankList: boolean,
): Partial<Record<FieldName, FieldProblem>> {
  const problems: Partial<Record<FieldName, FieldProblem>> = {};
  for (const field of fieldsFor(kind)) {
    const problem = checkField(field, values[field], country, bankList);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * The attempt request for a checked form: trimmed values, the phone in international form.
 *
 * @example
 * attemptRequest(kenya, sendMoney, { mobile: '0712 345 000' });
 * // { country_id: 1, method: 'send money', mobile: '254712345000' }
 */
export function attemptRequest(
  country: CountryOption,
  method: MethodOption,
  values: FieldValues,
): AttemptRequest {
  const request: AttemptRequest = { country_id: country.id, method: method.value };
  for (const field of fieldsFor(method.kind)) {
    const text = (values[field] ?? '').trim();
    request[field] =
      field === 'mobile'
        ? normalizePhone(text, phoneRule(country))
        : field === 'id_number'
          ? text.replace(/\s+/g, '')
          : text;
  }
  return request;
}

/**
 * Initial values from the merchant's prefill (`view.customer`); a prefilled phone of this
 * country shows without its dial code.
 *
 * @example
 * prefill(view, kenya); // { mobile: '712345000', first_name: 'Amina', … }
 */
export function prefill(view: CheckoutView, country: CountryOption): FieldValues {
  const customer = view.customer ?? {};
  const values: FieldValues = {};
  if (customer.first_name) values.first_name = customer.first_name;
  if (customer.last_name) values.last_name = customer.last_name;
  const full = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  if (full) values.name = values.account_name = full;
  if (customer.mobile) {
    const rule = phoneRule(country);
    const mobile = normalizePhone(customer.mobile, rule);
    if (isValidPhone(mobile, rule)) values.mobile = mobile.slice(rule.dialCode.length);
  }
  if (view.banks.length === 1 && view.banks[0]) values.bank_code = view.banks[0].code;
  return values;
}

/**
 * Maps a VALIDATION_FAILED issue path (`mobile`, `body.mobile`, `params.id_number`) to a
 * form field, when it names one.
 *
 * @example
 * fieldOfIssue('params.mobile'); // 'mobile'
 */
export function fieldOfIssue(path: string): FieldName | null {
  const last = path.split('.').pop() ?? '';
  return Object.hasOwn(FIELD_MAX, last) ? (last as FieldName) : null;
}

/**
 * The problem to show for a field the proxy refused (VALIDATION_FAILED).
 *
 * @example
 * refusedProblem('mobile'); // 'phoneInvalid'
 */
export function refusedProblem(field: FieldName): FieldProblem {
  return field === 'mobile' ? 'phoneInvalid' : field === 'id_number' ? 'idInvalid' : 'invalid';
}
