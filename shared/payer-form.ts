/**
 * The payer's form, one set for the widget and the hosted page without JavaScript
 * (worker/hosted/): which fields each method kind asks for and their limits. How they are checked
 * and sent is in shared/payer-form-check.ts (a lazy chunk of the widget).
 * @module
 */
import { PAYER_FIELD_MAX } from './attempt-field-limits';
import type { MethodKind } from './method-kinds';
import type { PhoneRule } from './phone';
import type { CheckoutView, CountryOption } from './view';

/** The attempt request's fields (the body of `POST /v1/checkout/:id/attempts`). */
export interface AttemptFields {
  country_id: number;
  /** The MethodOption's `value`. */
  method: string;
  /** International form without `+`, e.g. `254712345000`. */
  mobile?: string;
  first_name?: string;
  last_name?: string;
  name?: string;
  account_name?: string;
  bank_code?: string;
  id_number?: string;
  /** The payer confirmed the shop's prefilled phone (shown masked) instead of typing one. */
  use_prefilled_mobile?: true;
}

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
