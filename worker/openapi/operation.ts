/**
 * One route's entry in the OpenAPI document: a small declaration next to its neighbours in
 * worker/openapi/operations/. docs/api.md, "Adding a route to the document", says how.
 * @module
 */
import type * as z from 'zod';
import type { ErrorCode } from '../../shared/errors';

/** Who may call a route. */
export type Audience = 'merchant' | 'checkout' | 'callback' | 'public';

/** A route's entry. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form, `{param}` for Hono's `:param`, e.g. `/v1/sessions/{id}`. */
  path: string;
  /** Unique, camelCase; the typed client and the docs' anchors use it. */
  operationId: string;
  /** The docs' section (e.g. `Sessions`). */
  tag: string;
  summary: string;
  description?: string;
  audience: Audience;
  /** The query parameters: the zod object the route validates them with. */
  query?: z.core.$ZodType;
  /** Query parameters the route reads outside its zod schema, as OpenAPI parameter objects. */
  parameters?: readonly Record<string, unknown>[];
  /** The JSON body: the zod schema the route validates it with. */
  body?: z.core.$ZodType;
  /** Other content types the body may come in besides JSON (e.g. a CSV upload). */
  bodyAlternatives?: readonly { contentType: string; description: string }[];
  /** Takes an `Idempotency-Key` header (worker/idempotency/). */
  idempotent?: boolean;
  /** Each answer's status and its JSON body schema, or the content type of a non-JSON one. */
  responses: Partial<
    Record<number, z.core.$ZodType | { contentType: string; description: string }>
  >;
  /** Other content types a success status may come in (e.g. CSV beside JSON). */
  alternatives?: readonly { status: number; contentType: string; description: string }[];
  /** The error codes this route answers besides the audience's common ones (operations/common.ts). */
  errors: readonly ErrorCode[];
}

/**
 * Declares a route's entry (an identity function, for the type).
 *
 * @example
 * op({ method: 'get', path: '/v1/balance', operationId: 'getBalance', tag: 'Balance',
 *   summary: 'Read the balances', audience: 'merchant', responses: { 200: balanceSchema },
 *   errors: ['UPSTREAM_REJECTED', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT'] });
 */
export function op(operation: Operation): Operation {
  return operation;
}
