/**
 * A route's contract, declared where the route is: `contract({...})` is the first middleware of
 * the route's registration (as hono-openapi's `describeRoute`), carrying the zod schemas of its
 * answers (worker/views/) and its error codes, and the route's validators (`jsonBody`,
 * `queryOf`) carry the zod schemas they check. worker/openapi/document.ts walks the app's
 * routes and builds the document from them at build time; the Worker bundles no converter. docs/api.md, "Adding a route to the document", says how.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import type { ErrorCode } from '../../shared/errors';

/** Who may call a route. */
export type Audience = 'merchant' | 'checkout' | 'callback' | 'public';

/** A non-JSON answer: its content type (`none`: no body) and what it holds. */
export interface OtherContent {
  contentType: string;
  description: string;
}

/** A route's contract. Its method and path are the route's own. */
export interface RouteContract {
  /** Unique, camelCase; the typed client and the docs' anchors use it. */
  operationId: string;
  /** The docs' section (e.g. `Sessions`). */
  tag: string;
  summary: string;
  description?: string;
  audience: Audience;
  /** The query parameters, when the route reads them without `queryOf` (its validator's else). */
  query?: z.core.$ZodType;
  /** Query parameters the route reads outside its zod schema, as OpenAPI parameter objects. */
  parameters?: readonly Record<string, unknown>[];
  /** The JSON body, when the route reads it without `jsonBody` (its validator's else). */
  body?: z.core.$ZodType;
  /** Other content types the body may come in besides JSON (e.g. a CSV upload). */
  bodyAlternatives?: readonly OtherContent[];
  /** Takes an `Idempotency-Key` header (worker/idempotency/). */
  idempotent?: boolean;
  /** Each answer's status and its JSON body schema (a view), or a non-JSON answer. */
  responses: Partial<Record<number, z.core.$ZodType | OtherContent>>;
  /** Other content types a success status may come in (e.g. CSV beside JSON). */
  alternatives?: readonly ({ status: number } & OtherContent)[];
  /** The error codes this route answers besides the common ones (worker/openapi/route-errors.ts). */
  errors: readonly ErrorCode[];
}

/** Where a route's contract sits on its `contract()` middleware. */
export const CONTRACT = Symbol('route contract');

/** Where a validator's zod schema sits on it (beside hono-openapi's metadata). */
export const INPUT = Symbol('route input');

/** What a validator declares: the part of the request it reads, and the schema. */
export interface DeclaredInput {
  target: 'json' | 'query';
  schema: z.core.$ZodType;
}

/**
 * The route's contract as a middleware that does nothing at request time: the first handler of
 * the route's registration.
 *
 * @example
 * app.get('/:id', contract({ operationId: 'getRefund', tag: 'Refunds', summary: 'Read a refund',
 *   audience: 'merchant', responses: { 200: refundDetailSchema }, errors: ['NOT_FOUND'] }),
 *   async (c) => ...);
 */
export function contract(entry: RouteContract): MiddlewareHandler {
  const describe: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  return Object.assign(describe, { [CONTRACT]: entry });
}

/**
 * Marks a validator middleware with the schema it checks, for the document.
 *
 * @example
 * return declareInput(validator('query', check), 'query', schema);
 */
export function declareInput<M extends object>(
  middleware: M,
  target: DeclaredInput['target'],
  schema: z.core.$ZodType,
): M {
  return Object.assign(middleware, { [INPUT]: { target, schema } satisfies DeclaredInput });
}

/** An HTML page (the hosted page, the return page). */
export const HTML_PAGE: OtherContent = { contentType: 'text/html', description: 'An HTML page.' };
