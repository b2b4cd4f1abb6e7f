/**
 * The body of `POST /v1/sessions/:id/refunds` (merchant API): every field is optional. A refund
 * is sent upstream as a payout (worker/session/refunds.ts).
 * @module
 */
import * as z from 'zod/mini';
import { isReference, REFERENCE_RULE } from '../references';
import { positiveInteger, text } from './fields';

/** Where a refund is paid: a payout method and the recipient's international number. */
export const refundDestinationSchema = z.strictObject({
  method: text(64),
  mobile: z.string().check(z.regex(/^\d{8,15}$/, 'must be the international number, digits only')),
});

/**
 * A refund request. `amount` defaults to what is left to refund; `destination` to the payer's
 * phone and the payout method of the operator that paid; `attempt` (an attempt id `cs_….n`) to
 * the latest paid attempt with something left; `currency` to the session's (a payment reported in
 * another currency is refunded only in the currency it was paid in, named here).
 *
 * @example
 * const body = validate(refundBodySchema, { amount: 500, reason: 'out of stock' });
 */
/** The fields every refund request shares. */
const refundFields = {
  amount: z.optional(positiveInteger()),
  reason: z.optional(text(200)),
  reference: z.optional(z.string().check(z.refine((value) => isReference(value), REFERENCE_RULE))),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'))),
};

export const refundBodySchema = z.strictObject({
  ...refundFields,
  destination: z.optional(refundDestinationSchema),
  attempt: z.optional(
    z.string().check(z.regex(/^cs_[a-z2-7]{26}\.[1-9][0-9]{0,2}$/, 'must be an attempt id')),
  ),
});

/**
 * A refund of a payment-link payment (`POST /v1/payment-links/:id/payments/:ref/refunds`): one
 * payment, so no `attempt`; its payer's number is not kept, so `destination` is required;
 * `currency` defaults to the link's (a payment reported in another one is refunded only in it).
 *
 * @example
 * validate(linkRefundBodySchema, { destination: { method: 'mpesa', mobile: '254712345000' } });
 */
export const linkRefundBodySchema = z.strictObject({
  ...refundFields,
  destination: refundDestinationSchema,
});

/** A valid refund body of a payment-link payment. */
export type LinkRefundBody = z.output<typeof linkRefundBodySchema>;

/** A valid refund body. */
export type RefundBody = z.output<typeof refundBodySchema>;

/** A refund destination. */
export type RefundDestination = z.output<typeof refundDestinationSchema>;
