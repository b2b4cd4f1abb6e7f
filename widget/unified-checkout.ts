/**
 * `<unified-checkout>`: the embeddable checkout element. The flow lives beside it: loading and
 * following the session (controllers/), the form and OTP submits (actions/), the steps'
 * templates (steps/, whose chunks also carry the outcome events: outcome-events.ts).
 * @module
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { CheckoutView, CountryOption, MethodOption, NextAction } from '../shared/view';
import { asApiError, scriptOrigin, type ApiError } from './api';
import { ChunkLoads } from './controllers/chunk-loads';
import { LiveSession } from './controllers/live-session';
import { SessionLoader } from './controllers/session-loader';
import {
  CheckoutErrorEvent,
  CheckoutReadyEvent,
  CheckoutStepEvent,
  type CheckoutErrorDetail,
  type CheckoutStep,
} from './events';
import { formatAmount } from '../shared/amount-format';
import { prefill, takes, type FieldName, type FieldProblem, type FieldValues } from './form-model';
import { submitCode } from './actions/submit-code';
import { UNLOADABLE, wantedLanguage } from './languages';
import { resolveLocale, type ResolvedLocale, type Translation } from './localize';
import { isFinal, stepFor } from './step';
import { loadedStep, stepRenderer } from './step-chunks';
import type { StepHost } from './steps/host';
import { renderLoading } from './steps/progress';
import { statusText } from './steps/status-text';
import { styles } from './styles';
import type { TransportMode } from './transport';

/**
 * The checkout element: loads a checkout session from the proxy, lets the payer choose a
 * country and method, fill the method's form, complete the live step, and shows the result.
 * It follows the session live (WebSocket stream, polling when sockets fail) and resumes at
 * the right step after a reload.
 *
 * Events (typed, bubbling, composed; see `events.ts`): `checkout-ready`, `checkout-step`,
 * `checkout-success` (advisory: confirm server-side), `checkout-failure`, `checkout-expired`,
 * `checkout-error`.
 *
 * Members starting with `_` are internal (the {@link StepHost} the step templates use).
 *
 * @example
 * <script src="https://pay.example.com/widget.js"></script>
 * <unified-checkout session="cs_123" locale="fr"></unified-checkout>
 */
export class UnifiedCheckout extends LitElement implements StepHost {
  static override properties = {
    session: { type: String },
    endpoint: { type: String },
    locale: { type: String },
    theme: { type: String, reflect: true },
    pollInterval: { type: Number, attribute: 'poll-interval' },
    initialView: { type: Object, attribute: 'initial-view' },
    _view: { state: true },
    _loadError: { state: true },
    _countryId: { state: true },
    _methodValue: { state: true },
    _choosing: { state: true },
    _dismissed: { state: true },
    _values: { state: true },
    _problems: { state: true },
    _formError: { state: true },
    _busy: { state: true },
    _otp: { state: true },
    _otpProblem: { state: true },
    _popupOpened: { state: true },
    _announcement: { state: true },
  };

  static override styles = styles;

  /** The checkout session id (`cs_…`) created by the merchant's backend. */
  declare session: string;
  /** Base URL of the proxy; defaults to the origin that served the script. */
  declare endpoint: string;
  /** `en`, `fr`, `sw` or `pt` (a region is kept for number formats, e.g. `fr-CI`); defaults to the browser's languages, then English. */
  declare locale: string;
  /** `light`, `dark`, or `auto` (follows `prefers-color-scheme`). */
  declare theme: 'light' | 'dark' | 'auto';
  /** Milliseconds between status polls while the live stream is unavailable. */
  declare pollInterval: number;
  /**
   * The session's first view when the page already has it (the hosted page renders it into the
   * `initial-view` attribute as JSON): used once, instead of the first `GET /v1/checkout/:id`.
   * Ignored unless its `id` is `session`; the live stream then keeps it current.
   */
  declare initialView: CheckoutView | null;

  /** @internal */ declare _view: CheckoutView | null;
  /** @internal */ declare _loadError: ApiError | null;
  /** @internal */ declare _methodValue: string | null;
  /** @internal */ declare _values: FieldValues;
  /** @internal */ declare _problems: Partial<Record<FieldName, FieldProblem>>;
  /** @internal */ declare _formError: string;
  /** @internal */ declare _busy: boolean;
  /** @internal */ declare _otp: string;
  /** @internal */ declare _otpProblem: string;
  /** @internal */ declare _popupOpened: boolean;
  /** @internal */ declare _dismissed: string | null;
  /** @internal */ declare _choosing: boolean;
  declare private _countryId: number | null;
  /** @internal */ declare _announcement: string;

