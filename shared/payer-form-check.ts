/**
 * The payer's form checked before sending, turned into the attempt request
 * (`POST /v1/checkout/:id/attempts`), and the proxy's refusals mapped back onto the fields and
 * into the payer's sentence: one set of rules for the widget (its submit chunk) and the hosted
 * page without JavaScript (worker/hosted/). The proxy checks the request again
 * (shared/schemas/checkout-attempt.ts and the method rules); these are the payer's hints.
 * @module
 */
import type { MethodKind } from './method-kinds';
import { isValidPhone, normalizePhone } from './phone';
import type { CountryOption, MethodOption } from './view';
import { zaIdProblem } from './za-id';
import {
  FIELD_MAX,
  fieldsFor,
  phoneRule,
  type AttemptFields,
  type FieldName,
  type FieldProblem,
  type FieldValues,
} from './payer-form';

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
 * Every problem of a method's form, by field (empty when the form may be sent). With
 * `savedMobile`, the payer confirmed the shop's prefilled phone: there is no number to check.
 *
 * @example
 * checkForm('phone_prompt', { mobile: '07' }, kenya, false); // { mobile: 'phoneInvalid' }
 */
export function checkForm(
  kind: MethodKind,
  values: FieldValues,
  country: CountryOption,
  bankList: boolean,
  savedMobile = false,
): Partial<Record<FieldName, FieldProblem>> {
  const problems: Partial<Record<FieldName, FieldProblem>> = {};
  for (const field of fieldsFor(kind)) {
    if (field === 'mobile' && savedMobile) continue; // the proxy holds it (and checks it)
    const problem = checkField(field, values[field], country, bankList);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * The attempt request for a checked form: trimmed values, the phone in international form (or,
 * with `savedMobile`, `use_prefilled_mobile`: the full number never reaches the browser).
 *
 * @example
 * attemptRequest(kenya, sendMoney, { mobile: '0712 345 000' });
 * // { country_id: 1, method: 'send money', mobile: '254712345000' }
 */
export function attemptRequest(
  country: CountryOption,
  method: MethodOption,
  values: FieldValues,
  savedMobile = false,
): AttemptFields {
  const request: AttemptFields = { country_id: country.id, method: method.value };
  for (const field of fieldsFor(method.kind)) {
    if (field === 'mobile' && savedMobile) {
      request.use_prefilled_mobile = true;
      continue;
    }
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

/** A refusal as the payer's sentence is picked: its code and, for a prompt limit, which one. */
export interface Refusal {
  code: string;
  details?: Record<string, unknown> | undefined;
}

/**
 * The translation key of a refused request's sentence: its error code, or for a prompt limit
 * (`RATE_LIMITED` with `details.limit`) which one (docs/design.md, "Prompt limits").
 *
 * @example
 * refusalKey({ code: 'RATE_LIMITED', details: { limit: 'phone' } }); // 'RATE_LIMITED_PHONE'
 */
export function refusalKey({ code, details }: Refusal): string {
  const limit = code === 'RATE_LIMITED' ? details?.limit : undefined;
  return limit === 'phone'
    ? 'RATE_LIMITED_PHONE'
    : limit === 'session'
      ? 'RATE_LIMITED_SESSION'
      : code;
}
