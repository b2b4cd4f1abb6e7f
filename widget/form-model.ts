/**
 * The form of each method kind (shared/payer-form.ts) and what is filled in from the session.
 * How it is checked and sent is in actions/form-check.ts, loaded when the
 * payer first types.
 * @module
 */
import type { FieldValues } from '../shared/payer-form';
import type { CheckoutView, CountryOption } from '../shared/view';

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
 * The form's check and submit (actions/submit-attempt.ts): a chunk, fetched once, when the
 * payer first types or else on submit.
 */
export const submitCode = () => import('./actions/submit-attempt');

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
