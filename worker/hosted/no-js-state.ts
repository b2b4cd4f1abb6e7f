/**
 * Where a payer without JavaScript is, and which step that is: the widget's own `stepFor`
 * (shared/checkout-step.ts) on the same view, the chosen method and a dismissed attempt coming
 * from the page's query. What a no-JS step is rendered from (worker/hosted/steps.ts).
 * @module
 */
import type { html } from 'hono/html';
import { hasChoice, stepFor, type CheckoutStep } from '../../shared/checkout-step';
import type { FieldName, FieldProblem, FieldValues } from '../../shared/payer-form';
import type { CheckoutView, CountryOption, MethodOption } from '../../shared/view';
import type { Translation } from '../../shared/strings/types';

/** The HTML of hono/html. */
export type Markup = ReturnType<typeof html>;

/** A method the payer chose, with its country. */
export interface Chosen {
  country: CountryOption;
  method: MethodOption;
}

/** What the payer's last post left to show: their values and what was wrong with them. */
export interface Refused {
  /** The error code (`VALIDATION_FAILED`, `RATE_LIMITED`, …), in `data-code`. */
  code: string;
  /** The sentence above the form (the widget's, for the same refusal). */
  text: string;
  values?: FieldValues;
  /** Per field, for the attempt form. */
  problems?: Partial<Record<FieldName, FieldProblem>>;
  /** The code field's problem, for the OTP form. */
  otp?: string;
}

/** Where a no-JS payer is: a chosen method, a dismissed attempt, a refused post. */
export interface NoJsPosition {
  chosen: Chosen | null;
  dismissed: string | null;
  refused?: Refused | undefined;
}

/** Everything a no-JS step needs. */
export interface NoJsStep {
  view: CheckoutView;
  t: Translation;
  /** The page's locale tag, for amounts. */
  tag: string;
  /** The payer's form token (form-guard.ts). */
  token: string;
  /** `/pay/:id` with `?locale=` when the page was asked for one; `extra` adds query fields. */
  href: (path: string, extra?: Record<string, string>) => string;
  chosen: Chosen | null;
  /** The failed or lapsed attempt the payer dismissed ("Try again"). */
  dismissed: string | null;
  refused?: Refused | undefined;
  /** The session's `return_url` with `?session=`, or null. */
  returnHref: string | null;
  /** "Return to {brand}". */
  returnText: string;
  /** The waiting steps' reload link ("Update this page"). */
  checkAgainText: string;
}

/** Seconds between reloads of a waiting step. */
export const REFRESH_SECONDS = 4;

/** The steps that reload themselves while the payer acts elsewhere (phone, bank, wallet). */
const WAITING: readonly CheckoutStep[] = [
  'approve',
  'transfer',
  'redirect',
  'wait',
  'confirming',
  'closed_confirming',
  'lapsed',
];

/**
 * The step a no-JS payer is on, and the method their form is for.
 *
 * @example
 * noJsStep(view, null, null); // 'choose' when the session offers several methods
 */
export function noJsStep(
  view: CheckoutView,
  chosen: Chosen | null,
  dismissed: string | null,
): CheckoutStep {
  return stepFor(view, { choosing: chosen === null, dismissed, failedToLoad: false });
}

/**
 * True when the step reloads itself (its page carries the `<noscript>` refresh).
 *
 * @example
 * refreshes('approve'); // true
 */
export function refreshes(step: CheckoutStep): boolean {
  return WAITING.includes(step);
}

/**
 * The method of a `<country id>:<method value>` choice, when the session offers it.
 *
 * @example
 * chosenMethod(view, '1:send money')?.method.label; // 'M-PESA'
 */
export function chosenMethod(view: CheckoutView, choice: string | undefined): Chosen | null {
  const match = /^(\d{1,9}):(.{1,64})$/.exec(choice ?? '');
  if (!match) return null;
  const country = view.countries.find((c) => c.id === Number(match[1]));
  const method = country?.methods.find((m) => m.value === match[2]);
  return country && method ? { country, method } : null;
}

/** The only method of a session that offers one; else null. */
export function onlyMethod(view: CheckoutView): Chosen | null {
  const country = view.countries[0];
  const method = country?.methods[0];
  return !hasChoice(view) && country && method ? { country, method } : null;
}

/** A chosen method as its form value, `<country id>:<method>`. */
export const choiceValue = (c: Chosen) => `${c.country.id}:${c.method.value}`;
