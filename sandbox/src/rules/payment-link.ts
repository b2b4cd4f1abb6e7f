/**
 * The upstream's rules for POST /api/v3/payment-link-api/create: the payment-link country
 * table, prefill fields and the 2 MB logo limit.
 * @module
 */
import * as z from 'zod/mini';
import type { Catalogue } from '../../../shared/catalogue';
import { PAYMENT_LINK_COUNTRIES } from '../../../shared/countries';
import { FAILURE } from '../messages';
import { httpUrl, optionalText, orNull, positiveInt, text } from './fields';
import { checkParams, refuse, type Checked } from './refusal';

/** Largest logo, decoded: 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** A payment-link request that passed every rule (a type, not an interface, so a stored link
 * row extending it stays a SQLite record). */
export type LinkRequest = {
  business_name: string;
  item_name: string;
  amount: number;
  currency: string;
  country_id: number;
  currency_country_id: number | null;
  callback_url: string;
  redirection_url: string | null;
  /** The logo as a `data:image/…;base64,` URL (image/png assumed when sent without a prefix). */
  logo: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
};

const LinkParams = z.object({
  business_name: text,
  item_name: text,
  amount: positiveInt,
  currency: text,
  country_id: z.int(),
  currency_country_id: z.nullish(z.int()),
  callback_url: httpUrl,
  redirection_url: z.nullish(httpUrl),
  logo: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  email: z.nullish(z.email()),
  phone: z.nullish(z.string().check(z.regex(/^\d{8,15}$/, 'must be 8 to 15 digits'))),
});

/**
 * The decoded size in bytes of base64 text, or null when it is not base64.
 *
 * @example
 * base64Bytes('aGk='); // 2
 */
export function base64Bytes(value: string): number | null {
  const clean = value.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return (clean.length / 4) * 3 - padding;
}

/**
 * Checks payment-link params: a country of the payment-link table with its currency, an
 * optional payer country using that currency, a whole positive amount, http(s) URLs, a
 * base64 logo of at most 2 MB and well-formed prefill fields.
 *
 * @example
 * const checked = checkPaymentLink(params, catalogueOf(env));
 */
export function checkPaymentLink(params: unknown, catalogue: Catalogue): Checked<LinkRequest> {
  const refused = (reason: string) => refuse(400, FAILURE.linkRefused, reason);
  const parsed = checkParams(LinkParams, params, FAILURE.linkRefused);
  if (!parsed.ok) return parsed;
  const p = parsed.value;
  const currency = PAYMENT_LINK_COUNTRIES[p.country_id];
  if (!currency) return refused(`country_id ${p.country_id} does not offer payment links`);
  if (currency !== p.currency) return refused(`currency must be ${currency} for this country_id`);
  if (p.currency_country_id !== undefined && p.currency_country_id !== null) {
    const payerCountry = catalogue.country(p.currency_country_id);
    if (!payerCountry || payerCountry.currency !== p.currency) {
      return refused('currency_country_id must be a country using the currency');
    }
  }
  let logo: string | null = null;
  if (p.logo) {
    const prefix = /^data:(image\/[\w+.-]+);base64,/.exec(p.logo);
    const data = p.logo.slice(prefix?.[0].length ?? 0).replace(/\s+/g, '');
    const bytes = base64Bytes(data);
    if (bytes === null)
      return refused('logo must be base64 (optionally a data:image/…;base64, URL)');
    if (bytes > LOGO_MAX_BYTES) return refused('logo is larger than 2 MB');
    logo = `data:${prefix?.[1] ?? 'image/png'};base64,${data}`;
  }
  return {
    ok: true,
    value: {
      business_name: p.business_name,
      item_name: p.item_name,
      amount: p.amount,
      currency: p.currency,
      country_id: p.country_id,
      currency_country_id: p.currency_country_id ?? null,
      callback_url: p.callback_url,
      redirection_url: orNull(p.redirection_url),
      logo,
      first_name: orNull(p.first_name),
      last_name: orNull(p.last_name),
      email: orNull(p.email),
      phone: orNull(p.phone),
    },
  };
}
