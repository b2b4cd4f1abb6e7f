/**
 * Builds the public checkout view (shared/view.ts) from a session's rows. Only what a payer may
 * see: never client_id, signatures, secrets or the payment_token.
 * @module
 */
import { methodOption } from '../../shared/brands';
import type { Catalogue } from '../../shared/catalogue';
import { OPERATOR_PREFIXES } from '../../shared/operator-prefixes';
import { canStartAttempt, needsShop } from '../../shared/status';
import type {
  AttemptView,
  CheckoutView,
  CountryOption,
  MethodOption,
  MethodStatus,
  NextAction,
} from '../../shared/view';
import type { MethodLimits } from '../payment-methods/limits';
import { viewPrefill } from './customer-prefill';
import { attemptNext, parseJson, type AttemptRow, type SessionRow } from './store';

/** Attempts a session allows before it fails for good. */
export const MAX_ATTEMPTS = 5;

/** What the view tells of each method beyond its brand: its amount range and its
 * availability (docs/payment-methods.md). */
export interface MethodTerms {
  readonly limits: MethodLimits;
  /** Slots that are not operational now (worker/payment-methods/availability.ts). */
  readonly statuses: ReadonlyMap<string, MethodStatus>;
}

/** No limits, every method operational. */
export const NO_TERMS: MethodTerms = { limits: {}, statuses: new Map() };

/** A method option with its range and status, when it has them (the view stays small). */
function withTerms(option: MethodOption, slot: string, terms: MethodTerms): MethodOption {
  const range = terms.limits[slot];
  const status = terms.statuses.get(slot);
  return {
    ...option,
    ...(range?.min !== undefined ? { min: range.min } : {}),
    ...(range?.max !== undefined ? { max: range.max } : {}),
    ...(status === 'degraded' ? { status } : {}),
  };
}

/**
 * The countries and methods a session offers: the session's currency limits the countries,
 * its optional `country_id` and `methods` restrictions narrow them further.
 *
 * @example
 * offeredCountries(catalogue, 'XOF', null, null).map((c) => c.id); // [2, 3, 9, 18, 19, 20]
 */
export function offeredCountries(
  catalogue: Catalogue,
  currency: string,
  countryId: number | null,
  methods: readonly string[] | null,
  terms: MethodTerms = NO_TERMS,
): CountryOption[] {
  return catalogue.countries
    .filter((country) => country.currency === currency)
    .filter((country) => countryId === null || country.id === countryId)
    .map((country) => ({
      id: country.id,
      name: country.name,
      iso2: country.iso2,
      dial_code: country.dialCode,
      national_number_length: country.nationalNumberLength,
      ...(OPERATOR_PREFIXES[country.id] ? { predicts: true as const } : {}),
      methods: catalogue
        .enabledMethods(country.id)
        // A closed method is not offered (docs/payment-methods.md, "Availability").
        .filter((slot) => terms.statuses.get(slot.slot) !== 'closed')
        .filter(
          (slot) =>
            methods === null ||
            methods.includes(slot.value!) ||
            (slot.aliases ?? []).some((alias) => methods.includes(alias)),
        )
        .map((slot) => withTerms(methodOption(slot, country.iso2), slot.slot, terms)),
    }))
    .filter((country) => country.methods.length > 0);
}

/** What the payer does next for an unsettled attempt: its stored action while their input is
 * awaited, `confirming` once given (`unconfirmed` when the code's answer never came),
 * `input_lapsed` once the window closed without it. */
function nextOf(row: AttemptRow): NextAction | null {
  if (row.status !== 'pending') return null;
  const stored = attemptNext(row);
  if (row.input === 'given') {
    return stored?.type === 'enter_otp' && stored.unconfirmed
      ? { type: 'confirming', unconfirmed: true }
      : { type: 'confirming' };
  }
  if (row.input === 'lapsed') {
    return { type: 'input_lapsed', reason: row.lapse_reason ?? 'prompt_unanswered' };
  }
  return stored;
}

/** The payer-visible part of an attempt. */
export function attemptView(row: AttemptRow): AttemptView {
  return {
    id: row.id,
    country_id: row.country_id,
    method: row.method,
    kind: row.kind,
    status: row.status,
    input: row.input,
    created_at: new Date(row.created_at).toISOString(),
    next: nextOf(row),
    failure:
      row.status === 'succeeded' || row.status === 'pending'
        ? null
        : { code: row.failure_code, message: row.failure_message },
  };
}

/**
 * The public view of a session.
 *
 * @example
 * const view = publicView(session, latestAttempt, catalogue);
 */
export function publicView(
  session: SessionRow,
  latest: AttemptRow | undefined,
  catalogue: Catalogue,
  terms: MethodTerms = NO_TERMS,
): CheckoutView {
  const countries = offeredCountries(
    catalogue,
    session.currency,
    session.country_id,
    parseJson<string[]>(session.methods),
    terms,
  );
  return {
    id: session.id,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    expires_at: new Date(session.expires_at).toISOString(),
    countries,
    banks: countries.some((country) => country.id === 17)
      ? catalogue.banks.map((bank) => ({ code: bank.code, label: bank.label }))
      : [],
    // Only while an attempt may start (the form is its only reader), masked: a browser sees it.
    customer: canStartAttempt(session.status) ? viewPrefill(session, countries) : null,
    attempt: latest ? attemptView(latest) : null,
    can_retry:
      canStartAttempt(session.status) &&
      Date.now() < session.expires_at &&
      session.attempt_count < MAX_ATTEMPTS &&
      !(latest && needsShop(latest.status)),
    return_url: session.return_url,
    locale: session.locale ?? null,
    seq: session.seq,
  };
}
