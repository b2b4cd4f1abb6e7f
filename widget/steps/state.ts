/**
 * What the steps see: the checkout's state, read-only, and the actions their controls call
 * (checkout-state.ts, the element's {@link StepState} controller, implements it). A step never
 * writes a field: it calls an action, and the controller re-renders the element.
 * @module
 */
import type { ReactiveControllerHost } from 'lit';
import type { CheckoutView, CountryOption, MethodOption } from '../../shared/view';
import type { ApiError } from '../api';
import type { CheckoutErrorDetail, CheckoutStep } from '../events';
import type { FieldName, FieldProblem, FieldValues } from '../form-model';

/** The fields' problems, by field. */
export type FieldProblems = Partial<Record<FieldName, FieldProblem>>;

/** The element, as the state and the steps' controllers see it. */
export interface StateHost extends ReactiveControllerHost, EventTarget {
  /** The element's shadow root (a step may adopt a stylesheet into it). */
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The step on screen. */
  readonly step: CheckoutStep;
  /** The proxy base URL in use. */
  readonly endpointUrl: string;
  /** The locale tag for `Intl` (e.g. `fr-CI`). */
  readonly _tag: string;
  /** Loads the view, then follows the session live (the error step's "Try again"). */
  _load(): void;
  /** Re-reads the view once. */
  _refresh(): Promise<void>;
  /** The form's submit (its code is a chunk). */
  _submitForm(event: SubmitEvent): void;
  /** Full-page navigation (the redirect step, when its popup was blocked). */
  _navigate(url: string): void;
  /** Applies a view of the session (the element's public `applyView`). */
  applyView(view: CheckoutView): boolean;
  /** Dispatches `checkout-error`. */
  _reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void;
}

/** The state's fields: written only by the controller, its actions and its loaders. */
export interface StateFields {
  /** The session's view; set on every step but loading and error. */
  _view: CheckoutView | null;
  /** Why loading the view failed (error step). */
  _loadError: ApiError | null;
  /** The chosen country (its id) and method (its value). */
  _countryId: number | null;
  _methodValue: string | null;
  /** The payer asked to (re)choose country and method. */
  _choosing: boolean;
  /** Id of a failed or lapsed attempt the payer dismissed with "Try again". */
  _dismissed: string | null;
  /** Form state. */
  _values: FieldValues;
  _problems: FieldProblems;
  /** A translated message about the whole form, or ''. */
  _formError: string;
  /** A request is in flight. */
  _busy: boolean;
  /** The code typed, and a translated problem with it (or ''). */
  _otp: string;
  _otpProblem: string;
  /** The redirect popup was opened. */
  _popupOpened: boolean;
  /** What the live region says instead of the step's own text (e.g. "Copied"), or ''. */
  _announcement: string;
}

/**
 * The state as the step templates see it: read-only fields, what follows from them, and the
 * actions.
 *
 * @example
 * export function renderWait(s: StepState, t: Translation) { return html`<h2>${t.waitHeading}</h2>`; }
 */
export interface StepState extends Readonly<StateFields> {
  /** The element. */
  readonly _host: StateHost;
  /** The chosen country and method. */
  _country(): CountryOption | undefined;
  _method(): MethodOption | undefined;
  /** The session's amount, formatted. */
  _amount(): string;
  /** Chooses a country, and its first method that takes the amount. */
  _pickCountry(id: number): void;
  /** Chooses a method. */
  _pickMethod(value: string): void;
  /** The payer typed into the form: merges `values`, and `field`'s problem goes. */
  _edit(values: FieldValues, field?: FieldName): void;
  /** The choice's submit: on to the chosen method's form. */
  _proceed(): void;
  /** Back from the form to the choice. */
  _back(): void;
  /**
   * Runs an action of a step's chunk (actions/: the code's submit, "Try again", a copy, the
   * redirect's popup): it may change the state.
   */
  _act<R>(action: (state: ActionState) => R): R;
}

/** The state as the actions (actions/, controllers/) see it: they may change it. */
export interface ActionState extends StepState {
  /** Changes fields and re-renders the element. */
  _set(patch: Partial<StateFields>): void;
}
