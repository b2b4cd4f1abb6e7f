/**
 * Reads a JSON request body safely: Content-Type checked, size capped (413 above the limit),
 * parse errors and hostile shapes answered with a clear 4xx in the shared error shape.
 * @module
 */
import type { Context, Env, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod/mini';
import { CheckoutError } from '../../shared/errors';
import { checkHostileJson, validate } from '../../shared/validation';
import type { ProxyApp } from '../app-env';
import { declareInput } from '../openapi/contract';

/** Default cap of a JSON body, in bytes. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

function tooLarge(limit: number): CheckoutError {
  return new CheckoutError('PAYLOAD_TOO_LARGE', `The body is larger than ${limit} bytes.`, {
    limit,
  });
}

/** Reads the body's bytes as strict UTF-8 (a lone surrogate or a stray byte is refused). */
async function utf8(request: Request): Promise<string> {
  try {
    const bytes = await request.arrayBuffer();
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CheckoutError('INVALID_JSON', 'The body is not valid UTF-8.');
  }
}

/**
 * Reads the request's body as UTF-8 text, whatever its type; 413 PAYLOAD_TOO_LARGE above
 * `limit` bytes (hono/body-limit, declared or streamed size).
 *
 * @example
 * const csv = await readText(c, 2 * 1024 * 1024);
 */
export async function readText(c: Context, limit: number = DEFAULT_BODY_LIMIT): Promise<string> {
  const limited = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw tooLarge(limit);
    },
  });
  let text = '';
  await limited(c, async () => {
    text = await utf8(c.req.raw);
  });
  return text;
}

/**
 * Reads and parses the request's JSON body. Throws CheckoutError with UNSUPPORTED_MEDIA_TYPE,
 * PAYLOAD_TOO_LARGE, INVALID_JSON or VALIDATION_FAILED (hostile keys, too deep). For bodies
 * whose checks come before their shape (callbacks verify a signature first); routes with a
 * schema use {@link jsonBody}.
 *
 * @example
 * const envelope = await readJson(c, CALLBACK_BODY_LIMIT);
 */
export async function readJson(c: Context, limit: number = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new CheckoutError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the body as JSON with the header Content-Type: application/json.',
    );
  }
  const text = await readText(c, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CheckoutError('INVALID_JSON', 'The body is not valid JSON.');
  }
  const hostile = checkHostileJson(value);
  if (hostile) {
    throw new CheckoutError(
      'VALIDATION_FAILED',
      `The body has a shape we do not accept: ${hostile.message}.`,
      { issues: [hostile] },
    );
  }
  return value;
}

/** Options of {@link jsonBody}. */
export interface JsonBodyOptions {
  /** Largest body accepted, in bytes (default {@link DEFAULT_BODY_LIMIT}). */
  limit?: number;
  /** The error message when the body does not match the schema (its issues go in `details`). */
  invalid: string;
  /** The body the route's contract shows, when the schema is built per request (the rules
   * that depend on the deployment are checked, not shown). */
  documented?: z.core.$ZodType;
}

/**
 * A validator middleware: reads the body with {@link readJson}, checks it against a zod/mini
 * schema (or one built from the request, e.g. from `c.var.config`) and hands the parsed value
 * to the handler as `c.req.valid('json')`. A body that does not match answers 400
 * VALIDATION_FAILED with `invalid` as its message and the issues in `details`. Not
 * `validator('json', …)` of hono/validator: it parses before any check of ours (no size cap,
 * no strict UTF-8) and treats a body of another media type as `{}`. The schema (or
 * `documented`) is the request body of the route's contract (worker/openapi/contract.ts).
 *
 * @example
 * app.post('/:id/otp', jsonBody(otpBodySchema, { limit: 1024, invalid: 'Enter the code you received.' }),
 *   (c) => c.json({ otp: c.req.valid('json').otp }));
 */
export function jsonBody<S extends z.core.$ZodType, E extends Env = ProxyApp>(
  schema: S | ((c: Context<E>) => S),
  options: JsonBodyOptions,
): MiddlewareHandler<E, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  const check: MiddlewareHandler<
    E,
    string,
    { in: { json: z.input<S> }; out: { json: z.output<S> } }
  > = async (c, next) => {
    const body = await readJson(c, options.limit);
    const checked = validate(typeof schema === 'function' ? schema(c) : schema, body);
    if (!checked.ok) {
      throw new CheckoutError('VALIDATION_FAILED', options.invalid, { issues: checked.issues });
    }
    c.req.addValidatedData('json', checked.value as object);
    await next();
  };
  const shown = typeof schema === 'function' ? options.documented : schema;
  return shown ? declareInput(check, 'json', shown) : check;
}
