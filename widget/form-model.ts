/**
 * The form of each method kind: which fields it shows, their limits and what is filled in
 * from the session. How it is checked and sent is in actions/form-check.ts, loaded when the
 * payer first types.
 * @module
 */
import { PAYER_FIELD_MAX } from '../shared/attempt-field-limits';
import type { MethodKind } from '../shared/method-kinds';
import { isValidPhone, normalizePhone, type PhoneRule } from '../shared/phone';
import type { CheckoutView, CountryOption } from '../shared/view';

/**
 * The form's check and submit (actions/submit-attempt.ts): a chunk, fetched once, when the
 * payer first types or else on submit.
 */
export const submitCode = () => import('./actions/submit-attempt');

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
