/**
 * The payment form's submit: check the fields, start the attempt, and on a refusal mark the
 * fields the proxy named and find out which step is live.
 * @module
 */
import { refusalKey } from '../../shared/payer-form-check';
import { asApiError, startAttempt, type ApiError } from '../api';
import { usesSavedPhone } from '../form-model';
import { attemptRequest, checkForm, fieldOfIssue, refusedProblem } from './form-check';
import { laterStrings } from '../later-strings';
import { predictOperator } from './predict-operator';
import type { Translation } from '../localize';
import type { ActionState, FieldProblems } from '../steps/state';

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
 * void submitAttempt(state, t); // the element's form submit, once this chunk has loaded
 */
export async function submitAttempt(state: ActionState, t: Translation): Promise<void> {
  const host = state._host;
  const view = state._view;
  const country = state._country();
  const method = state._method();
  if (!view || !country || !method || state._busy) return;
  const saved = usesSavedPhone(view, country, state._values);
  const problems = checkForm(method.kind, state._values, country, view.banks.length > 0, saved);
  state._set({ _problems: problems });
  const invalid = Object.keys(problems);
  if (invalid.length > 0) {
    state._set({ _formError: t.fixFields(invalid.length) });
    await host.updateComplete;
    host.renderRoot.querySelector<HTMLElement>(`#${invalid[0]}`)?.focus();
    return;
  }
  state._set({ _formError: '', _busy: true });
  try {
    const body = attemptRequest(country, method, state._values, saved);
    host.applyView(await startAttempt(host.endpointUrl, view.id, body));
    state._set({ _dismissed: null });
  } catch (error) {
    const apiError = asApiError(error);
    host._reportError(apiError, 'attempt');
    const issues = apiError.details?.issues;
    const refused: FieldProblems = {};
    for (const issue of Array.isArray(issues) ? issues : []) {
      const field = fieldOfIssue(String((issue as { path?: unknown })?.path ?? ''));
      if (field) refused[field] = refusedProblem(field);
    }
    state._set({ _problems: refused, _formError: refusalText(t, apiError) });
    // Another attempt or a closed session; or no clear answer (a network failure or a 5xx
    // may come after the attempt was made): the view says which step is live.
    const unclear = apiError.status === 0 || apiError.status >= 500;
    if (unclear || /^(ATTEMPT_IN_PROGRESS|SESSION_(CLOSED|EXPIRED))$/.test(apiError.code)) {
      await host._refresh();
    }
  } finally {
    state._set({ _busy: false });
  }
}

export { predictOperator } from './predict-operator';

/**
 * This chunk's actions once the later strings of the languages in use are there: the form's
 * checks, refusals and predicted operator are worded from them (actions/submit-code.ts waits
 * for it; a failed load is tried again on the next call).
 *
 * @example
 * const { submitAttempt } = await ready();
 */
export const ready = () => laterStrings().then(() => ({ submitAttempt, predictOperator }));
