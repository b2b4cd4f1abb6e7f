/**
 * The OpenAPI 3.1 document, generated from the zod schemas the routes validate with (requests)
 * and the response schemas of worker/openapi/schemas (answers, webhooks) by zod's own
 * `z.toJSONSchema`. Built at build time (scripts/openapi.mjs writes public/openapi.json and the
 * /docs page) and in the tests; the Worker never imports it. docs/api.md says why zod's
 * converter rather than @hono/zod-openapi, and how to add a route.
 * @module
 */
import * as z from 'zod';
import { errorStatus, type ErrorCode } from '../../shared/errors';
import type { Operation } from './operation';
import { errorsOf } from './operations/common';
import { operations as allOperations } from './operations';
import { components, named } from './registry';
import { ERROR_CODES, errorBodySchema } from '../../shared/schemas/error-body';
import { WEBHOOK_TYPES } from './schemas/common';
import { WEBHOOK_EVENTS } from './schemas/webhooks';
import { errorsSection } from './errors-section';
import { scopesFor } from '../keys/route-scopes';

// The error body is the one the Worker sends (shared/schemas/error-body.ts), named here.
named(
  'ErrorCode',
  errorBodySchema.shape.error.shape.code,
  'A stable error code (shared/errors.ts); each has an entry in the Errors section of /docs.',
);
named('ErrorBody', errorBodySchema);

/** A JSON Schema or OpenAPI object, as plain JSON. */
type Json = Record<string, unknown>;

/** Each tag's line in the docs' sidebar sections. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Sessions: 'Checkout sessions: create one per order, then read, reconcile or erase it.',
  Refunds: "A session's payment paid back (all or part), sent as a payout to the payer.",
  Payouts: 'Money sent to a phone; the reference is its idempotency key.',
  'Payment methods': 'The enabled methods, their limits and availability; operator prediction.',
  'Webhook endpoints': 'More endpoints for the webhooks, each with its events, secret and log.',
  'Payment links': 'Hosted payment links and the payments made through them.',
  'Balance and transactions': "The upstream's balances and any transaction's status.",
  Reports: 'The settlement report of a period.',
  Webhooks:
    'The events feed, resending a webhook, and (in the webhooks section) every event we POST ' +
    'to your endpoint.',
  'Checkout (widget)': 'The public API the widget calls from the payer’s browser (CORS).',
  'Hosted page': 'The page a session’s `checkout_url` opens.',
  Operations: 'Health, diagnostics and the query index’s maintenance.',
  'Callbacks (upstream)': "What the upstream POSTs to us, in the upstream's own shapes.",
};

/** The API's version (a date), shown in the document's `info`. */
export const API_VERSION = '2026-11-28';

const REF = '#/components/schemas/';
const ref = (id: string) => ({ $ref: `${REF}${id}` });

function idOf(schema: z.core.$ZodType): string | undefined {
  return components.get(schema)?.id;
}

function pascal(operationId: string): string {
  return operationId.charAt(0).toUpperCase() + operationId.slice(1);
}

/** `.int()` writes ±2^53-1 bounds on every integer: noise in a reference. */
function dropSafeIntegerBounds(ctx: { jsonSchema: Json }): void {
  const schema = ctx.jsonSchema;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

/** Converts every schema of `registry` at once, cross-references as `$ref`s. */
function convert(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output') {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `${REF}${id}`,
    override: dropSafeIntegerBounds,
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _id, id: _i, ...rest } = schema as Json;
    out[id] = rest;
  }
  return out;
}

/** A query schema as OpenAPI query parameters. */
function queryParameters(schema: z.core.$ZodType): Json[] {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: dropSafeIntegerBounds,
  }) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: json.required?.includes(name) ?? false,
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/** The error answers of an operation, one per status, each listing its codes. */
function errorResponses(operation: Operation): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(operation)) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Json> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: codes.map((code) => `\`${code}\``).join(', '),
      content: {
        'application/json': {
          schema: {
            allOf: [
              ref('ErrorBody'),
              {
                type: 'object',
                properties: { error: { type: 'object', properties: { code: { enum: codes } } } },
              },
            ],
          },
        },
      },
    };
  }
  return out;
}

function successResponses(
  operation: Operation,
  responseIds: Map<string, string>,
): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(operation.responses)) {
    if (answer === undefined) continue;
    if ('contentType' in answer) {
      out[status] =
        answer.contentType === 'none'
          ? { description: answer.description }
          : {
              description: answer.description,
              content: { [answer.contentType]: { schema: { type: 'string' } } },
            };
      continue;
    }
    const id = responseIds.get(`${operation.operationId} ${status}`)!;
    out[status] = {
      description: status.startsWith('2') ? 'OK' : 'See the body.',
      content: { 'application/json': { schema: ref(id) } },
    };
  }
  for (const alternative of operation.alternatives ?? []) {
    const answer = out[String(alternative.status)];
    if (!answer) continue;
    answer.content = {
      ...(answer.content as Json),
      [alternative.contentType]: {
        schema: { type: 'string', description: alternative.description },
      },
    };
  }
  return out;
}

