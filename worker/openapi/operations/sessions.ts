/**
 * Sessions (worker/routes/merchant-sessions.ts, merchant-redact.ts, merchant-queries.ts).
 * @module
 */
import { sessionCreateShape } from '../../../shared/schemas';
import {
  MAX_METADATA_KEYS,
  MAX_METADATA_KEY_LENGTH,
  MAX_METADATA_VALUE_LENGTH,
} from '../../../shared/schemas/session-create';
import { LIST_SCHEMAS } from '../../query/list-query';
import { op } from '../operation';
import { resentSchema } from '../schemas/common';
import { sessionListSchema } from '../schemas/queries';
import { merchantSessionSchema } from '../schemas/session';

export const sessionOperations = [
  op({
    method: 'post',
    path: '/v1/sessions',
    operationId: 'createSession',
    tag: 'Sessions',
    summary: 'Create a checkout session',
    description:
      'Answers 201 with the new session; the same Idempotency-Key with the same body answers ' +
      'the first session again (200). `currency`, `country_id` and `methods` are checked ' +
      "against the deployment's catalogue.",
    audience: 'merchant',
    body: sessionCreateShape,
    idempotent: true,
    responses: { 201: merchantSessionSchema, 200: merchantSessionSchema },
    errors: ['SESSION_CONFLICT'],
  }),
  op({
    method: 'get',
    path: '/v1/sessions',
    operationId: 'listSessions',
    tag: 'Sessions',
    summary: 'List and search sessions',
    description: 'Newest first, from the query index; `starting_after` takes `next_cursor`.',
    audience: 'merchant',
    query: LIST_SCHEMAS.sessions,
    // Read by worker/query/metadata-filter.ts, outside the zod query schema.
    parameters: [
      {
        name: 'metadata',
        in: 'query',
        required: false,
        style: 'deepObject',
        explode: true,
        description:
          '`metadata[<key>]=<value>`: sessions whose `metadata` holds exactly that value under ' +
          `that key; up to ${MAX_METADATA_KEYS} keys, all must match.`,
        schema: {
          type: 'object',
          maxProperties: MAX_METADATA_KEYS,
          propertyNames: { minLength: 1, maxLength: MAX_METADATA_KEY_LENGTH },
          additionalProperties: { type: 'string', maxLength: MAX_METADATA_VALUE_LENGTH },
        },
      },
    ],
    responses: { 200: sessionListSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/sessions/{id}',
    operationId: 'getSession',
    tag: 'Sessions',
    summary: 'Read a session',
    audience: 'merchant',
    responses: { 200: merchantSessionSchema },
    errors: ['SESSION_NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/sessions/{id}/reconcile',
    operationId: 'reconcileSession',
    tag: 'Sessions',
    summary: 'Ask the upstream now about every unsettled attempt',
    audience: 'merchant',
    responses: { 200: merchantSessionSchema },
    errors: ['SESSION_NOT_FOUND'],
  }),
  op({
    method: 'post',
    path: '/v1/sessions/{id}/expire',
    operationId: 'expireSession',
    tag: 'Sessions',
    summary: 'Cancel an open checkout',
    description:
      'Closes the session now (`checkout.expired` with `reason: "merchant"`). Idempotent: a ' +
      'session already expired or failed is answered as it is. Refused while a payment may ' +
      'still take money (`PAYMENT_IN_PROGRESS`) or once paid (`ALREADY_PAID`: refund it).',
    audience: 'merchant',
    responses: { 200: merchantSessionSchema },
    errors: ['SESSION_NOT_FOUND', 'PAYMENT_IN_PROGRESS', 'ALREADY_PAID'],
  }),
  op({
    method: 'post',
    path: '/v1/sessions/{id}/redact',
    operationId: 'redactSession',
    tag: 'Sessions',
    summary: "Erase a settled session's personal data",
    audience: 'merchant',
    responses: { 200: merchantSessionSchema },
    errors: ['SESSION_NOT_FOUND', 'NOT_SETTLED'],
  }),
  op({
    method: 'post',
    path: '/v1/sessions/{id}/webhooks/{event}/resend',
    operationId: 'resendSessionWebhook',
    tag: 'Webhooks',
    summary: "Deliver one of a session's webhooks again",
    audience: 'merchant',
    responses: { 202: resentSchema },
    errors: ['SESSION_NOT_FOUND', 'NOT_FOUND'],
  }),
];
