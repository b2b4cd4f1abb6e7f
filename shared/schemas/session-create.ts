/**
 * The body of `POST /v1/sessions` (merchant API), resolved against a {@link Catalogue}.
 * Unknown keys are refused.
 *
 * - `amount`: a whole number greater than 0 (major units);
 * - `currency`: a currency of the catalogue with at least one enabled method;
 * - `reference`: 1–64 characters of letters, digits, `.`, `_`, `:`, `-`;
 * - `country_id?`: an active country using `currency`;
 * - `methods?`: 1–20 `payment_method_type` values (or aliases), each enabled in a country
 *   using `currency` (in `country_id` when given);
 * - `customer?`: `{ first_name?, last_name?, mobile?, email? }` (prefill; trimmed);
 * - `return_url?`: https; in development mode also http on `localhost` / `127.0.0.1`;
 * - `locale?`: the payer's language as a BCP 47 tag (`fr`, `fr-CI`), at most 35 characters;
 *   the widget and the hosted page use it when the page sets none (a language they lack falls
 *   through to the browser's);
 * - `metadata?`: at most 20 string values of at most 500 characters, keys of 1–40 characters;
 * - `expires_in?`: seconds, 60–86400, default 3600;
 * - `sub_merchant_id?`: a UUID (lowercased), the platform's seller every collection of the
 *   session is made for (default: the deployment's `SERVICE_SUB_MERCHANT_ID`, if any).
 * @module
 */
import * as z from 'zod/mini';
import type { Catalogue } from '../catalogue';
import type { Country } from '../countries';
import { MAX_REFERENCE_LENGTH, REFERENCE_CHARACTERS } from '../references';
import { perCatalogue, unknownCountryIssue } from './catalogue-rules';
import { integer, MAX_URL_LENGTH, positiveInteger, trimmedText, wholeUnitAmount } from './fields';
import { objectRules, type RuleIssue } from './object-rules';

/** Most metadata keys. */
export const MAX_METADATA_KEYS = 20;
/** Longest metadata key. */
export const MAX_METADATA_KEY_LENGTH = 40;
/** Longest metadata value. */
export const MAX_METADATA_VALUE_LENGTH = 500;
/** Shortest and longest session lifetimes, and the default, in seconds. */
export const SESSION_EXPIRY = { min: 60, max: 86_400, default: 3600 } as const;

/** Hosts allowed over plain http in `return_url` (local development). */
const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/**
 * True for an https URL; in development mode (`devMode`) also for an http URL on localhost /
 * 127.0.0.1. A production deployment never sends a payer to plain http.
 *
 * @example
 * isReturnUrl('http://127.0.0.1:8080/done', true); // true
 * isReturnUrl('http://127.0.0.1:8080/done'); // false
 */
export function isReturnUrl(value: string, devMode = false): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' ||
    (devMode && url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname))
  );
}

/** The `return_url` field: https; http on a local host in development mode only. */
function returnUrlField(devMode: boolean) {
  return z.optional(
    z.string().check(
      z.maxLength(MAX_URL_LENGTH),
      z.refine(
        (value) => isReturnUrl(value, devMode),
        devMode
          ? 'must be an https URL (plain http is accepted only for localhost and 127.0.0.1)'
          : 'must be an https URL',
      ),
    ),
  );
}

const customerSchema = z.strictObject({
  first_name: z.optional(trimmedText(100)),
  last_name: z.optional(trimmedText(100)),
  mobile: z.optional(
    z
      .string()
      .check(z.trim(), z.regex(/^\+?\d{7,15}$/, 'must be 7 to 15 digits, optionally after a "+"')),
  ),
  email: z.optional(z.email().check(z.maxLength(254))),
});

const metadataSchema = z
  .record(z.string(), z.string().check(z.maxLength(MAX_METADATA_VALUE_LENGTH)))
  .check(
    z.refine(
      (value) => Object.keys(value).length <= MAX_METADATA_KEYS,
      `must have at most ${MAX_METADATA_KEYS} keys`,
    ),
    z.refine(
      (value) =>
        Object.keys(value).every((key) => key.length >= 1 && key.length <= MAX_METADATA_KEY_LENGTH),
      `must have keys of 1 to ${MAX_METADATA_KEY_LENGTH} characters`,
    ),
  );

