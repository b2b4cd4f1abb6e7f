/**
 * The payment methods (worker/routes/payment-methods.ts, worker/payment-methods/predict.ts):
 * the list of enabled methods and the operator predictions.
 * @module
 */
import * as z from 'zod';
import { methodKindSchema } from './checkout-view';
import { named } from '../openapi/registry';
import { LANGUAGES, type Language } from '../../shared/strings/languages';

export const paymentMethodListSchema = named(
  'PaymentMethodList',
  z.object({
    data: z.array(
      z.object({
        country_id: z.number().int(),
        currency: z.string(),
        method: z.string().describe('The `payment_method_type` to send.'),
        kind: methodKindSchema,
        label: z.string(),
        min: z.number().nullable().describe('The smallest amount it takes; null: no limit.'),
        max: z.number().nullable().describe('The largest amount it takes; null: no limit.'),
        status: z.enum(['operational', 'degraded', 'closed']),
        instructions: z
          .object(
            Object.fromEntries(LANGUAGES.map((code) => [code, z.string()])) as Record<
              Language,
              z.ZodString
            >,
          )
          .nullable()
          .describe("How to approve a missed prompt from the phone's menu (prompt methods only)."),
      }),
    ),
  }),
  'Every enabled method of every market (or of one currency).',
);

export const predictionSchema = named(
  'Prediction',
  z.object({
    country_id: z.number().int(),
    method: z
      .string()
      .nullable()
      .describe('The predicted `payment_method_type`; null when the prefix is unknown.'),
    e164: z.string().describe('The number in E.164.'),
  }),
  "A number's operator, guessed from its prefix (number portability makes it a guess).",
);

export const checkoutPredictionSchema = named(
  'CheckoutPrediction',
  z.object({ country_id: z.number().int(), method: z.string().nullable() }),
  "The payer's operator, guessed from the number's prefix among the session's offered methods.",
);

/** `GET /v1/payment-methods`'s query (read by the route by hand). */
export const paymentMethodsQuery = z.object({
  currency: z
    .string()
    .optional()
    .describe("Only the markets of this currency (one of the deployment's)."),
});
