/**
 * "Try again" (same method) or "Use another method" after a failure or a lapsed input (the
 * notices' chunk, steps/outcome.ts): the attempt is dismissed, the form's problems go.
 * @module
 */
import type { ActionState } from '../steps/state';

/**
 * Dismisses the attempt on screen and goes to the choice (`choose`) or the same method's form.
 *
 * @example
 * html`<button @click=${() => s._act((a) => retry(a, false))}>${t.retry}</button>`;
 */
export function retry(state: ActionState, choose: boolean): void {
  state._set({
    _dismissed: state._view?.attempt?.id ?? null,
    _choosing: choose,
    _problems: {},
    _formError: '',
  });
}
