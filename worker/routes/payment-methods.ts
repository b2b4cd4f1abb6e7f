/**
 * Merchant API: the payment methods (docs/payment-methods.md). `GET /v1/payment-methods`
 * lists every enabled method with its label, amount range, availability and the payer's
 * instructions; `POST /v1/payment-methods/predict` guesses a number's operator.
 * @module
 */
import { Hono } from 'hono';
import { methodOption } from '../../shared/brands';
import { CheckoutError } from '../../shared/errors';
import { ussdSteps } from '../../shared/payer-instructions';
import type { ProxyApp } from '../app-env';
import { jsonBody } from '../middleware/json-body';
import { methodStatuses } from '../payment-methods/availability';
import { predictBodySchema } from '../payment-methods/predict-body';
import { predictMethod } from '../payment-methods/predict';
import { isPromptKind } from '../../shared/method-kinds';
import { contract } from '../openapi/contract';
import {
  paymentMethodListSchema,
  paymentMethodsQuery,
  predictionSchema,
} from '../views/payment-methods';

/**
 * `GET /payment-methods?currency=`, `POST /payment-methods/predict` (mounted under /v1 in the
 * merchant API).
 *
 * @example
 * merchant.route('/', paymentMethods());
 */
export function paymentMethods() {
  const app = new Hono<ProxyApp>();

  app.get(
    '/payment-methods',
    contract({
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
    async (c) => {
      const { catalogue, methodLimits, availability } = c.var.config;
      const currency = c.req.query('currency') || undefined;
      const currencies = new Set(catalogue.countries.map((country) => country.currency));
      if (currency !== undefined && !currencies.has(currency)) {
        throw new CheckoutError('VALIDATION_FAILED', 'The query is invalid.', {
          issues: [{ path: 'currency', message: `must be one of ${[...currencies].join(', ')}` }],
        });
      }
      const statuses = await methodStatuses(c.env.INDEX, catalogue, availability, Date.now());
      const data = catalogue.countries
        .filter((country) => currency === undefined || country.currency === currency)
        .flatMap((country) =>
          catalogue.enabledMethods(country.id).map((slot) => {
            const option = methodOption(slot, country.iso2);
            const range = methodLimits[slot.slot];
            return {
              country_id: country.id,
              currency: country.currency,
              method: option.value,
              kind: option.kind,
              label: option.label,
              min: range?.min ?? null,
              max: range?.max ?? null,
              status: statuses.get(slot.slot) ?? 'operational',
              // How to approve a missed prompt from the phone's menu (prompt methods only).
              instructions: isPromptKind(slot.kind) ? ussdSteps(country.iso2, option.value) : null,
            };
          }),
        );
      return c.json({ data });
    },
  );

  app.post(
    '/payment-methods/predict',
    contract({
      operationId: 'predictPaymentMethod',
      tag: 'Payment methods',
      summary: "Guess a number's operator from its prefix",
      description:
        'Without `country_id`, the number in international form (+ and the dial code). ' +
        'Number portability makes it a guess.',
      audience: 'merchant',
      responses: { 200: predictionSchema },
      errors: ['COUNTRY_NOT_AVAILABLE'],
    }),
    jsonBody(predictBodySchema, { limit: 1024, invalid: 'The number is invalid.' }),
    (c) => {
      const { catalogue } = c.var.config;
      const { mobile, country_id: countryId } = c.req.valid('json');
      const countries =
        countryId === undefined
          ? catalogue.countries
          : catalogue.countries.filter((country) => country.id === countryId);
      if (countries.length === 0) {
        throw new CheckoutError('COUNTRY_NOT_AVAILABLE', `Country ${countryId} is not a market.`);
      }
      const prediction = predictMethod(catalogue, mobile, countries);
      if (!prediction) {
        throw new CheckoutError('VALIDATION_FAILED', 'The number is invalid.', {
          issues: [
            {
              path: 'mobile',
              message:
                countryId === undefined
                  ? 'must be a mobile number in international form (+ and the dial code) of a market'
                  : 'must be a mobile number of that country',
            },
          ],
        });
      }
      return c.json(prediction);
    },
  );

  return app;
}
