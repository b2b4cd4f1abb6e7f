/**
 * Mobile-number prefixes of each operator, per country: data the proxy predicts a payer's
 * operator from (worker/payment-methods/predict.ts). Only prefixes a public source documents are
 * listed; a number whose prefix is not here falls back to the payer's choice. Number portability
 * keeps a ported number's old prefix, so a prediction is a guess the payer can change.
 *
 * Keys are the national number's leading digits (after the dial code, no trunk `0`); values are
 * catalogue slot ids (shared/countries.ts), so a deployment's `CATALOGUE` values still match.
 * A wrong prefix is a one-line fix here. Server-side only: the widget asks the proxy.
 * @module
 */

/** National prefix → slot id, for one country. */
export type PrefixTable = Readonly<Record<string, string>>;

/** The prefix tables by `country_id`. Countries not listed have no table (the payer chooses). */
export const OPERATOR_PREFIXES: Readonly<Record<number, PrefixTable>> = {
  // Rwanda (+250): mobile ranges 72 and 73 are Airtel, 78 and 79 MTN. Source: the Rwanda
  // Utilities Regulatory Authority's national numbering plan, as summarised in Wikipedia,
  // "Telephone numbers in Rwanda" (mobile ranges by operator).
  8: {
    '72': 'rw-operator-2',
    '73': 'rw-operator-2',
    '78': 'rw-operator-1',
    '79': 'rw-operator-1',
  },
  // Uganda (+256): 77 and 78 are MTN's ranges. Source: Daily Monitor, "MTN exhausts 077, 078
  // codes" (2021-06-21), on the ranges the Uganda Communications Commission assigned to MTN.
  // Airtel's and MTN's newer ranges are not listed: no public source found that names them.
  11: {
    '77': 'ug-operator-1',
    '78': 'ug-operator-1',
  },
};
