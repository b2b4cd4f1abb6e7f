/**
 * The OpenAPI 3.1 document, generated from the app: each route's contract (worker/openapi/
 * contract.ts, declared in the route's registration), the zod schemas its validators check
 * (requests) and the views it answers (worker/views/), converted by zod's own
 * `z.toJSONSchema`. Built at build time (scripts/openapi.mjs writes public/openapi.json and the
 * /docs page) and in the tests; the Worker never imports this module. docs/api.md says how to
 * add a route.
 * @module
 */
import type { Hono } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import * as z from 'zod';
import { errorStatus, type ErrorCode } from '../../shared/errors';
import { app as workerApp } from '../index';
import { CONTRACT, INPUT, type DeclaredInput, type RouteContract } from './contract';
import { errorsOf } from './route-errors';
import { components, named } from './registry';
import { ERROR_CODES, errorBodySchema } from '../../shared/schemas/error-body';
import { WEBHOOK_TYPES } from '../views/common';
import { WEBHOOK_EVENTS } from '../views/webhooks';
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

/** A route's entry: its contract, where it is, and what its validators read. */
export interface Operation extends RouteContract {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form, `{param}` for Hono's `:param`, e.g. `/v1/sessions/{id}`. */
  path: string;
}

/** Routes with no contract, by design: the console's (its API is /v1's own handlers behind
 * Cloudflare Access, docs/console.md). */
const UNDOCUMENTED = /^\/console(\/|$)/;

/**
 * Every route of `app` with its contract, in the app's order. A route without a contract
 * fails the build: it would be missing from the document.
 */
export function operationsOf(app: Hono<never>): Operation[] {
  const found = new Map<string, { contract?: RouteContract; inputs: DeclaredInput[] }>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*') || UNDOCUMENTED.test(route.path)) {
      continue;
    }
    const path = route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
    const key = `${route.method.toLowerCase()} ${path}`;
    const entry = found.get(key) ?? { inputs: [] };
    found.set(key, entry);
    const handler = findTargetHandler(route.handler) as {
      [CONTRACT]?: RouteContract;
      [INPUT]?: DeclaredInput;
    };
    if (handler[CONTRACT]) entry.contract = handler[CONTRACT];
    if (handler[INPUT]) entry.inputs.push(handler[INPUT]);
  }
  const missing = [...found].filter(([, entry]) => !entry.contract).map(([key]) => key);
  if (missing.length > 0) {
    throw new Error(
      `routes without a contract (worker/openapi/contract.ts): ${missing.join(', ')}`,
    );
  }
  return (
    [...found]
      .map(([key, { contract, inputs }]) => {
        const [method, path] = key.split(' ') as [Operation['method'], string];
        const input = (target: DeclaredInput['target']) =>
          inputs.find((declared) => declared.target === target)?.schema;
        const body = contract!.body ?? input('json');
        const query = contract!.query ?? input('query');
        return {
          ...contract!,
          method,
          path,
          ...(body ? { body } : {}),
          ...(query ? { query } : {}),
        };
      })
      // By section (the sidebar's order), each in the app's order: a body two routes share is
      // named after the first.
      .sort((a, b) => tagRank(a.tag) - tagRank(b.tag))
  );
}

/** Each tag's line in the docs' sidebar sections, in the sidebar's order. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Sessions: 'Checkout sessions: create one per order, then read, reconcile or erase it.',
  Webhooks:
    'The events feed, resending a webhook, and (in the webhooks section) every event we POST ' +
    'to your endpoint.',
  Refunds: "A session's payment paid back (all or part), sent as a payout to the payer.",
  Payouts: 'Money sent to a phone; the reference is its idempotency key.',
  'Payout batches':
    'Many payouts at once, from JSON rows or a CSV, sent once another actor approves them.',
  'Payment links': 'Hosted payment links and the payments made through them.',
  'Balance and transactions': "The upstream's balances and any transaction's status.",
  Reports: 'The settlement report of a period.',
  'Payment methods': 'The enabled methods, their limits and availability; operator prediction.',
  'Webhook endpoints': 'More endpoints for the webhooks, each with its events, secret and log.',
  'Checkout (widget)': 'The public API the widget calls from the payer’s browser (CORS).',
  'Hosted page': 'The page a session’s `checkout_url` opens.',
  Operations: 'Health, diagnostics and the query index’s maintenance.',
  'Callbacks (upstream)': "What the upstream POSTs to us, in the upstream's own shapes.",
};

/** A tag's place in the sidebar (a tag not listed above comes last). */
const tagRank = (tag: string): number => {
  const rank = Object.keys(TAG_DESCRIPTIONS).indexOf(tag);
  return rank === -1 ? Number.MAX_SAFE_INTEGER : rank;
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

/** The Worker's routes with their contracts (worker/index.ts's app). */
export function appOperations(): Operation[] {
  return operationsOf(workerApp as unknown as Hono<never>);
}

/** Builds the document from the app's routes (or the operations given). */
export function openApiDocument(
  options: {
    operations?: readonly Operation[];
    /** Each error code's sentence (scripts/openapi.mjs reads them from shared/errors.ts). */
    errorDescriptions?: Partial<Record<ErrorCode, string>>;
  } = {},
): Json {
  const operations = options.operations ?? appOperations();
  const ids = operations.map((operation) => operation.operationId);
  const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (twice.length > 0) throw new Error(`operationId used twice: ${twice.join(', ')}`);
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
