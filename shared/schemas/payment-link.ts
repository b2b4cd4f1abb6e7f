/**
 * Payment links (`POST /api/v3/payment-link-api/create`): the params and the create response.
 *
 * The upstream marks no field required (docs/upstream-api.md, "POST
 * /api/v3/payment-link-api/create"); we require what a link cannot work without (`business_name`,
 * `item_name`, `callback_url`, `currency`, `amount`, `country_id`) and keep the rest optional.
 * `country_id` comes from the payment-link country table and fixes the currency. `logo` is base64
 * (optionally as a `data:image/…;base64,` URL) of at most {@link MAX_LOGO_BYTES} decoded bytes:
 * the upstream says "2 MB", read here as 2,000,000 bytes, the stricter of the two readings, so the
 * upstream never refuses a logo we accepted.
 * @module
 */
import * as z from 'zod/mini';
import { COUNTRIES, PAYMENT_LINK_COUNTRIES } from '../countries';
import {
  currencyCode,
  httpUrl,
  maybe,
  positiveInteger,
  successFlag,
  text,
  wholeUnitAmount,
} from './fields';
import { objectRules, type RuleIssue } from './object-rules';

/** Largest logo accepted, in decoded bytes (2 MB read as 2,000,000 bytes). */
export const MAX_LOGO_BYTES = 2_000_000;

const DATA_URL_PREFIX = /^data:image\/[a-z0-9.+-]+;base64,/i;

/**
 * The number of bytes a base64 text decodes to (whitespace-free, padded or not).
 *
 * @example
 * base64DecodedBytes('aGVsbG8='); // 5
 */
export function base64DecodedBytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The logo: base64 (or a base64 image data URL) of at most {@link MAX_LOGO_BYTES} bytes. */
const logoSchema = z.string().check(
  z.refine((value) => {
    const body = value.replace(DATA_URL_PREFIX, '');
    return body.length > 0 && body.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(body);
  }, 'must be base64 text (optionally a data:image/…;base64, URL)'),
  z.refine(
    (value) => base64DecodedBytes(value.replace(DATA_URL_PREFIX, '')) <= MAX_LOGO_BYTES,
    `must decode to at most ${MAX_LOGO_BYTES} bytes (2 MB)`,
  ),
);

const linkCountryIds = Object.keys(PAYMENT_LINK_COUNTRIES).join(', ');

/** Country and currency rules over params whose field types may still be wrong. */
function linkCountryIssues(params: Record<string, unknown>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { country_id: countryId, currency, currency_country_id: payerCountryId } = params;
  if (typeof countryId === 'number' && Number.isSafeInteger(countryId)) {
    const linkCurrency = PAYMENT_LINK_COUNTRIES[countryId];
    if (linkCurrency === undefined) {
      issues.push({
        path: ['country_id'],
        message: `must be a payment-link country (${linkCountryIds}); ${countryId} is not one`,
      });
    } else if (typeof currency === 'string' && currency !== linkCurrency) {
      issues.push({
        path: ['currency'],
        message: `must be ${linkCurrency} for payment-link country_id ${countryId}`,
      });
    }
  }
  if (typeof payerCountryId === 'number' && typeof currency === 'string') {
    const matching = COUNTRIES.filter((country) => country.currency === currency);
    if (!matching.some((country) => country.id === payerCountryId)) {
      const ids = matching.map((country) => country.id).join(', ');
      issues.push({
        path: ['currency_country_id'],
        message: ids
          ? `must be a country whose currency is ${currency} (${ids})`
          : `cannot be given: no collection country uses ${currency}`,
      });
    }
  }
  return issues;
}

/**
 * Payment-link params.
 *
 * @example
 * const link = validate(paymentLinkParamsSchema, body);
 * if (link.ok) await signEnvelope({ ...link.value, callback_url: hooksUrl }, credentials);
 */
export const paymentLinkParamsSchema = z
  .looseObject({
    business_name: text(200),
    item_name: text(200),
    callback_url: httpUrl(),
    redirection_url: z.optional(httpUrl()),
    currency: currencyCode(),
    amount: wholeUnitAmount(),
    logo: z.optional(logoSchema),
    country_id: positiveInteger(),
    currency_country_id: z.optional(positiveInteger()),
    first_name: z.optional(text(100)),
    last_name: z.optional(text(100)),
    email: z.optional(z.email()),
    phone: z.optional(
      z.string().check(z.regex(/^\+?\d{7,15}$/, 'must be 7 to 15 digits, optionally after a "+"')),
    ),
  })
  .check(objectRules(linkCountryIssues));

/**
 * The create response; the fields of `data` are not documented (the sample is `{}`).
 *
 * @example
 * const created = validate(paymentLinkResponseSchema, await response.json());
 */
export const paymentLinkResponseSchema = z.looseObject({
  success: successFlag,
  message: maybe(z.string()), // informational: its absence changes nothing
  data: z.looseObject({}),
});

/**
 * The link list's answer (`GET /api/payment-link-api/list`): its shapes are not documented, so
 * `data` is passed through as it comes.
 */
export const paymentLinkListResponseSchema = z.looseObject({
  success: successFlag,
  message: maybe(z.string()),
  data: z.optional(z.unknown()),
});

/** Payment-link params. */
export type PaymentLinkParams = z.output<typeof paymentLinkParamsSchema>;
/** The payment-link create response. */
export type PaymentLinkResponse = z.output<typeof paymentLinkResponseSchema>;
