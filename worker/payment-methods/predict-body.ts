/**
 * The body of both prediction routes: `{ mobile, country_id? }` (the checkout route's country is
 * the one the payer chose; the merchant route needs the international form without it).
 * @module
 */
import * as z from 'zod/mini';

/** `POST /v1/payment-methods/predict` and `POST /v1/checkout/:id/predict`. */
export const predictBodySchema = z.strictObject({
  mobile: z.string().check(z.minLength(1), z.maxLength(32)),
  country_id: z.optional(z.int().check(z.positive())),
});

/** A prediction request. */
export type PredictBody = z.output<typeof predictBodySchema>;
