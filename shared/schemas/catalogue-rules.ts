/**
 * What the schemas checked against a {@link Catalogue} share: one schema per catalogue, and the
 * issue of a `country_id` that is not a collection market.
 * @module
 */
import type { Catalogue } from '../catalogue';
import type { RuleIssue } from './object-rules';

/**
 * A schema factory that builds once per catalogue: `build` runs on a catalogue's first use and
 * its result is kept (weakly) for the next.
 *
 * @example
 * const schemaFor = perCatalogue((catalogue) => baseSchema.check(objectRules(rulesOf(catalogue))));
 * schemaFor(catalogue) === schemaFor(catalogue); // true
 */
export function perCatalogue<S>(build: (catalogue: Catalogue) => S): (catalogue: Catalogue) => S {
  const cache = new WeakMap<Catalogue, S>();
  return (catalogue) => {
    let schema = cache.get(catalogue);
    if (schema === undefined) {
      schema = build(catalogue);
      cache.set(catalogue, schema);
    }
    return schema;
  };
}

/** The issue of a `country_id` that is no active collection country. */
export function unknownCountryIssue(countryId: number): RuleIssue {
  return {
    path: ['country_id'],
    message: `must be an active collection country; ${countryId} is not one`,
  };
}
