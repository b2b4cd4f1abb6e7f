/**
 * The upstream's failure body, shared by every endpoint: `{ success: false, message }`
 * (`success` may be the text `"false"` on the token and balance endpoints).
 * @module
 */
import * as z from 'zod/mini';
import { failureFlag } from './fields';

/**
 * A refusal from the upstream.
 *
 * @example
 * const refused = validate(upstreamFailureSchema, body);
 * if (refused.ok) throw new CheckoutError('UPSTREAM_REJECTED', '…', { upstream_message: refused.value.message });
 */
export const upstreamFailureSchema = z.looseObject({
  success: failureFlag,
  message: z.string(),
});

/** A refusal from the upstream. */
export type UpstreamFailure = z.output<typeof upstreamFailureSchema>;