/** Success and error answers; a status that is both is a mistake in the declaration. */
function responsesOf(operation: Operation, responseIds: Map<string, string>): Record<string, Json> {
  const success = successResponses(operation, responseIds);
  const errors = errorResponses(operation);
  const both = Object.keys(errors).filter((status) => status in success);
  if (both.length > 0) {
    throw new Error(
      `${operation.operationId}: status ${both.join(', ')} is both an answer and an error code's`,
    );
  }
  return { ...success, ...errors };
}

/** Builds the document from the operations (every route's entry). */
export function openApiDocument(
  options: {
    operations?: readonly Operation[];
    /** Each error code's sentence (scripts/openapi.mjs reads them from shared/errors.ts). */
    errorDescriptions?: Partial<Record<ErrorCode, string>>;
  } = {},
): Json {
  const operations = options.operations ?? allOperations;
  // Request bodies: the routes' own schemas, converted as input (defaults optional).
  const requests = z.registry<{ id: string }>();
  for (const operation of operations) {
    if (operation.body && !requests.has(operation.body)) {
      requests.add(operation.body, { id: `${pascal(operation.operationId)}Body` });
    }
  }
  // Answers: named schemas keep their names; others are named after their operation.
  const responseIds = new Map<string, string>();
  for (const operation of operations) {
    for (const [status, answer] of Object.entries(operation.responses)) {
      if (answer === undefined || 'contentType' in answer) continue;
      let id = idOf(answer);
      if (id === undefined) {
        id = `${pascal(operation.operationId)}Response`;
        components.add(answer, { id });
      }
      responseIds.set(`${operation.operationId} ${status}`, id);
    }
  }
  // Make sure every webhook event is registered (the import did it).
  void WEBHOOK_EVENTS;

  const schemas = { ...convert(components, 'output'), ...convert(requests, 'input') };
  const requestIds = new Map<z.core.$ZodType, string>();
  for (const operation of operations) {
    if (operation.body) requestIds.set(operation.body, requests.get(operation.body)!.id);
  }

  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of operations) {
    const parameters = [
      ...pathParameters(operation.path),
      ...(operation.query ? queryParameters(operation.query) : []),
      ...(operation.parameters ?? []),
      ...(operation.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ];
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      // A merchant route names the key scopes that may call it (worker/keys/route-scopes.ts):
      // OpenAPI 3.1 lets an http scheme's requirement list the roles it needs.
      security:
        operation.audience === 'merchant'
          ? [{ merchantKey: scopesFor(operation.method, operation.path) }]
          : [],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: ref(requestIds.get(operation.body)!) },
                ...Object.fromEntries(
                  (operation.bodyAlternatives ?? []).map((alt) => [
                    alt.contentType,
                    { schema: { type: 'string', description: alt.description } },
                  ]),
                ),
              },
            },
          }
        : {}),
      responses: responsesOf(operation, responseIds),
    };
  }

  const webhooks: Record<string, Json> = {};
  for (const type of WEBHOOK_TYPES) {
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        tags: ['Webhooks'],
        summary: `\`${type}\``,
        description:
          'POSTed to MERCHANT_WEBHOOK_URL, signed per Standard Webhooks: verify the ' +
          '`webhook-signature` with `verifyWebhook` (`unified-checkout/webhooks` or ' +
          '`unified-checkout/client`) before trusting the body.',
        security: [],
        parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
          name,
          in: 'header',
          required: true,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref(idOf(WEBHOOK_EVENTS[type])!) } },
        },
        responses: {
          '200': { description: 'Any 2xx: delivered; anything else is retried for three days.' },
        },
      },
    };
  }

  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'unified-checkout',
      version: API_VERSION,
      summary: 'Checkout sessions, payouts and payment links over a unified African payments API.',
      description: errorsSection(ERROR_CODES, options.errorDescriptions),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This deployment' }],
    security: [{ merchantKey: [] }],
    tags: [...tags, 'Webhooks']
      .map((name) => ({
        name,
        ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
      }))
      .filter((tag, index, all) => all.findIndex((t) => t.name === tag.name) === index),
    paths,
    webhooks,
    components: {
      schemas,
      securitySchemes: {
        merchantKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A merchant API key (MERCHANT_API_KEY or MERCHANT_API_KEYS). Each operation lists ' +
            'the key scopes that may call it (`full`, `read`, `checkout`); another scope is 403 ' +
            '`FORBIDDEN`.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Recommended, not required. Retries with the same key and body answer the first ' +
            'result; another body is 409 `IDEMPOTENCY_MISMATCH`. Without a key each request ' +
            'creates anew: a retried create makes a second one.',
          schema: { type: 'string', maxLength: 255 },
        },
      },
    },
  };
}
