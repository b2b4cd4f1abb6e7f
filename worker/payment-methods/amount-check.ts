/**
 * Session creation's amount check (docs/payment-methods.md, "Limits"): an amount that no
 * offered method takes is refused with 400, naming each method's range.
 * @module
 */
import type { Catalogue } from '../../shared/catalogue';
import { CheckoutError } from '../../shared/errors';
import { offeredCountries } from '../session/public-view';
import { inRange, rangeText, type MethodLimits } from './limits';

/** What the check reads of a session's terms. */
interface SessionTerms {
  amount: number;
  currency: string;
  country_id?: number | null;
  methods?: readonly string[] | null;
}

/**
 * Throws VALIDATION_FAILED (400) when no method the session would offer takes its amount.
 *
 * @example
 * refuseUntakeableAmount(config.catalogue, config.methodLimits, input);
 */
export function refuseUntakeableAmount(
  catalogue: Catalogue,
  limits: MethodLimits,
  terms: SessionTerms,
): void {
  const countries = offeredCountries(
    catalogue,
    terms.currency,
    terms.country_id ?? null,
    terms.methods ?? null,
    { limits, statuses: new Map() },
  );
  const options = countries.flatMap((country) =>
    country.methods.map((method) => ({ country, method })),
  );
  if (options.length === 0 || options.some(({ method }) => inRange(method, terms.amount))) return;
  const ranges = options.map(({ country, method }) => ({
    country_id: country.id,
    method: method.value,
    min: method.min ?? null,
    max: method.max ?? null,
  }));
  const named = options
    .map(
      ({ country, method }) =>
        `${method.label} (${country.name}): ${rangeText(method, terms.currency)}`,
    )
    .join('; ');
  throw new CheckoutError('VALIDATION_FAILED', `No offered method takes this amount: ${named}.`, {
    issues: [
      { path: 'amount', message: `must be within a range an offered method takes: ${named}` },
    ],
    ranges,
  });
}
