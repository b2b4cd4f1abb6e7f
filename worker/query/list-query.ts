/**
 * The query parameters of the list routes (`GET /v1/sessions`, `/v1/payouts`,
 * `/v1/payment-link-payments`), `GET /v1/events` and the settlement report, validated with
 * Hono's validator and zod/mini schemas; a bad one is a 400 `VALIDATION_FAILED` naming it.
 * @module
 */
import type { Context } from 'hono';
import { validator } from 'hono/validator';
import * as z from 'zod/mini';
import { CheckoutError } from '../../shared/errors';
import { declareInput } from '../openapi/contract';
import { REFERENCE_CHARACTERS } from '../../shared/references';
import { ATTEMPT_STATUSES, SESSION_STATUSES } from '../../shared/status';
import { validate } from '../../shared/validation';
import { decodeCursor, type Cursor } from './cursor';

const isoTime = z.iso.datetime({
  offset: true,
  error: 'must be an ISO 8601 time, e.g. 2026-11-23T00:00:00Z',
});
const limit = z
  .string()
  .check(z.regex(/^(100|[1-9][0-9]?)$/, 'must be a whole number from 1 to 100'));
const currency = z
  .string()
  .check(z.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in capitals, e.g. KES'));
/**
 * Longest reference a lookup or a filter takes. Longer than a reference can be
 * (shared/references.ts), so such a filter matches nothing, as it did before the references had
 * one rule; longer still is refused.
 */
export const LOOKUP_REFERENCE_MAX = 128;
/** The message a refused lookup reference gets. */
export const LOOKUP_REFERENCE_RULE = `must be 1 to ${LOOKUP_REFERENCE_MAX} letters, digits or . _ : -`;
const reference = z
  .string()
  .check(
    z.regex(REFERENCE_CHARACTERS, LOOKUP_REFERENCE_RULE),
    z.maxLength(LOOKUP_REFERENCE_MAX, LOOKUP_REFERENCE_RULE),
  );
const countryId = z
  .string()
  .check(z.regex(/^[1-9][0-9]{0,2}$/, 'must be a country id (a whole number)'));
const method = z.string().check(z.minLength(1), z.maxLength(64));
/** The digits of a phone its mask shows (shared/phone.ts): the last three. */
export const PHONE_LAST_DIGITS = 3;
const phoneLast = z
  .string()
  .check(
    z.regex(
      new RegExp(`^[0-9]{${PHONE_LAST_DIGITS}}$`),
      `must be the phone's last ${PHONE_LAST_DIGITS} digits, e.g. 000`,
    ),
  );
const amount = z
  .string()
  .check(z.regex(/^(0|[1-9][0-9]{0,14})$/, 'must be a whole number, e.g. 1500'));

const page = {
  limit: z.optional(limit),
  starting_after: z.optional(z.string()),
  created_gte: z.optional(isoTime),
  created_lt: z.optional(isoTime),
};

/** Parameters of each list route. */
export const LIST_SCHEMAS = {
  sessions: z.strictObject({
    ...page,
    status: z.optional(z.enum(SESSION_STATUSES)),
    currency: z.optional(currency),
    country_id: z.optional(countryId),
    method: z.optional(method),
    reference: z.optional(reference),
    sub_merchant_id: z.optional(z.uuid('must be a UUID').check(z.toLowerCase())),
    phone_last: z.optional(phoneLast),
    amount: z.optional(amount),
  }),
  payouts: z.strictObject({
    ...page,
    status: z.optional(z.enum(ATTEMPT_STATUSES)),
    currency: z.optional(currency),
    country_id: z.optional(countryId),
    method: z.optional(method),
    reference: z.optional(reference),
  }),
  link_payments: z.strictObject({
    ...page,
    status: z.optional(z.enum(ATTEMPT_STATUSES)),
    currency: z.optional(currency),
    reference: z.optional(reference),
  }),
  payout_batches: z.strictObject({
    ...page,
    status: z.optional(
      z.enum(['awaiting_approval', 'sending', 'paused', 'completed', 'canceled'] as const),
    ),
  }),
  refunds: z.strictObject({
    ...page,
    session_id: z.optional(z.string().check(z.regex(/^cs_[a-z2-7]{26}$/, 'must be a session id'))),
    status: z.optional(z.enum(ATTEMPT_STATUSES)),
    currency: z.optional(currency),
    reference: z.optional(reference),
    sub_merchant_id: z.optional(z.uuid('must be a UUID').check(z.toLowerCase())),
  }),
};

/** Parameters of `GET /v1/events`. */
export const EVENTS_SCHEMA = z.strictObject({
  sub_merchant_id: z.optional(z.uuid('must be a UUID').check(z.toLowerCase())),
  after: z.optional(
    z.string().check(z.regex(/^evt_[A-Za-z0-9._:-]{1,200}$/, 'must be an event id')),
  ),
  type: z.optional(
    z
      .string()
      .check(z.regex(/^[a-z_]+\.[a-z_]+$/, 'must be an event type, e.g. checkout.succeeded')),
  ),
  limit: z.optional(limit),
});

/** Parameters of `GET /v1/reports/settlement`. */
export const REPORT_SCHEMA = z.strictObject({
  from: isoTime,
  to: isoTime,
  format: z.optional(z.enum(['json', 'csv'])),
  group_by: z.optional(z.enum(['sub_merchant'])),
});

/** Parameters of `GET /v1/reports/methods`. */
export const METHOD_STATS_SCHEMA = z.strictObject({ from: isoTime, to: isoTime });

/** The page part of a validated list query. */
export interface Page {
  limit: number;
  after: Cursor | null;
  createdGte: number | null;
  createdLt: number | null;
}

/** Milliseconds of a validated ISO time. */
export const millis = (iso: string | undefined): number | null =>
  iso === undefined ? null : Date.parse(iso);

/**
 * The page of a validated list query; throws VALIDATION_FAILED for a cursor that is not ours.
 *
 * @example
 * const page = pageOf(c.req.valid('query'));
 */
export function pageOf(query: {
  limit?: string;
  starting_after?: string;
  created_gte?: string;
  created_lt?: string;
}): Page {
  let after: Cursor | null = null;
  if (query.starting_after !== undefined) {
    after = decodeCursor(query.starting_after);
    if (!after)
      throw invalid([
        {
          path: 'starting_after',
          message: 'starting_after must be a next_cursor this API answered',
        },
      ]);
  }
  return {
    limit: Number(query.limit ?? '20'),
    after,
    createdGte: millis(query.created_gte),
    createdLt: millis(query.created_lt),
  };
}

function invalid(issues: { path: string; message: string }[]): CheckoutError {
  return new CheckoutError('VALIDATION_FAILED', `The query is invalid: ${issues[0]!.message}.`, {
    issues,
  });
}

/**
 * Hono's validator for the query string with one of the schemas above. A parameter given twice
 * is refused (its value would be a list). The schema is the query of the route's contract.
 *
 * @example
 * app.get('/payouts', merchantAuth(), queryOf(LIST_SCHEMAS.payouts), (c) => c.req.valid('query'));
 */
export function queryOf<S extends z.core.$ZodType>(schema: S) {
  return declareInput(
    validator('query', (value, _c: Context) => parseQuery(schema, value)),
    'query',
    schema,
  );
}

/**
 * A query string's parameters checked against one of the schemas above; throws 400
 * VALIDATION_FAILED naming the parameters that do not fit.
 *
 * @example
 * parseQuery(LIST_SCHEMAS.sessions, { status: 'open' }); // { status: 'open' }
 */
export function parseQuery<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const checked = validate(schema, value);
  if (!checked.ok) throw invalid(checked.issues);
  return checked.value;
}
