/**
 * The catalogue a deployment runs with: the markets of `shared/countries.ts` with the
 * deployment's `CATALOGUE` overrides and `VIRTUAL_ACCOUNT_BANKS` names applied.
 * @module
 */
import type { CatalogueOverrides, SlotOverride } from './catalogue-settings';
import { COUNTRIES, NGN_BANKS, type Country, type MethodSlot, type NgnBank } from './countries';

/** The catalogue a deployment runs with. */
export interface Catalogue {
  readonly countries: readonly Country[];
  /** NGN virtual-account banks with the deployment's names (`VIRTUAL_ACCOUNT_BANKS`). */
  readonly banks: readonly NgnBank[];
  /** The country with this `country_id`, if it is a collection market. */
  country(id: number): Country | undefined;
  /** The enabled slot of `country` whose value (or alias) is `value`. */
  method(countryId: number, value: string): MethodSlot | undefined;
  /** Enabled methods of a country. */
  enabledMethods(countryId: number): MethodSlot[];
}

/** A slot with its override applied. */
function overridden(m: MethodSlot, override: string | null | SlotOverride | undefined): MethodSlot {
  if (override === undefined) return m;
  if (override === null || typeof override === 'string') return { ...m, value: override };
  const { type, ...brandOverride } = override;
  return { ...m, value: type, brand: brandOverride };
}

/**
 * The catalogue with a deployment's overrides (and bank names) applied.
 *
 * @example
 * const catalogue = applyCatalogueOverrides(parseCatalogueOverrides(env.CATALOGUE));
 * catalogue.method(1, 'send money')?.kind; // 'phone_prompt'
 */
export function applyCatalogueOverrides(
  overrides: CatalogueOverrides = {},
  banks: readonly NgnBank[] = NGN_BANKS,
): Catalogue {
  const countries = COUNTRIES.map((country) => ({
    ...country,
    methods: country.methods.map((m) =>
      overridden(m, Object.hasOwn(overrides, m.slot) ? overrides[m.slot] : undefined),
    ),
  }));
  const byId = new Map(countries.map((country) => [country.id, country]));
  return {
    countries,
    banks,
    country: (id) => byId.get(id),
    enabledMethods: (countryId) =>
      (byId.get(countryId)?.methods ?? []).filter((m) => m.value !== null),
    method(countryId, value) {
      return byId
        .get(countryId)
        ?.methods.find(
          (m) => m.value !== null && (m.value === value || m.aliases?.includes(value)),
        );
    },
  };
}

/** The catalogue with no overrides. */
export const defaultCatalogue: Catalogue = applyCatalogueOverrides();
