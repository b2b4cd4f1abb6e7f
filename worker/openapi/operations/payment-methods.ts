/**
 * Payment methods (worker/routes/payment-methods.ts; docs/payment-methods.md).
 * @module
 */
import * as z from 'zod';
import { predictBodySchema } from '../../payment-methods/predict-body';
import { op } from '../operation';
import { paymentMethodListSchema, predictionSchema } from '../schemas/payment-methods';

/** The route reads `currency` by hand (one of the catalogue's currencies). */
const paymentMethodsQuery = z.object({
  currency: z
    .string()
    .optional()
    .describe("Only the markets of this currency (one of the deployment's)."),
});

export const paymentMethodOperations = [
  op({
    method: 'get',
    path: '/v1/payment-methods',
    operationId: 'listPaymentMethods',
    tag: 'Payment methods',
    summary: 'List the enabled payment methods',
    description:
      'Each with its label, amount range, availability and the payer’s instructions for a ' +
      'missed prompt.',
    audience: 'merchant',
    query: paymentMethodsQuery,
    responses: { 200: paymentMethodListSchema },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/v1/payment-methods/predict',
    operationId: 'predictPaymentMethod',
    tag: 'Payment methods',
    summary: "Guess a number's operator from its prefix",
    description:
      'Without `country_id`, the number in international form (+ and the dial code). ' +
      'Number portability makes it a guess.',
    audience: 'merchant',
    body: predictBodySchema,
    responses: { 200: predictionSchema },
    errors: ['COUNTRY_NOT_AVAILABLE'],
  }),
];
