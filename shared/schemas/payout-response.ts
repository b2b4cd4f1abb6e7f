/**
 * The upstream's answer to a payout create (`SERVICE_PAYOUT_PATH`). Neither the path nor the
 * answer is documented (docs/upstream-api.md, "Payout creation"): only the success flag is
 * required, and the references the proxy reads from `data` are typed loosely.
 * @module
 */
import * as z from 'zod/mini';
import { maybe, successFlag } from './fields';

/** A reference as an undocumented answer may give it. */
const looseRef = maybe(z.union([z.string(), z.number()]));

/**
 * A successful payout create: the service's reference is `data.reference`, else `data.ref`,
 * else `data.transaction_id`.
 *
 * @example
 * const created = validate(payoutCreateResponseSchema, body);
 * if (created.ok) created.value.data?.reference;
 */
export const payoutCreateResponseSchema = z.looseObject({
  success: successFlag,
  message: maybe(z.string()),
  data: maybe(
    z.looseObject({
      reference: looseRef,
      ref: looseRef,
      transaction_id: looseRef,
    }),
  ),
});

/** A successful payout create. */
export type PayoutCreateResponse = z.output<typeof payoutCreateResponseSchema>;
