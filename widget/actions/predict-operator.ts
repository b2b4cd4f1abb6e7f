/**
 * Phone first: asks the proxy which operator the typed number is on
 * (`POST /v1/checkout/:id/predict`; the prefix tables stay on the server) and preselects it.
 * Part of the form's chunk (fetched when the payer first types).
 * @module
 */
import { isValidPhone, normalizePhone } from '../../shared/phone';
import { checkoutUrl } from '../api';
import { phoneRule, takes } from '../form-model';
import type { ActionState } from '../steps/state';

/** The number each element's state last asked about (one question per number). */
const asked = new WeakMap<ActionState, string>();

/**
 * On the choice (the number first), once the typed number is valid (and new), asks for its operator; a method the session offers
 * and that takes the amount is preselected. No answer, or an unknown prefix: the payer chooses.
 *
 * @example
 * void state._act(predictOperator); // on each keystroke in the number field
 */
export async function predictOperator(state: ActionState): Promise<void> {
  const view = state._view;
  const country = state._country();
  if (!view || !country || state._host.step != 'choose') return;
  const rule = phoneRule(country);
  const mobile = normalizePhone((state._values.mobile ?? '').trim(), rule);
  if (!isValidPhone(mobile, rule) || asked.get(state) === mobile) return;
  asked.set(state, mobile);
  state._edit({ predicted: null });
  try {
    const res = await fetch(`${checkoutUrl(state._host.endpointUrl, view.id)}/predict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, country_id: country.id }),
      credentials: 'omit',
      cache: 'no-store',
    });
    const { method: value } = (await res.json()) as { method?: string | null };
    const method = country.methods.find((m) => m.value === value);
    // Still the number and country the payer is on.
    if (!method || asked.get(state) !== mobile || state._country()?.id !== country.id) return;
    if (!takes(method, view.amount)) return;
    state._pickMethod(method.value);
    state._edit({ predicted: method.value });
  } catch {
    /* no guess: the payer chooses */
  }
}
