/**
 * The upstream's signed request envelope: `client_id`, `sender`, `timestamp`, `salt`,
 * `signature` and the operation's `params`. Callbacks arrive in the same envelope.
 * Upstream shapes are tolerant: extra root keys are kept, never refused.
 * @module
 */
import * as z from 'zod/mini';
import { integer, text } from './fields';

/** A SHA-256 signature: 64 hexadecimal characters (either case; compared in lowercase). */
export const signatureHex = z
  .string()
  .check(z.regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a SHA-256 signature)'));

/**
 * The envelope around `params`.
 *
 * @example
 * const callbackSchema = signedEnvelopeSchema(collectionCallbackParamsSchema);
 */
export function signedEnvelopeSchema<P extends z.core.SomeType>(params: P) {
  return z.looseObject({
    client_id: text(200),
    sender: text(200),
    timestamp: integer('must be a whole number of seconds since 1970 (Unix time)').check(z.gte(0)),
    salt: text(200),
    signature: signatureHex,
    params,
  });
}

/** Any envelope, with `params` any object (checked later by the operation's own schema). */
export const signedEnvelope = signedEnvelopeSchema(z.looseObject({}));

/** A signed envelope whose params are not yet checked. */
export type SignedEnvelopeInput = z.output<typeof signedEnvelope>;
