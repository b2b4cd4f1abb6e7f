/**
 * The payment form, checked in the browser (the proxy checks again) and turned into the attempt
 * request; and the proxy's refusals mapped back onto the fields. Loaded with the submit, when
 * the payer first types (the first screen does not need it).
 * @module
 */
// One set of rules with the hosted page's no-JS forms (shared/payer-form.ts).
export {
  attemptRequest,
  checkField,
  checkForm,
  fieldOfIssue,
  refusedProblem,
} from '../../shared/payer-form-check';
