/**
 * The params of a collection request (`POST /api/v4/service-unified-collections`), with the
 * per-method rules of docs/upstream-api.md, "Per-method rules", resolved against a {@link
 * Catalogue}:
 *
 * - `amount`: a whole number greater than 0, in major units (a decimal is refused);
 * - `country_id`: an active collection country; `currency`: that country's currency;
 * - `payment_method_type`: a value (or alias) enabled for that country;
 * - phone kinds (`phone_prompt`, `operator_prompt`, `otp_operator`, `redirect_wallet`):
 *   `mobile` in international form, dial code first, of the country's length;
 * - redirect kinds (`redirect_wallet`, `bank_eft`, `bank_id`): `successful_url`, `failure_url`;
 * - `bank_eft`: `name`, `bank_code`; `bank_id`: a valid South African `id_number`, `name`;
 * - `virtual_account`: `account_name` and an NGN `bank_code` (17001–17003);
 * - always: an absolute `callback_url`, a `third_party_reference_1` of 1–64 characters.
 *
 * Extra keys are kept (upstream shapes are tolerant).
 * @module
 */
import * as z from 'zod/mini';
import type { Catalogue } from '../catalogue';
import { type Country, NGN_BANKS } from '../countries';
import { type MethodKind, PHONE_KINDS, REDIRECT_KINDS } from '../method-kinds';
import { isValidPhone, phoneRuleText } from '../phone';
import { MAX_REFERENCE_LENGTH } from '../references';
import { validate, type ValidationResult } from '../validation';
import { ZA_ID_PROBLEM_TEXT, zaIdProblem } from '../za-id';
import { perCatalogue, unknownCountryIssue } from './catalogue-rules';
import { signedEnvelopeSchema } from './envelope';
import { currencyCode, httpUrl, positiveInteger, text, wholeUnitAmount } from './fields';
import { objectRules, type RuleIssue } from './object-rules';

/** The field types of collection params, before the catalogue's rules. */
export const collectionParamsBaseSchema = z.looseObject({
  amount: wholeUnitAmount(),
  mobile: z.optional(text(32)),
  country_id: positiveInteger(),
  currency: currencyCode(),
  payment_method_type: text(64),
  callback_url: httpUrl(),
  third_party_reference_1: text(MAX_REFERENCE_LENGTH),
  third_party_reference_2: z.optional(text(MAX_REFERENCE_LENGTH)),
  sub_merchant_id: z.optional(z.uuid()),
  first_name: z.optional(text(100)),
  last_name: z.optional(text(100)),
  name: z.optional(text(200)),
  account_name: z.optional(text(200)),
  bank_code: z.optional(text(32)),
  successful_url: z.optional(httpUrl()),
  failure_url: z.optional(httpUrl()),
  id_number: z.optional(text(32)),
});

/** Collection request params. */
export type CollectionParams = z.output<typeof collectionParamsBaseSchema>;

/** Fields each method kind needs besides the common ones. */
const REQUIRED_BY_KIND: Readonly<Record<MethodKind, readonly string[]>> = {
  phone_prompt: ['mobile'],
  operator_prompt: ['mobile'],
  otp_operator: ['mobile'],
  redirect_wallet: ['mobile', 'successful_url', 'failure_url'],
  bank_eft: ['name', 'bank_code', 'successful_url', 'failure_url'],
  bank_id: ['id_number', 'name', 'successful_url', 'failure_url'],
  virtual_account: ['account_name', 'bank_code'],
};

/** The values (and aliases) a payer may use in `country`, as a readable list. */
function methodList(catalogue: Catalogue, country: Country): string {
  return catalogue
    .enabledMethods(country.id)
    .flatMap((m) => [m.value ?? '', ...(m.aliases ?? [])])
    .map((value) => `"${value}"`)
    .join(', ');
}

/**
 * The catalogue's rules over params whose field types may still be wrong: a field with the
 * wrong type was already reported by the base schema and is skipped here.
 */
function catalogueIssues(params: Record<string, unknown>, catalogue: Catalogue): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const countryId = params.country_id;
  if (typeof countryId !== 'number' || !Number.isSafeInteger(countryId) || countryId <= 0) {
    return issues;
  }
  const country = catalogue.country(countryId);
  if (!country) {
    issues.push(unknownCountryIssue(countryId));
    return issues;
  }
  const where = `country_id ${country.id} (${country.name})`;
  if (typeof params.currency === 'string' && params.currency !== country.currency) {
    issues.push({ path: ['currency'], message: `must be ${country.currency} for ${where}` });
  }
  const value = params.payment_method_type;
  if (typeof value !== 'string') return issues;
  const method = catalogue.method(country.id, value);
  if (!method) {
    const list = methodList(catalogue, country);
    issues.push({
      path: ['payment_method_type'],
      message: list
        ? `must be a method enabled for ${where}: one of ${list}`
        : `cannot be accepted: ${where} has no enabled payment method`,
    });
    return issues;
  }

  const needs = `when payment_method_type is "${value}"`;
  for (const field of REQUIRED_BY_KIND[method.kind]) {
    if (params[field] === undefined)
      issues.push({ path: [field], message: `is required ${needs}` });
  }
  const { mobile, id_number: idNumber, bank_code: bankCode } = params;
  if (PHONE_KINDS.includes(method.kind) && typeof mobile === 'string') {
    if (!isValidPhone(mobile, country)) {
      issues.push({ path: ['mobile'], message: phoneRuleText(country) });
    }
  }
  if (method.kind === 'bank_id' && typeof idNumber === 'string') {
    const problem = zaIdProblem(idNumber);
    if (problem) issues.push({ path: ['id_number'], message: ZA_ID_PROBLEM_TEXT[problem] });
  }
  if (method.kind === 'virtual_account' && typeof bankCode === 'string') {
    if (!NGN_BANKS.some((bank) => bank.code === bankCode)) {
      const codes = NGN_BANKS.map((bank) => bank.code).join(', ');
      issues.push({ path: ['bank_code'], message: `must be one of the NGN bank codes ${codes}` });
    }
  }
  return issues;
}

const schemas = perCatalogue((catalogue) =>
  collectionParamsBaseSchema.check(objectRules((params) => catalogueIssues(params, catalogue))),
);

/**
 * The collection params schema for a catalogue (built once per catalogue).
 *
 * @example
 * const requestSchema = signedEnvelopeSchema(collectionParamsSchema(catalogue));
 */
export function collectionParamsSchema(catalogue: Catalogue): ReturnType<typeof schemas> {
  return schemas(catalogue);
}

/**
 * A whole collection request: the signed envelope with params checked against the catalogue
 * (issue paths start with `params.`). The signature itself is checked by `verify()`.
 *
 * @example
 * const request = validate(collectionRequestSchema(catalogue), await c.req.json());
 */
export function collectionRequestSchema(catalogue: Catalogue) {
  return signedEnvelopeSchema(collectionParamsSchema(catalogue));
}

/**
 * Checks collection params against the field types and the catalogue's per-method rules.
 * Issue paths are relative to params (`mobile`); pass `prefix: 'params'` for envelope paths.
 *
 * @example
 * const result = validateCollectionParams(params, catalogue);
 * if (!result.ok) return c.json(validationErrorBody(result.issues), 400);
 */
export function validateCollectionParams(
  params: unknown,
  catalogue: Catalogue,
  prefix?: string,
): ValidationResult<CollectionParams> {
  return validate(collectionParamsSchema(catalogue), params, prefix ? { prefix } : {});
}
