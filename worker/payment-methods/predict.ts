/**
 * The operator of a payer's number, guessed from its prefix (shared/operator-prefixes.ts): the
 * same guess for the widget (`POST /v1/checkout/:id/predict`) and for merchants
 * (`POST /v1/payment-methods/predict`). Number portability makes it a guess: the payer can
 * change it.
 * @module
 */
import type { Catalogue } from '../../shared/catalogue';
import type { Country } from '../../shared/countries';
import { OPERATOR_PREFIXES } from '../../shared/operator-prefixes';
import { dialCodeOf, isValidPhone, normalizePhone } from '../../shared/phone';
import type * as z from 'zod';
import type { predictionSchema } from '../views/payment-methods';

/** What a prediction answers. */
export type Prediction = z.output<typeof predictionSchema>;

/**
 * The country of a typed number and its international form: with one country in question any
 * form it takes (national, trunk `0`, `+`); with several, the international form, by its dial
 * code.
 */
function countryOf(typed: string, countries: readonly Country[]): [Country, string] | null {
  const digits = typed.replace(/[\s\-.()]/g, '').replace(/^(\+|00)/, '');
  const candidates =
    countries.length === 1 ? countries : countries.filter((c) => c.dialCode === dialCodeOf(digits));
  for (const country of candidates) {
    const mobile = normalizePhone(typed, country);
    if (isValidPhone(mobile, country)) return [country, mobile];
  }
  return null;
}

/**
 * Predicts the method of a number among `countries` (the catalogue's, or a session's offered
 * ones) limited to `offered` method values when given; null when the number is no valid mobile
 * number of any of them.
 *
 * @example
 * predictMethod(catalogue, '+250 788 123 456', catalogue.countries);
 * // { country_id: 8, method: 'mtn', e164: '+250788123456' }
 */
export function predictMethod(
  catalogue: Catalogue,
  typed: string,
  countries: readonly Country[],
  offered?: (countryId: number, value: string) => boolean,
): Prediction | null {
  const found = countryOf(typed.trim(), countries);
  if (!found) return null;
  const [country, mobile] = found;
  const national = mobile.slice(country.dialCode.length);
  const table = OPERATOR_PREFIXES[country.id] ?? {};
  const prefix = Object.keys(table)
    .filter((p) => national.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  const slotId = prefix === undefined ? undefined : table[prefix];
  const slot = catalogue
    .enabledMethods(country.id)
    .find((m) => m.slot === slotId && (!offered || offered(country.id, m.value!)));
  return { country_id: country.id, method: slot?.value ?? null, e164: `+${mobile}` };
}
