/**
 * What the step templates read from `<unified-checkout>`, call back into, and (for the state
 * their own buttons change, e.g. "Try again" in steps/outcome.ts) write. The element
 * implements it; the members start with `_` because they are internal (the bundle shortens
 * such names), not part of the element's public API.
 * @module
 */
import type { ReactiveControllerHost } from 'lit';
import type { CheckoutView, CountryOption, MethodOption, NextAction } from '../../shared/view';
import type { ApiError } from '../api';
import type { CheckoutErrorDetail, CheckoutStep } from '../events';
import type { FieldName, FieldProblem, FieldValues } from '../form-model';
import type { Translation } from '../localize';

/**
 * The element as the step templates see it.
 *
 * @example
 * export function renderWait(h: StepHost) { return html`<h2>${h._t.waitHeading}</h2>`; }
 */
export interface StepHost extends ReactiveControllerHost {
  /** The element's shadow root (a step may adopt a stylesheet into it). */
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The translation in use. */
  readonly _t: Translation;
  /** The locale tag for `Intl` (e.g. `fr-CI`). */
  readonly _tag: string;
  /** The step on screen. */
  readonly step: CheckoutStep;
  /** The session's view; set on every step but loading and error. */
  readonly _view: CheckoutView | null;
  /** Why loading the view failed (error step). */
  readonly _loadError: ApiError | null;
  /** The chosen country and method. */
  _country(): CountryOption | undefined;
  _method(): MethodOption | undefined;
  _methodValue: string | null;
  /** The current attempt's next action. */
  _next(): NextAction | null;
  /** The session's amount, formatted. */
  _amount(): string;
  /** Form state. */
  _values: FieldValues;
  _problems: Partial<Record<FieldName, FieldProblem>>;
  /** A translated message about the whole form, or ''. */
  _formError: string;
  /** A request is in flight. */
  readonly _busy: boolean;
  readonly _otp: string;
  /** A translated problem with the OTP, or ''. */
  readonly _otpProblem: string;
  /** The payer asked to (re)choose country and method. */
  _choosing: boolean;
  /** Id of a failed or lapsed attempt the payer dismissed with "Try again". */
  _dismissed: string | null;
  /** The redirect popup was opened. */
  _popupOpened: boolean;
  /** What the live region says instead of the step's own text (e.g. "Copied"), or ''. */
  _announcement: string;
  /** The proxy base URL in use. */
  readonly endpointUrl: string;
  /** Actions. */
  _pickCountry(id: number): void;
  _submitForm(event: SubmitEvent): void;
  /** Full-page navigation (the redirect step, when its popup was blocked). */
  _navigate(url: string): void;
  _load(): void;
  /** Applies a view of the session (the element's public `applyView`). */
  applyView(view: CheckoutView): boolean;
  /** Re-reads the view once. */
  _refresh(): Promise<void>;
  /** Dispatches `checkout-error`. */
  _reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void;
}
