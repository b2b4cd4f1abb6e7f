/**
 * The payment form's submit: check the fields, start the attempt, and on a refusal mark the
 * fields the proxy named and find out which step is live.
 * @module
 */
import { refusalKey } from '../../shared/payer-form-check';
import type { CheckoutView, CountryOption, MethodOption } from '../../shared/view';
import { asApiError, startAttempt, type ApiError } from '../api';
import type { CheckoutErrorDetail } from '../events';
import { usesSavedPhone, type FieldName, type FieldProblem, type FieldValues } from '../form-model';
import { attemptRequest, checkForm, fieldOfIssue, refusedProblem } from './form-check';
import type { Translation } from '../localize';
import '../translations/steps/attempt';

/** What submitting the form reads from and writes to the element. */
export interface AttemptHost {
  readonly endpointUrl: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  readonly _view: CheckoutView | null;
  readonly _t: Translation;
  readonly _values: FieldValues;
  _problems: Partial<Record<FieldName, FieldProblem>>;
  _formError: string;
  _busy: boolean;
  _dismissed: string | null;
  _country(): CountryOption | undefined;
  _method(): MethodOption | undefined;
  applyView(view: CheckoutView): boolean;
  _refresh(): Promise<void>;
  _reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void;
}

/**
 * The payer's sentence for a refused attempt; a prompt limit says which one (docs/design.md,
 * "Prompt limits").
 *
 * @example
 * refusalText(t, new ApiError('RATE_LIMITED', '…', 429, { limit: 'phone' })); // 'Too many payment requests were sent to this phone number. …'
 */
export function refusalText(t: Translation, error: ApiError): string {
  return t.errors[refusalKey(error) as keyof Translation['errors']] ?? t.errors.generic;
}

/**
 * Checks the form (focusing the first wrong field), then starts the attempt with the proxy.
 *
 * @example
 * html`<form @submit=${(e: SubmitEvent) => { e.preventDefault(); void submitAttempt(host); }}>`;
 */
export async function submitAttempt(host: AttemptHost): Promise<void> {
  const view = host._view;
  const country = host._country();
  const method = host._method();
  if (!view || !country || !method || host._busy) return;
  const saved = usesSavedPhone(view, country, host._values);
  const problems = checkForm(method.kind, host._values, country, view.banks.length > 0, saved);
  host._problems = problems;
  const invalid = Object.keys(problems);
  if (invalid.length > 0) {
    host._formError = host._t.fixFields(invalid.length);
    await host.updateComplete;
    host.renderRoot.querySelector<HTMLElement>(`#${invalid[0]}`)?.focus();
    return;
  }
  host._formError = '';
  host._busy = true;
  try {
    const body = attemptRequest(country, method, host._values, saved);
    host.applyView(await startAttempt(host.endpointUrl, view.id, body));
    host._dismissed = null;
  } catch (error) {
    const apiError = asApiError(error);
    host._reportError(apiError, 'attempt');
    const issues = apiError.details?.issues;
    const refused: Partial<Record<FieldName, FieldProblem>> = {};
    for (const issue of Array.isArray(issues) ? issues : []) {
      const field = fieldOfIssue(String((issue as { path?: unknown })?.path ?? ''));
      if (field) refused[field] = refusedProblem(field);
    }
    host._problems = refused;
    host._formError = refusalText(host._t, apiError);
    // Another attempt or a closed session; or no clear answer (a network failure or a 5xx
    // may come after the attempt was made): the view says which step is live.
    const unclear = apiError.status === 0 || apiError.status >= 500;
    if (unclear || /^(ATTEMPT_IN_PROGRESS|SESSION_(CLOSED|EXPIRED))$/.test(apiError.code)) {
      await host._refresh();
    }
  } finally {
    host._busy = false;
  }
}

export { predictOperator } from './predict-operator';
