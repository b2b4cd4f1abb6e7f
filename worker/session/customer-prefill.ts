/**
 * The merchant's `customer` prefill, as far as the payer's browser may see it and as the
 * session uses it (docs/design.md, "Public checkout API"): the browser gets the first name and
 * the phone masked, only while the session is open; the full number stays in the session and is
 * used when the payer confirms it (`use_prefilled_mobile`).
 * @module
 */
import { isValidPhone, maskPhone, normalizePhone, type PhoneRule } from '../../shared/phone';
import type { AttemptBody } from '../../shared/schemas';
import type { Catalogue } from '../../shared/catalogue';
import type { CountryOption, CustomerPrefill } from '../../shared/view';
import { fail, type Outcome } from '../durable/outcome';
import { parseJson, type SessionRow } from './store';

/** The prefill as the merchant sent it (stored on the session row). */
export interface StoredCustomer {
  first_name?: string;
  last_name?: string;
  mobile?: string;
  email?: string;
}

const ruleOf = (country: CountryOption): PhoneRule => ({
  dialCode: country.dial_code,
  nationalNumberLength: country.national_number_length,
});

/**
 * What the public view shows of the prefill: the first name and the phone masked in the form
 * of the first offered country it is valid for; null when there is neither.
 *
 * @example
 * viewPrefill(session, countries); // { first_name: 'Aminata', mobile_masked: '232*****456' }
 */
export function viewPrefill(
  session: SessionRow,
  countries: readonly CountryOption[],
): CustomerPrefill | null {
  return maskedPrefill(parseJson<StoredCustomer>(session.customer), countries);
}

/**
 * The prefill as stored (or as the merchant view carries it), masked as the public view masks
 * it: the first name and the phone masked; null when there is neither.
 *
 * @example
 * maskedPrefill({ first_name: 'Amina', email: 'a@b.example' }, countries); // { first_name: 'Amina' }
 */
export function maskedPrefill(
  stored: StoredCustomer | null,
  countries: readonly CountryOption[],
): CustomerPrefill | null {
  if (!stored) return null;
  const prefill: CustomerPrefill = {};
  if (stored.first_name) prefill.first_name = stored.first_name;
  if (stored.mobile) {
    for (const country of countries) {
      const mobile = normalizePhone(stored.mobile, ruleOf(country));
      if (isValidPhone(mobile, ruleOf(country))) {
        prefill.mobile_masked = maskPhone(mobile);
        break;
      }
    }
  }
  return Object.keys(prefill).length > 0 ? prefill : null;
}

/**
 * The attempt body with the prefilled phone in place of `use_prefilled_mobile` (in the chosen
 * country's international form; the attempt's own checks then judge it), or why not.
 *
 * @example
 * withPrefilledMobile(session, catalogue, { country_id: 1, method: 'send money', use_prefilled_mobile: true });
 * // { ok: true, value: { country_id: 1, method: 'send money', mobile: '254712345678' } }
 */
export function withPrefilledMobile(
  session: SessionRow,
  catalogue: Catalogue,
  body: AttemptBody,
): Outcome<AttemptBody> {
  const { use_prefilled_mobile: usePrefill, ...rest } = body;
  if (!usePrefill) return { ok: true, value: rest };
  const issue = (message: string) =>
    fail<AttemptBody>('VALIDATION_FAILED', 'Some details are missing or invalid.', {
      issues: [{ path: 'mobile', message }],
    });
  if (rest.mobile !== undefined) {
    return issue('must not be sent with use_prefilled_mobile (one number or the other)');
  }
  const stored = parseJson<StoredCustomer>(session.customer)?.mobile;
  if (!stored) return issue('is required: this checkout has no prefilled phone number');
  const country = catalogue.country(rest.country_id);
  if (!country) return { ok: true, value: rest }; // the attempt's own checks refuse the country
  return { ok: true, value: { ...rest, mobile: normalizePhone(stored, country) } };
}