  private readonly _chunks = new ChunkLoads(this, (error) =>
    this._reportError(asApiError(error), 'load'),
  );
  // Without the live transport the page would never update: the error step and "Try again".
  private readonly _live = new LiveSession(this, (error) => this._chunks._fail(this._step, error));
  private readonly _loader = new SessionLoader(this, () => this._live._start());
  private _step: CheckoutStep = 'loading';
  private _renderedStep: CheckoutStep = 'loading';
  /** `null` until a translation the element may use has loaded (a spinner shows until then). */
  private _locale: ResolvedLocale | null = null;
  /** The outcome events already sent (outcome-events.ts). */
  private _dispatched = new Set<string>();

  constructor() {
    super();
    this.session = '';
    this.endpoint = '';
    this.locale = '';
    this.theme = 'auto';
    this.pollInterval = 3000;
    this._reset();
  }

  /** The step on screen (while a step's chunk loads, the step before it). */
  get step(): CheckoutStep {
    return this._canRender(this._step) ? this._step : this._renderedStep;
  }

  /** The latest view of the session, or `null` before the first one. */
  get view(): CheckoutView | null {
    return this._view;
  }

  /**
   * How the element follows the session: `live` (stream), `polling`, `connecting`, `offline`
   * (the payer's connection is down) or `idle`.
   */
  get connection(): TransportMode {
    return this._live._mode;
  }

  /** The proxy base URL in use (the `endpoint` attribute, else the script's origin). */
  get endpointUrl(): string {
    return (this.endpoint || scriptOrigin()).replace(/\/+$/, '');
  }

