/**
 * The form of each method kind (shared/payer-form.ts) and what is filled in from the session.
 * How it is checked and sent is in actions/form-check.ts, loaded when the
 * payer first types.
 * @module
 */
import type { FieldValues } from '../shared/payer-form';
import type { CheckoutView, CountryOption, MethodOption } from '../shared/view';

// The fields and their rules are shared with the hosted page's no-JS forms.
export {
  FIELD_MAX,
  fieldsFor,
  phoneRule,
  savedPhone,
  usesSavedPhone,
  type FieldName,
  type FieldProblem,
  type FieldValues,
} from '../shared/payer-form';

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