const baseSchema = z.strictObject({
  amount: wholeUnitAmount(),
  currency: z.string(),
  reference: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(MAX_REFERENCE_LENGTH),
      z.regex(REFERENCE_CHARACTERS, 'must use only letters, digits, ".", "_", ":" and "-"'),
    ),
  country_id: z.optional(positiveInteger()),
  methods: z.optional(z.array(z.string()).check(z.minLength(1), z.maxLength(20))),
  customer: z.optional(customerSchema),
  return_url: returnUrlField(false),
  locale: z.optional(
    z
      .string()
      .check(
        z.maxLength(35),
        z.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'must be a language tag such as "fr" or "fr-CI"'),
      ),
  ),
  metadata: z.optional(metadataSchema),
  expires_in: z._default(
    integer('must be a whole number of seconds').check(
      z.gte(SESSION_EXPIRY.min),
      z.lte(SESSION_EXPIRY.max),
    ),
    SESSION_EXPIRY.default,
  ),
  sub_merchant_id: z.optional(z.uuid('must be a UUID').check(z.toLowerCase())),
});

const quoteAll = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ');

/** Currency, country and method rules over a body whose field types may still be wrong. */
function catalogueIssues(body: Record<string, unknown>, catalogue: Catalogue): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { currency, country_id: countryId, methods } = body;
  if (typeof currency !== 'string') return issues;
  const currencies = [...new Set(catalogue.countries.map((country) => country.currency))];
  if (!currencies.includes(currency)) {
    issues.push({ path: ['currency'], message: `must be one of ${quoteAll(currencies)}` });
    return issues;
  }

  let markets: Country[] = catalogue.countries.filter((country) => country.currency === currency);
  if (typeof countryId === 'number' && Number.isSafeInteger(countryId)) {
    const country = catalogue.country(countryId);
    if (!country) {
      issues.push(unknownCountryIssue(countryId));
      return issues;
    }
    if (country.currency !== currency) {
      issues.push({
        path: ['country_id'],
        message: `must be a country using ${currency}; ${country.id} (${country.name}) uses ${country.currency}`,
      });
      return issues;
    }
    markets = [country];
  }

  const enabled = markets.flatMap((country) =>
    catalogue.enabledMethods(country.id).flatMap((m) => [m.value ?? '', ...(m.aliases ?? [])]),
  );
  const oneCountry = typeof countryId === 'number';
  const where = oneCountry ? `country_id ${countryId}` : `the ${currency} countries`;
  if (enabled.length === 0) {
    issues.push({
      path: [oneCountry ? 'country_id' : 'currency'],
      message: `cannot be paid: ${where} ${oneCountry ? 'has' : 'have'} no enabled payment method in this deployment`,
    });
    return issues;
  }
  if (Array.isArray(methods)) {
    const choices = quoteAll([...new Set(enabled)]);
    methods.forEach((method, index) => {
      if (typeof method === 'string' && !enabled.includes(method)) {
        issues.push({
          path: ['methods', index],
          message: `must be a payment_method_type enabled in ${where}: one of ${choices}`,
        });
      }
    });
  }
  return issues;
}

/** The same body with http `return_url`s on a local host allowed (development mode). */
const devBaseSchema = z.extend(baseSchema, { return_url: returnUrlField(true) });

const schemas = perCatalogue((catalogue) =>
  baseSchema.check(objectRules((body) => catalogueIssues(body, catalogue))),
);
const devSchemas = perCatalogue((catalogue) =>
  devBaseSchema.check(objectRules((body) => catalogueIssues(body, catalogue))),
);

/**
 * The session-create body schema for a catalogue (built once per catalogue); `devMode` (the
 * deployment's, worker/config.ts) allows an http `return_url` on localhost / 127.0.0.1.
 *
 * @example
 * const body = validate(sessionCreateSchema(catalogue), await c.req.json());
 * if (!body.ok) return c.json(validationErrorBody(body.issues), 400);
 * body.value.expires_in; // 3600 when not given
 */
export function sessionCreateSchema(
  catalogue: Catalogue,
  options: { devMode?: boolean } = {},
): ReturnType<typeof schemas> {
  return options.devMode === true ? devSchemas(catalogue) : schemas(catalogue);
}

/** A valid session-create body (with `expires_in` defaulted). */
export type SessionCreateBody = z.output<typeof baseSchema>;

/** The body's shape without the catalogue's rules (the OpenAPI document describes it). */
export const sessionCreateShape = baseSchema;
