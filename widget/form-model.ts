/**
 * The form of each method kind: which fields it shows, their limits and what is filled in
 * from the session. How it is checked and sent is in actions/form-check.ts, loaded when the
 * payer first types.
 * @module
 */
import { PAYER_FIELD_MAX } from '../shared/attempt-field-limits';
import type { MethodKind } from '../shared/method-kinds';
import type { PhoneRule } from '../shared/phone';
import type { CheckoutView, CountryOption, MethodOption } from '../shared/view';

/** A field of the payment form; the name is the attempt request's key. */
export type FieldName =
  'mobile' | 'first_name' | 'last_name' | 'name' | 'account_name' | 'bank_code' | 'id_number';

/** Why a field was refused (a translation key). */
export type FieldProblem =
  'required' | 'invalid' | 'phoneInvalid' | 'idLength' | 'idInvalid' | 'bankRequired';

/** What the payer typed, by field; `otherMobile` when they chose to type a number other than
 * the shop's prefilled one; `predicted`: the method predicted from the typed number (phone
 * first; null once the payer asked to change it). */
export type FieldValues = Partial<Record<FieldName, string>> & {
  otherMobile?: boolean;
  predicted?: string | null;
};

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
 * Initial values from the merchant's prefill (`view.customer`): the first name. (The phone is
 * never sent whole to the browser: see {@link savedPhone}.)
 *
 * @example
 * prefill(view, kenya); // { first_name: 'Amina' }
 */
export function prefill(view: CheckoutView, _country: CountryOption): FieldValues {
  const values: FieldValues = {};
  if (view.customer?.first_name) values.first_name = view.customer.first_name;
  if (view.banks.length === 1 && view.banks[0]) values.bank_code = view.banks[0].code;
  return values;
}

/**
 * The shop's prefilled phone for `country`, masked as the payer reads it (`+232 *****456`), or
 * null when there is none of that country. The payer confirms it, or types another.
 *
 * @example
 * savedPhone(view, sierraLeone); // '+232 *****456'
 */
export function savedPhone(view: CheckoutView | null, country: CountryOption): string | null {
  const masked = view?.customer?.mobile_masked ?? '';
  const dial = country.dial_code;
  if (!masked.startsWith(dial) || masked.length !== dial.length + country.national_number_length) {
    return null;
  }
  return `+${dial} ${masked.slice(dial.length)}`;
}

/**
 * Whether the attempt uses the shop's prefilled phone: there is one for `country` and the
 * payer did not choose to type another.
 *
 * @example
 * usesSavedPhone(view, sierraLeone, {}); // true
 */
export function usesSavedPhone(
  view: CheckoutView | null,
  country: CountryOption,
  values: FieldValues,
): boolean {
  return !values.otherMobile && savedPhone(view, country) !== null;
}

/**
 * Whether `method` takes `amount` (its `min` and `max`, when the view has them).
 *
 * @example
 * takes({ ...mpesa, max: 150000 }, 200000); // false
 */
export function takes(method: MethodOption, amount: number): boolean {
  return amount >= (method.min ?? 0) && amount <= (method.max ?? Infinity);
}

/**
 * Whether the choice asks for the number first: the proxy predicts the country's operators
 * from a number's prefix (`predicts`) and there are several methods. (With a number prefilled
 * by the shop the payer confirms it there and chooses: it never reaches the browser whole.)
 *
 * @example
 * phoneFirst(rwanda); // true (MTN MoMo, Airtel Money)
 */
export function phoneFirst(country: CountryOption): boolean {
  return !!country.predicts && country.methods.length > 1;
}
