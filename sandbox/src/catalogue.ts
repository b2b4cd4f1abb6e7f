/**
 * The catalogue the sandbox runs with: the shared country and method data with the `CATALOGUE`
 * var applied (the sandbox's wrangler.toml enables every slot with a sandbox value).
 * @module
 */
import { applyCatalogueOverrides, type Catalogue } from '../../shared/catalogue';
import { parseCatalogueOverrides } from '../../shared/catalogue-settings';
import type { SandboxVars } from './vars';

let cache: { raw: SandboxVars['CATALOGUE']; catalogue: Catalogue } | undefined;

/**
 * The catalogue for this deployment (parsed once per distinct `CATALOGUE` value).
 *
 * @example
 * catalogueOf(c.env).method(1, 'send money')?.kind; // 'phone_prompt'
 */
export function catalogueOf(env: Pick<SandboxVars, 'CATALOGUE'>): Catalogue {
  if (cache === undefined || cache.raw !== env.CATALOGUE) {
    cache = {
      raw: env.CATALOGUE,
      catalogue: applyCatalogueOverrides(parseCatalogueOverrides(env.CATALOGUE)),
    };
  }
  return cache.catalogue;
}

/**
 * Every currency of the collection countries, each once.
 *
 * @example
 * currenciesOf(catalogue); // ['KES', 'XOF', 'XAF', …]
 */
export function currenciesOf(catalogue: Catalogue): string[] {
  return [...new Set(catalogue.countries.map((country) => country.currency))];
}
