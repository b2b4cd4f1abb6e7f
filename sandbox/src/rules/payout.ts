/**
 * The sandbox's rules for its payout-creation endpoint, POST /api/v1/sandbox/payouts. The real
 * endpoint is not documented (docs/upstream-api.md, "Payout creation"); these rules are the
 * sandbox's, documented in its README.
 * @module
 */
import * as z from 'zod/mini';
import type { Catalogue } from '../../../shared/catalogue';
import { FAILURE } from '../messages';
import { httpUrl, optionalText, orNull, positiveInt, text } from './fields';
import { checkParams, refuse, type Checked } from './refusal';

/** A payout request that passed every rule. */
export interface PayoutRequest {
  amount: number;
  currency: string;
  country_id: number;
  mobile: string;
  payment_method_type: string;
  third_party_reference_1: string;
  payment_reference: string | null;
  client_callback_url: string;
}

const PayoutParams = z.object({
  amount: positiveInt,
  currency: text,
  mobile: z.string().check(z.regex(/^\d{8,15}$/, 'must be 8 to 15 digits, country code first')),
  payment_method_type: text,
  third_party_reference_1: text,
  payment_reference: optionalText,
  client_callback_url: httpUrl,
});

/**
 * Checks payout params: whole positive amount, a currency of a collection country, a recipient
 * phone number of a country using that currency (dial code first, right length), a method,
 * a merchant reference and an http(s) client_callback_url. Duplicate references and the
 * wallet balance are checked by the ledger.
 *
 * @example
 * const checked = checkPayout(params, catalogueOf(env));
 */
export function checkPayout(params: unknown, catalogue: Catalogue): Checked<PayoutRequest> {
  const refused = (reason: string) => refuse(400, FAILURE.collectionRefused, reason);
  const parsed = checkParams(PayoutParams, params, FAILURE.collectionRefused);
  if (!parsed.ok) return parsed;
  const p = parsed.value;
  const countries = catalogue.countries.filter((country) => country.currency === p.currency);
  if (countries.length === 0) return refused('currency is not a supported currency');
  const country = countries.find(
    (candidate) =>
      p.mobile.startsWith(candidate.dialCode) &&
      p.mobile.length === candidate.dialCode.length + candidate.nationalNumberLength,
  );
  if (!country) return refused('mobile is not a phone number of a country using this currency');
  return {
    ok: true,
    value: { ...p, country_id: country.id, payment_reference: orNull(p.payment_reference) },
  };
}
