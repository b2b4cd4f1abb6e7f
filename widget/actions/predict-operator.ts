/**
 * Phone first: asks the proxy which operator the typed number is on
 * (`POST /v1/checkout/:id/predict`; the prefix tables stay on the server) and preselects it.
 * Part of the form's chunk (fetched when the payer first types).
 * @module
 */
import { isValidPhone, normalizePhone } from '../../shared/phone';
import type { CheckoutView, CountryOption } from '../../shared/view';
import { checkoutUrl } from '../api';
import { phoneRule, takes, type FieldValues } from '../form-model';

/** What the prediction reads from and writes to the element. */
export interface PredictHost {
  readonly endpointUrl: string;
  readonly step: string;
  readonly _view: CheckoutView | null;
  _values: FieldValues;
  _methodValue: string | null;
  _country(): CountryOption | undefined;
}

/** The number each element last asked about (one question per number). */
const asked = new WeakMap<PredictHost, string>();

/**
 * On the choice (the number first), once the typed number is valid (and new), asks for its operator; a method the session offers
 * and that takes the amount is preselected. No answer, or an unknown prefix: the payer chooses.
 *
 * @example
 * void predictOperator(host); // on each keystroke in the number field
 */
export async function predictOperator(host: PredictHost): Promise<void> {
  const view = host._view;
  const country = host._country();
  if (!view || !country || host.step != 'choose') return;
  const rule = phoneRule(country);
  const mobile = normalizePhone((host._values.mobile ?? '').trim(), rule);
  if (!isValidPhone(mobile, rule) || asked.get(host) === mobile) return;
  asked.set(host, mobile);
  host._values = { ...host._values, predicted: null };
  try {
    const res = await fetch(`${checkoutUrl(host.endpointUrl, view.id)}/predict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, country_id: country.id }),
      credentials: 'omit',
      cache: 'no-store',
    });
    const { method: value } = (await res.json()) as { method?: string | null };
    const method = country.methods.find((m) => m.value === value);
    // Still the number and country the payer is on.
    if (!method || asked.get(host) !== mobile || host._country()?.id !== country.id) return;
    if (!takes(method, view.amount)) return;
    host._methodValue = method.value;
    host._values = { ...host._values, predicted: method.value };
  } catch {
    /* no guess: the payer chooses */
  }
}
