/**
 * The body of `POST /v1/payouts` (merchant API). The upstream's payout creation call is not
 * documented, so the proxy validates what every payout needs and passes the rest through signed;
 * `client_callback_url` is always the proxy's own hosted payout callback.
 * @module
 */
import * as z from 'zod/mini';
import { isReference, REFERENCE_RULE } from '../references';
import { currencyCode, positiveInteger, text } from './fields';

/**
 * A payout request: `reference` becomes both third_party_reference_1 and payment_reference.
 *
 * @example
 * const body = validate(payoutBodySchema, await c.req.json());
 */
export const payoutBodySchema = z.strictObject({
  amount: positiveInteger(),
  currency: currencyCode(),
  mobile: z.string().check(z.regex(/^\d{8,15}$/, 'must be the international number, digits only')),
  payment_method_type: text(64),
  reference: z.string().check(
    z.refine((value) => isReference(value), REFERENCE_RULE),
    // `re_…` names refunds, which are payouts the session allows (POST /v1/sessions/:id/refunds).
    z.refine((value) => !value.startsWith('re_'), 'must not start with re_ (refund ids use it)'),
  ),
  country_id: z.optional(positiveInteger()),
  name: z.optional(text(200)),
  narration: z.optional(text(200)),
});

/** A valid payout body. */
export type PayoutBody = z.output<typeof payoutBodySchema>;
