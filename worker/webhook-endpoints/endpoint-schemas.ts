/**
 * The bodies and queries of `/v1/webhook-endpoints` (zod/mini). A bad one is a 400
 * `VALIDATION_FAILED` naming the field; nothing changes.
 * @module
 */
import * as z from 'zod/mini';
import { MAX_OVERLAP_DAYS } from '../secret-rotation';
import { EVENT_PATTERN, EVENT_PATTERN_RULE } from './event-filter';
import { endpointUrlProblem, type EndpointUrlRules } from './endpoint-url';

/** Longest overlap of a rolled secret, in seconds (as for MERCHANT_WEBHOOK_SECRET). */
export const MAX_EXPIRES_IN = MAX_OVERLAP_DAYS * 86_400;
/** Overlap of a rolled secret when `expires_in` is not given: 24 hours. */
export const DEFAULT_EXPIRES_IN = 86_400;

const url = (rules: EndpointUrlRules) =>
  z.string().check(
    z.refine((value) => endpointUrlProblem(value, rules) === null, {
      error: (issue) => endpointUrlProblem(String(issue.input), rules) ?? 'is not accepted',
    }),
  );
const patterns = z
  .array(z.string().check(z.regex(EVENT_PATTERN, EVENT_PATTERN_RULE)))
  .check(z.minLength(1, 'must name at least one event, or "*"'), z.maxLength(32));
const description = z.string().check(z.maxLength(200));
const status = z.enum(['enabled', 'disabled']);
const subMerchant = z.uuid('must be a UUID').check(z.toLowerCase());
const isoTime = z.iso.datetime({
  offset: true,
  error: 'must be an ISO 8601 time, e.g. 2026-11-23T00:00:00Z',
});

/** `POST /v1/webhook-endpoints` (the address rule: worker/webhook-endpoints/endpoint-url.ts). */
export const createEndpointSchema = (rules: EndpointUrlRules) =>
  z.strictObject({
    url: url(rules),
    enabled_events: patterns,
    sub_merchant_id: z.optional(z.nullable(subMerchant)),
    description: z.optional(description),
    status: z.optional(status),
  });

/** `PATCH /v1/webhook-endpoints/:id`: any of the fields (`sub_merchant_id: null` clears it). */
export const updateEndpointSchema = (rules: EndpointUrlRules) =>
  z.strictObject({
    url: z.optional(url(rules)),
    enabled_events: z.optional(patterns),
    sub_merchant_id: z.optional(z.nullable(subMerchant)),
    description: z.optional(description),
    status: z.optional(status),
  });

/** `POST /v1/webhook-endpoints/:id/roll-secret`: seconds the old secret keeps signing. */
export const rollSecretSchema = z.strictObject({
  expires_in: z.optional(
    z
      .number()
      .check(
        z.refine(
          (n) => Number.isInteger(n) && n >= 0 && n <= MAX_EXPIRES_IN,
          `must be a whole number of seconds from 0 to ${MAX_EXPIRES_IN} (${MAX_OVERLAP_DAYS} days)`,
        ),
      ),
  ),
});

/** `POST /v1/webhook-endpoints/:id/replay`: the events created in `[from, to)`. */
export const replaySchema = z.strictObject({
  from: isoTime,
  to: isoTime,
  types: z.optional(patterns),
});

/** `GET /v1/webhook-endpoints/:id/deliveries`. */
export const deliveriesQuerySchema = z.strictObject({
  limit: z.optional(
    z.string().check(z.regex(/^(100|[1-9][0-9]?)$/, 'must be a whole number from 1 to 100')),
  ),
  starting_after: z.optional(z.string()),
});
