/**
 * The upstream's rules for POST /api/v4/service-unified-collections, per method kind.
 * @module
 */
import * as z from 'zod/mini';
import type { Catalogue } from '../../../shared/catalogue';
import type { Country } from '../../../shared/countries';
import type { MethodKind } from '../../../shared/method-kinds';
import { bankName } from '../banks';
import { FAILURE } from '../messages';
import { httpUrl, optionalText, orNull, positiveInt, text } from './fields';
import { checkParams, refuse, type Checked } from './refusal';

/** A collection request that passed every rule. */
export interface CollectionRequest {
  amount: number;
  currency: string;
  country_id: number;
  payment_method_type: string;
  method_kind: MethodKind;
  mobile: string | null;
  callback_url: string;
  third_party_reference_1: string;
  third_party_reference_2: string | null;
  sub_merchant_id: string | null;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  account_name: string | null;
  bank_code: string | null;
  successful_url: string | null;
  failure_url: string | null;
}

const CollectionParams = z.object({
  amount: positiveInt,
  country_id: z.int(),
  currency: text,
  payment_method_type: text,
  callback_url: httpUrl,
  third_party_reference_1: text,
  third_party_reference_2: optionalText,
  mobile: optionalText,
  sub_merchant_id: optionalText,
  name: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  account_name: optionalText,
  bank_code: optionalText,
  id_number: optionalText,
  successful_url: z.nullish(httpUrl),
  failure_url: z.nullish(httpUrl),
});
type CollectionParams = z.infer<typeof CollectionParams>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a payer phone number does not fit the country, or null when it does. */
function mobileProblem(country: Country, mobile: string | null | undefined): string | null {
  if (!mobile) return 'mobile is required for this method';
  if (!/^\d+$/.test(mobile)) return 'mobile must be digits only (country code first, no plus sign)';
  if (!mobile.startsWith(country.dialCode)) {
    return `mobile must start with the country code ${country.dialCode}`;
  }
  if (mobile.length !== country.dialCode.length + country.nationalNumberLength) {
    return `mobile must have ${country.nationalNumberLength} digits after the country code`;
  }
  return null;
}

/** The names of required params missing for a method kind. */
function missingFor(kind: MethodKind, p: CollectionParams): string[] {
  const required: Record<MethodKind, (keyof CollectionParams)[]> = {
    phone_prompt: [],
    operator_prompt: [],
    otp_operator: [],
    redirect_wallet: ['successful_url', 'failure_url'],
    bank_eft: ['name', 'bank_code', 'successful_url', 'failure_url'],
    bank_id: ['id_number', 'name', 'successful_url', 'failure_url'],
    virtual_account: ['account_name', 'bank_code'],
  };
  return required[kind].filter((key) => !p[key]);
}

/** The rule of one method kind beyond required fields; null when it holds. */
function kindProblem(kind: MethodKind, country: Country, p: CollectionParams): string | null {
  switch (kind) {
    case 'phone_prompt':
    case 'operator_prompt':
    case 'otp_operator':
    case 'redirect_wallet':
      return mobileProblem(country, p.mobile);
    case 'bank_id':
      return /^\d{13}$/.test(p.id_number ?? '') ? null : 'id_number must be 13 digits';
    case 'virtual_account':
      return bankName(p.bank_code ?? '') ? null : 'bank_code must be 17001, 17002 or 17003';
    case 'bank_eft':
      return null;
  }
}

/**
 * Checks collection params against the upstream's rules: whole positive amount, a known
 * country, its currency, a method enabled there, the method's required fields and formats, a
 * known sub-merchant. Duplicate references are checked by the ledger.
 *
 * @example
 * const checked = checkCollection(params, catalogueOf(env), ['7d3c…']);
 * if (!checked.ok) return refusal(c, checked);
 */
export function checkCollection(
  params: unknown,
  catalogue: Catalogue,
  subMerchants: readonly string[],
): Checked<CollectionRequest> {
  const refused = (reason: string) => refuse(400, FAILURE.collectionRefused, reason);
  const parsed = checkParams(CollectionParams, params, FAILURE.collectionRefused);
  if (!parsed.ok) return parsed;
  const p = parsed.value;
  const country = catalogue.country(p.country_id);
  if (!country) return refused(`country_id ${p.country_id} is not a collection country`);
  if (p.currency !== country.currency) {
    return refused(`currency must be ${country.currency} for country_id ${country.id}`);
  }
  const method = catalogue.method(country.id, p.payment_method_type);
  if (!method) return refused(`payment_method_type is not offered in country_id ${country.id}`);
  const missing = missingFor(method.kind, p);
  if (missing.length > 0) return refused(`${missing.join(', ')} required for this method`);
  const problem = kindProblem(method.kind, country, p);
  if (problem) return refused(problem);
  if (p.sub_merchant_id) {
    if (!UUID.test(p.sub_merchant_id)) return refused('sub_merchant_id must be a UUID');
    if (!subMerchants.includes(p.sub_merchant_id.toLowerCase())) {
      return refuse(404, FAILURE.userNotFound, 'sub_merchant_id is not a known sub-merchant');
    }
  }
  return {
    ok: true,
    value: {
      amount: p.amount,
      currency: p.currency,
      country_id: country.id,
      payment_method_type: p.payment_method_type,
      method_kind: method.kind,
      mobile: orNull(p.mobile),
      callback_url: p.callback_url,
      third_party_reference_1: p.third_party_reference_1,
      third_party_reference_2: orNull(p.third_party_reference_2),
      sub_merchant_id: orNull(p.sub_merchant_id?.toLowerCase()),
      name: orNull(p.name),
      first_name: orNull(p.first_name),
      last_name: orNull(p.last_name),
      account_name: orNull(p.account_name),
      bank_code: orNull(p.bank_code),
      successful_url: orNull(p.successful_url),
      failure_url: orNull(p.failure_url),
    },
  };
}
