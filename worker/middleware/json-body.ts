/**
 * Reads a JSON request body safely: Content-Type checked, size capped (413 above the limit),
 * parse errors and hostile shapes answered with a clear 4xx.
 * @module
 */
import type { Context } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { checkHostileJson } from '../../shared/validation';

/** Default cap of a JSON body, in bytes (DESIGN: documented in the README). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * Reads and parses the request's JSON body. Throws CheckoutError with UNSUPPORTED_MEDIA_TYPE,
 * PAYLOAD_TOO_LARGE, INVALID_JSON or VALIDATION_FAILED (hostile keys, too deep).
 *
 * @example
 * const body = await readJson(c, 16 * 1024);
 */
export async function readJson(c: Context, limit: number = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new CheckoutError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the body as JSON with the header Content-Type: application/json.',
    );
  }
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  const text = await readLimited(c.req.raw, limit);
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
      {
        issues: [hostile],
      },
    );
  }
  return value;
}

function tooLarge(limit: number): CheckoutError {
  return new CheckoutError('PAYLOAD_TOO_LARGE', `The body is larger than ${limit} bytes.`, {
    limit,
  });
}

async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CheckoutError('INVALID_JSON', 'The body is not valid UTF-8.');
  }
}
