/**
 * `CheckoutState`: the element's state as one Lit reactive controller. It owns the view, the
 * payer's choice, the form, `busy` and the code; the steps read it (steps/state.ts) and call
 * its actions; every change re-renders the element. After each render it sends the events of
 * what is now on screen: `checkout-step`, `checkout-ready`, and the outcome events
 * (outcome-events.ts), which follow their notice (a notice whose chunk cannot be loaded shows
 * the error step, and its event waits for "Try again"): the state sends them, the notices'
 * chunk, on screen by then, says which one.
 * @module
 */
import type { ReactiveController } from 'lit';
import { formatAmount } from '../shared/amount-format';
import type { CheckoutView, CountryOption, MethodOption } from '../shared/view';
import { CheckoutReadyEvent, CheckoutStepEvent, type CheckoutStep } from './events';
import { prefill, takes, type FieldName, type FieldValues } from './form-model';
import { stepFor } from './step';
import { loadedStep } from './step-chunks';
import type { ActionState, FieldProblems, StateFields, StateHost } from './steps/state';

/**
 * The checkout's state and its actions.
 *
 * @example
 * private readonly _state = new CheckoutState(this, (step) => this._chunks._step(step), (step) => this._canRender(step));
 */
export class CheckoutState implements ReactiveController, ActionState {
  declare _view: CheckoutView | null;
  declare _loadError: StateFields['_loadError'];
  declare _countryId: number | null;
  declare _methodValue: string | null;
  declare _choosing: boolean;
  declare _dismissed: string | null;
  declare _values: FieldValues;
  declare _problems: FieldProblems;
  declare _formError: string;
  declare _busy: boolean;
  declare _otp: string;
  declare _otpProblem: string;
  declare _popupOpened: boolean;
  declare _announcement: string;
  /** The step the view calls for (on screen once its chunk and language have loaded). */
  _step: CheckoutStep = 'loading';
  /** The step last on screen. */
  _renderedStep: CheckoutStep = 'loading';
  /** The once-only events already sent (`ready:`, `success:`, `failure:`, `expired:` keys). */
  _dispatched = new Set<string>();
  declare readonly _host: StateHost;
  /** The step to show for the one the view calls for (its chunk starts loading; or `error`). */
  declare private readonly _pick: (step: CheckoutStep) => CheckoutStep;
  /** Whether a step can be on screen now (its language and its code have loaded). */
  declare private readonly _canRender: (step: CheckoutStep) => boolean;

  constructor(
    host: StateHost,
    pick: (step: CheckoutStep) => CheckoutStep,
    canRender: (step: CheckoutStep) => boolean,
  ) {
    this._host = host;
    this._pick = pick;
    this._canRender = canRender;
    this._reset();
    host.addController(this);
  }

  _set(patch: Partial<StateFields>): void {
    Object.assign(this, patch);
    this._host.requestUpdate();
  }

  /** Back to a fresh checkout; `forget`: another session, whose events are still to send. */
  _reset(forget?: boolean): void {
    if (forget) this._dispatched.clear();
    this._set({
      _view: null,
      _loadError: null,
      _countryId: null,
      _methodValue: null,
      _dismissed: null,
      _choosing: true,
      _values: {},
      _problems: {},
      _formError: '',
      _otp: '',
      _otpProblem: '',
      _announcement: '',
      _busy: false,
      _popupOpened: false,
    });
  }

  _country(): CountryOption | undefined {
    return this._view?.countries.find((c) => c.id === this._countryId);
  }

  _method(): MethodOption | undefined {
    return this._country()?.methods.find((m) => m.value === this._methodValue);
  }

  /** The amount, formatted; before the first view a no-break space (it keeps the header's height). */
  _amount(): string {
    const view = this._view;
    return view ? formatAmount(view.amount, view.currency, this._host._tag) : '\xa0';
  }

  /**
   * Applies a view (the element's `applyView`): a view older than the current one, or of
   * another session than `session`, is ignored. Returns whether it was applied.
   */
  _apply(view: CheckoutView, session: string): boolean {
    const current = this._view;
    if (session && view.id !== session) return false;
    if (current && current.id === view.id && view.seq < current.seq) return false;
    if (current && current.id !== view.id) this._reset();
    const attempt = view.attempt;
    this._set(
      attempt && attempt.id !== current?.attempt?.id
        ? // A new attempt (ours, or resumed after a reload) fixes the choice it was made with.
          {
            _view: view,
            _loadError: null,
            _countryId: attempt.country_id,
            _methodValue: attempt.method,
            _popupOpened: false,
            _otp: '',
            _otpProblem: '',
          }
        : { _view: view, _loadError: null },
    );
    if (!this._country()) this._pickCountry(view.countries[0]?.id ?? 0);
    const country = this._country();
    if (country) this._set({ _values: { ...prefill(view, country), ...this._values } });
    return true;
  }

  _pickCountry(id: number): void {
    this._set({ _countryId: id });
    this._pickMethod(
      this._country()?.methods.find((m) => takes(m, this._view!.amount))?.value ?? null,
    );
  }

  _pickMethod(value: string | null): void {
    this._set({ _methodValue: value });
  }

  _edit(values: FieldValues, field?: FieldName): void {
    this._set({ _values: { ...this._values, ...values } });
    if (field && this._problems[field]) {
      this._set({ _problems: { ...this._problems, [field]: undefined } });
    }
  }

  _proceed(): void {
    const country = this._country();
    if (!this._view || !country || !this._method()) return;
    this._set({
      _values: { ...prefill(this._view, country), ...this._values },
      _choosing: false,
      _problems: {},
      _formError: '',
    });
  }

  _back(): void {
    this._set({ _choosing: true });
  }

  _act<R>(action: (state: ActionState) => R): R {
    return action(this);
  }

  /** Before each render: the step the view calls for (its chunk starts loading). */
  hostUpdate(): void {
    const step = this._pick(
      stepFor(this._view, {
        choosing: this._choosing,
        dismissed: this._dismissed,
        failedToLoad: this._loadError !== null,
      }),
    );
    if (step !== this._step) this._announcement = '';
    this._step = step;
  }

  /**
   * After each render: the events of what is now on screen. A step whose chunk (or language)
   * is still loading is not on screen yet: no event, no focus move.
   */
  hostUpdated(): void {
    const host = this._host;
    const { _step: step, _renderedStep: previous, _view: view } = this;
    const shown = this._canRender(step);
    if (previous !== step && shown) {
      this._renderedStep = step;
      host.dispatchEvent(new CheckoutStepEvent({ step, previous }));
      // Focus follows the step, except on the first paint (never steal focus on page load).
      if (previous !== 'loading') host.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    }
    if (view) {
      const { id: session, status, amount, currency } = view;
      this._once(
        `ready:${session}`,
        () => new CheckoutReadyEvent({ session, status, amount, currency }),
      );
    }
    if (!shown) return;
    const chunk = loadedStep(step);
    // An outcome's event follows its notice on screen (which event: the notices' chunk says).
    const outcome = view && chunk?.outcome?.(view);
    if (outcome) this._once(...outcome);
    chunk?.attach?.(this);
  }

  /** Dispatches `event` unless the event of `key` was sent already. */
  private _once(key: string, event: () => Event): void {
    if (this._dispatched.has(key)) return;
    this._dispatched.add(key);
    this._host.dispatchEvent(event());
  }
}