  /**
   * Applies a view of the session, the same path the stream, polls and request answers take.
   * A view older than the current one (lower `seq`) or of another session is ignored.
   * Returns whether it was applied.
   *
   * @example
   * el.applyView(await (await fetch(`${proxy}/v1/checkout/cs_1`)).json());
   */
  applyView(view: CheckoutView): boolean {
    const current = this._view;
    if (this.session && view.id !== this.session) return false;
    if (current && current.id === view.id && view.seq < current.seq) return false;
    if (current && current.id !== view.id) this._reset();
    this._view = view;
    this._loadError = null;
    const attempt = view.attempt;
    if (attempt && attempt.id !== current?.attempt?.id) {
      // A new attempt (ours, or resumed after a reload) fixes the choice it was made with.
      this._countryId = attempt.country_id;
      this._methodValue = attempt.method;
      this._popupOpened = false;
      this._otp = this._otpProblem = '';
    }
    if (!this._country()) this._pickCountry(view.countries[0]?.id ?? 0);
    const country = this._country();
    if (country) this._values = { ...prefill(view, country), ...this._values };
    if (isFinal(view)) this._live._stop();
    return true;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated && this.session) void this._load();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('session') || changed.has('endpoint')) && this.isConnected) {
      // A view of another session is dropped (a view applied before the first render, with
      // no session set, is kept).
      if (changed.has('session') && this.session && this._view?.id !== this.session) {
        this._reset();
        this._dispatched.clear();
      }
      this._live._stop();
      if (this.session) void this._load();
    }
    const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
    this._locale = resolveLocale(this.locale, languages);
    this._chunks._language(
      wantedLanguage(this.locale, languages),
      this._locale?.translation.$code ?? null,
    );
    const step = this._chunks._step(
      stepFor(this._view, {
        choosing: this._choosing,
        dismissed: this._dismissed,
        failedToLoad: this._loadError !== null,
      }),
    );
    if (step !== this._step) this._announcement = '';
    this._step = step;
  }

  /** Settles once the element rendered and no chunk it needs is still loading. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this._chunks._busy) {
      await this._chunks._settled();
      done = await super.getUpdateComplete();
    }
    return done;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const step = this._step;
    const previous = this._renderedStep;
    // A step whose chunk (or language) is still loading is not on screen yet: no event, no
    // focus move.
    if (previous !== step && this._canRender(step)) {
      this._renderedStep = step;
      this.dispatchEvent(new CheckoutStepEvent({ step, previous }));
      // Focus follows the step, except on the first paint (never steal focus on page load).
      if (previous !== 'loading') this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    }
    const view = this._view;
    if (view && !this._dispatched.has(`ready:${view.id}`)) {
      this._dispatched.add(`ready:${view.id}`);
      const { id: session, status, amount, currency } = view;
      this.dispatchEvent(new CheckoutReadyEvent({ session, status, amount, currency }));
    }
    // An outcome's event follows its notice on screen (the notices' chunk dispatches it).
    if (view && this._canRender(step)) loadedStep(step)?.outcome?.(this, view, this._dispatched);
  }

  override render(): TemplateResult {
    if (!this._locale) {
      // Before the page's language has loaded: a spinner, or if no language could be loaded,
      // the one sentence the widget has without one.
      return html`<div part="panel">
        ${
          this._chunks._unloadable
            ? UNLOADABLE
            : html`<div part="status"><span class="spinner"></span></div>`
        }
      </div>`;
    }
    const t = this._t;
    const view = this._view;
    return html`<div
      part="panel"
      role="region"
      aria-label=${t.checkout}
      lang=${this._tag}
      dir=${t.$dir}
    >
      <div part="header">
        <span>${t.total}</span><strong part="amount">${this._amount()}</strong>
      </div>
      ${
        // The step stays as it was; the stream catches up when the connection is back.
        this._live._mode == 'offline'
          ? html`<p part="offline" role="status">${t.offline}</p>`
          : nothing
      }
      <div part="body">${(stepRenderer(this._step) ?? renderLoading)(this)}</div>
      <div class="sr" role="status">${this._announcement || statusText(this, this._step)}</div>
    </div>`;
  }

  /** @internal The translation in use (the steps render only once one has loaded). */
  get _t(): Translation {
    return this._locale!.translation;
  }

  /** @internal */
  get _tag(): string {
    return this._locale!.tag;
  }

  /** Whether `step` can be on screen now: its language and its code have loaded. */
  private _canRender(step: CheckoutStep): boolean {
    return !!this._locale && !!stepRenderer(step);
  }

  /** @internal The amount, formatted; before the first view a no-break space (it keeps the header's height). */
  _amount(): string {
    const view = this._view;
    return view ? formatAmount(view.amount, view.currency, this._tag) : '\xa0';
  }

  /** @internal */
  _next(): NextAction | null {
    return this._view?.attempt?.next ?? null;
  }

  /** @internal */
  _country(): CountryOption | undefined {
    return this._view?.countries.find((c) => c.id === this._countryId);
  }

  /** @internal */
  _method(): MethodOption | undefined {
    return this._country()?.methods.find((m) => m.value === this._methodValue);
  }

  /** @internal Chooses a country, and its first method that takes the amount. */
  _pickCountry(id: number): void {
    this._countryId = id;
    this._methodValue =
      this._country()?.methods.find((m) => takes(m, this._view!.amount))?.value ?? null;
  }

  private _reset(): void {
    this._view = this._loadError = this._countryId = this._methodValue = this._dismissed = null;
    this._choosing = true;
    this._values = {};
    this._problems = {};
    this._formError = this._otp = this._otpProblem = this._announcement = '';
    this._busy = this._popupOpened = false;
  }

  /** @internal Loads the view, then follows the session live until it is final. */
  _load(): Promise<void> {
    this._chunks._failed = null;
    return this._loader._load();
  }

  /** @internal Fetches the view once (after a refused request or a redirect window's report). */
  _refresh(): Promise<void> {
    return this._loader._refresh();
  }

  /** Stops following the session live (the flow tests' fault injection calls it). */
  private _stopTransport(): void {
    this._live._stop();
  }

  /**
   * @internal The form's submit: checks the fields, then starts the attempt (its code is a
   * chunk, fetched when the payer first types).
   */
  _submitForm(event: SubmitEvent): void {
    event.preventDefault();
    this._chunks._track(
      submitCode().then(
        // Not awaited: the submit awaits `updateComplete`, which waits for this chunk.
        ({ submitAttempt }) => void submitAttempt(this),
        (error: unknown) => {
          const apiError = asApiError(error);
          this._reportError(apiError, 'attempt');
          this._formError = this._t.errors[apiError.code] ?? this._t.errors.generic;
        },
      ),
    );
  }

  /** @internal Full-page redirect, when the popup was blocked. */
  _navigate(url: string): void {
    window.location.assign(url);
  }

  /** @internal Tells the page a request to the proxy failed (`checkout-error`). */
  _reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void {
    const { code, message, status } = error;
    this.dispatchEvent(new CheckoutErrorEvent({ code, message, status, operation }));
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('unified-checkout')) {
  customElements.define('unified-checkout', UnifiedCheckout);
}

declare global {
  interface HTMLElementTagNameMap {
    'unified-checkout': UnifiedCheckout;
  }
}
