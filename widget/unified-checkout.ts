/**
 * `<unified-checkout>`: the embeddable checkout element.
 * @module
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { CheckoutView, CountryOption, MethodOption, NextAction } from '../shared/view';
import { ApiError, getView, startAttempt, submitOtp } from './api';
import { ClockController } from './clock';
import {
  CheckoutErrorEvent,
  CheckoutExpiredEvent,
  CheckoutFailureEvent,
  CheckoutReadyEvent,
  CheckoutStepEvent,
  CheckoutSuccessEvent,
  type CheckoutErrorDetail,
  type CheckoutStep,
} from './events';
import { formatAmount } from './format';
import {
  attemptRequest,
  checkForm,
  fieldOfIssue,
  prefill,
  refusedProblem,
  type FieldName,
  type FieldProblem,
  type FieldValues,
} from './form-model';
import {
  loadTranslation,
  resolveLocale,
  wantedLanguage,
  type ResolvedLocale,
  type Translation,
} from './localize';
import { isReturnMessage, openPopup } from './popup';
import { stepFor } from './step';
import { isLazyStep, loadStep, loadedStep, type StepRender } from './step-chunks';
import { renderChoose } from './steps/choose';
import { renderError } from './steps/error';
import { renderForm } from './steps/form';
import type { StepHost } from './steps/host';
import { renderLoading, renderWait } from './steps/progress';
import { styles } from './styles';
import './translations/en';
import type { CheckoutTransport, TransportMode } from './transport';

/** The origin that served the module (widget.es.js, which widget.js imports): the default `endpoint`. */
function scriptOrigin(): string {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
}

/** Whether the page's developer was told why the proxy is unreachable (once per page). */
let warnedUnreachable = false;

/**
 * True when nothing more can happen to the session: it succeeded, or it expired or closed and
 * its last attempt is settled (one still `pending` or `needs_review` may yet pay, and an expired
 * or failed session then succeeds).
 */
function isFinal({ status, attempt }: CheckoutView): boolean {
  return (
    status === 'succeeded' ||
    (status !== 'open' &&
      status !== 'pending' &&
      attempt?.status !== 'pending' &&
      attempt?.status !== 'needs_review')
  );
}

/**
 * How the first screens render (the templates live in steps/); the other steps come in chunks
 * loaded on demand (step-chunks.ts).
 */
const RENDER: Partial<Record<CheckoutStep, StepRender>> = {
  loading: renderLoading,
  choose: renderChoose,
  form: renderForm,
  wait: renderWait,
  confirming: renderWait,
  error: renderError,
};

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('NETWORK', String(error), 0);
}

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
  declare private _countryId: number | null;
  declare private _choosing: boolean;
  declare private _dismissed: string | null;
  declare private _announcement: string;

  private readonly _clock = new ClockController(this);
  private _transport: CheckoutTransport | null = null;
  /** Bumped by every start and stop: a transport chunk that arrives late for a stopped one is dropped. */
  private _transportToken = 0;
  private _mode: TransportMode = 'idle';
  private _step: CheckoutStep = 'loading';
  private _renderedStep: CheckoutStep = 'loading';
  private _locale: ResolvedLocale = resolveLocale('', []);
  private _dispatched = new Set<string>();
  private _loadToken = 0;
  /** Chunks (a step's, a translation's) being loaded; `updateComplete` waits for them. */
  private _pending = new Set<Promise<unknown>>();
  /** The languages whose chunk this element asked for. */
  private _asked = new Set<string>();
  /** The step whose chunk failed to load: the error step shows instead, until "Try again". */
  private _failedChunk: CheckoutStep | null = null;

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
    return this._render(this._step) ? this._step : this._renderedStep;
  }

  /** The latest view of the session, or `null` before the first one. */
  get view(): CheckoutView | null {
    return this._view;
  }

  /** How the element follows the session: `live` (stream), `polling`, `connecting` or `idle`. */
  get connection(): TransportMode {
    return this._mode;
  }

  /** The proxy base URL in use (the `endpoint` attribute, else the script's origin). */
  get endpointUrl(): string {
    return (this.endpoint || scriptOrigin()).replace(/\/+$/, '');
  }

  /** The origin of {@link endpointUrl}. */
  private get _origin(): string {
    return new URL(this.endpointUrl).origin;
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
    if (isFinal(view)) this._stopTransport();
    return true;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this._onMessage);
    if (this.hasUpdated && this.session) this._load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('message', this._onMessage);
    this._loadToken++;
    this._stopTransport();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('session') || changed.has('endpoint')) && this.isConnected) {
      // A view of another session is dropped (a view applied before the first render, with
      // no session set, is kept).
      if (changed.has('session') && this.session && this._view?.id !== this.session) {
        this._reset();
        this._dispatched.clear();
      }
      this._stopTransport();
      if (this.session) this._load();
    }
    const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
    this._locale = resolveLocale(this.locale, languages);
    const wanted = wantedLanguage(this.locale, languages);
    if (wanted !== this._t.$code && typeof document !== 'undefined' && !this._asked.has(wanted)) {
      // Once per language: a chunk that failed stays failed (English stays), and asking again
      // on every render would re-render forever.
      this._asked.add(wanted);
      this._await(loadTranslation(wanted).catch(() => undefined));
    }
    let step = stepFor(this._view, {
      choosing: this._choosing,
      dismissed: this._dismissed,
      failedToLoad: this._loadError !== null,
    });
    if (step === this._failedChunk) step = 'error';
    else if (isLazyStep(step) && !loadedStep(step)) {
      const wantedStep = step;
      this._await(
        loadStep(step).catch((error: unknown) => {
          // A failed chunk (offline, blocked): the payer gets the error step, not a blank widget.
          this._failedChunk = wantedStep;
          this._reportError(asApiError(error), 'load');
        }),
      );
    }
    if (step !== this._step) this._announcement = '';
    this._step = step;
    this._clock.tick(step === 'otp' || step === 'transfer');
  }

  /** Settles once the element rendered and no chunk it needs is still loading. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this._pending.size > 0) {
      await Promise.all(this._pending);
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** Re-renders when a chunk's load settles; until then `updateComplete` waits for it. */
  private _await(load: Promise<unknown>): void {
    const pending = load.finally(() => {
      this._pending.delete(pending);
      this.requestUpdate();
    });
    this._pending.add(pending);
  }

  /** How `step` renders now: from the entry, from its loaded chunk, or a spinner meanwhile. */
  private _render(step: CheckoutStep): StepRender | undefined {
    return RENDER[step] ?? loadedStep(step)?.render;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const step = this._step;
    const previous = this._renderedStep;
    // A step whose chunk is still loading is not on screen yet: no event, no focus move.
    if (previous !== step && this._render(step)) {
      this._renderedStep = step;
      this.dispatchEvent(new CheckoutStepEvent({ step, previous }));
      // Focus follows the step, except on the first paint (never steal focus on page load).
      if (previous !== 'loading') this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    }
    this._dispatchOutcome();
  }

  override render(): TemplateResult {
    const t = this._t;
    const view = this._view;
    return html`<div
      part="panel"
      role="region"
      aria-label=${t.checkout}
      lang=${this._tag}
      dir=${t.$dir}
    >
      ${
        view
          ? html`<div part="header">
              <span>${t.total}</span><strong part="amount">${this._amount()}</strong>
            </div>`
          : nothing
      }
      <div part="body">${(this._render(this._step) ?? renderLoading)(this)}</div>
      <div class="sr" role="status">${this._announcement || this._statusText()}</div>
    </div>`;
  }

  /** The text of the polite live region for the current step. */
  private _statusText(): string {
    const t = this._t;
    const view = this._view;
    const step = this._step;
    const texts: Partial<Record<CheckoutStep, string>> = {
      loading: t.loading,
      approve: t.approveWaiting,
      otp: t.otpHeading,
      transfer: t.transferWaiting,
      redirect: this._popupOpened ? t.redirectWaiting : '',
      // As noticeText says them (the notices' chunk need not be loaded for these two).
      wait: `${t.waitHeading} ${t.waitBody}`,
      confirming: `${t.waitHeading} ${t.waitBody}`,
    };
    const notice = loadedStep(step)?.noticeText;
    return (
      texts[step] ??
      ((view && notice?.(t, view, step, this._amount()).join(' ')) || (this._busy ? t.sending : ''))
    );
  }

  /** @internal */
  get _t(): Translation {
    return this._locale.translation;
  }

  /** @internal */
  get _tag(): string {
    return this._locale.tag;
  }

  /** @internal */
  _amount(): string {
    const view = this._view;
    return view ? formatAmount(view.amount, view.currency, this._tag) : '';
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

  /** @internal Chooses a country, and its first method. */
  _pickCountry(id: number): void {
    this._countryId = id;
    this._methodValue = this._country()?.methods[0]?.value ?? null;
  }

  /** @internal */
  _pickMethod(value: string): void {
    this._methodValue = value;
  }

  /** @internal The choice step's submit: on to the method's form. */
  _continue(event: SubmitEvent): void {
    event.preventDefault();
    const country = this._country();
    if (!this._view || !country || !this._method()) return;
    this._values = { ...prefill(this._view, country), ...this._values };
    this._choosing = false;
    this._problems = {};
    this._formError = '';
  }

  /** @internal */
  _input(field: FieldName, value: string): void {
    this._values = { ...this._values, [field]: value };
    if (this._problems[field]) this._problems = { ...this._problems, [field]: undefined };
  }

  /** @internal */
  _back(): void {
    this._choosing = true;
  }

  /** @internal */
  _otpInput(value: string): void {
    this._otp = value;
    this._otpProblem = '';
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
  async _load(): Promise<void> {
    const token = ++this._loadToken;
    this._loadError = null;
    this._failedChunk = null;
    try {
      const given = this.initialView;
      this.initialView = null;
      const view =
        given?.id === this.session ? given : await getView(this.endpointUrl, this.session);
      if (token !== this._loadToken) return;
      this.applyView(view);
      if (!isFinal(view)) this._startTransport();
    } catch (error) {
      if (token !== this._loadToken) return;
      this._loadError = asApiError(error);
      this._reportError(this._loadError, 'load');
      if (this._loadError.status === 0) this._warnUnreachable();
    }
  }

  /** Follows the session live; the transport is a chunk of its own, not needed for the first screen. */
  private _startTransport(): void {
    this._stopTransport();
    const token = this._transportToken;
    this._mode = 'connecting';
    import('./transport').then(
      ({ CheckoutTransport }) => {
        if (token !== this._transportToken) return;
        this._transport = new CheckoutTransport({
          endpoint: this.endpointUrl,
          session: this.session,
          pollInterval: this.pollInterval,
          onView: (view) => this.applyView(view),
          onMode: (mode) => (this._mode = mode),
        });
        this._transport.start();
      },
      (error: unknown) => {
        if (token !== this._transportToken) return;
        // Without it the page would never update: the error step and "Try again" instead.
        this._failedChunk = this._step;
        this._reportError(asApiError(error), 'load');
        this.requestUpdate();
      },
    );
  }

  private _stopTransport(): void {
    this._transportToken++;
    this._transport?.stop();
    this._transport = null;
    this._mode = 'idle';
  }

  /** Fetches the view once (after a refused request or a redirect window's report). */
  private async _refresh(): Promise<void> {
    try {
      if (this.session) this.applyView(await getView(this.endpointUrl, this.session));
    } catch {
      /* the stream or the next poll will tell */
    }
  }

  /** @internal The form's submit: checks the fields, then starts the attempt. */
  async _submitForm(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const view = this._view;
    const country = this._country();
    const method = this._method();
    if (!view || !country || !method || this._busy) return;
    const problems = checkForm(method.kind, this._values, country, view.banks.length > 0);
    this._problems = problems;
    const invalid = Object.keys(problems);
    if (invalid.length > 0) {
      this._formError = this._t.fixFields(invalid.length);
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>(`#${invalid[0]}`)?.focus();
      return;
    }
    this._formError = '';
    this._busy = true;
    try {
      const body = attemptRequest(country, method, this._values);
      this.applyView(await startAttempt(this.endpointUrl, view.id, body));
      this._dismissed = null;
    } catch (error) {
      const apiError = asApiError(error);
      this._reportError(apiError, 'attempt');
      const issues = apiError.details?.issues;
      const refused: Partial<Record<FieldName, FieldProblem>> = {};
      for (const issue of Array.isArray(issues) ? issues : []) {
        const field = fieldOfIssue(String((issue as { path?: unknown })?.path ?? ''));
        if (field) refused[field] = refusedProblem(field);
      }
      this._problems = refused;
      this._formError = this._t.errors[apiError.code] ?? this._t.errors.generic;
      // Another attempt or a closed session; or no clear answer (a network failure or a 5xx
      // may come after the attempt was made): the view says which step is live.
      const unclear = apiError.status === 0 || apiError.status >= 500;
      if (unclear || /^(ATTEMPT_IN_PROGRESS|SESSION_(CLOSED|EXPIRED))$/.test(apiError.code)) {
        await this._refresh();
      }
    } finally {
      this._busy = false;
    }
  }

  /** @internal The OTP form's submit. */
  async _submitOtp(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const view = this._view;
    const t = this._t;
    if (!view || this._busy) return;
    const otp = this._otp.replace(/\s+/g, '');
    if (!/^\d{4,10}$/.test(otp)) {
      this._otpProblem = otp ? t.otpInvalidFormat : t.required;
      return;
    }
    this._busy = true;
    try {
      this.applyView(await submitOtp(this.endpointUrl, view.id, otp));
      this._otp = this._otpProblem = '';
    } catch (error) {
      const apiError = asApiError(error);
      this._reportError(apiError, 'otp');
      const tries = apiError.details?.tries_left;
      this._otpProblem = (t.errors[apiError.code] ?? t.errors.generic).concat(
        typeof tries === 'number' ? ` ${t.triesLeft(tries)}` : '',
      );
      if (apiError.code !== 'OTP_INVALID') await this._refresh();
    } finally {
      this._busy = false;
    }
    await this.updateComplete;
    if (this._otpProblem) this.renderRoot.querySelector<HTMLElement>('#otp')?.focus();
  }

  /** @internal "Try again" (same method) or "Use another method" after a failure. */
  _retry(choose: boolean): void {
    this._dismissed = this._view?.attempt?.id ?? null;
    this._choosing = choose;
    this._problems = {};
    this._formError = '';
  }

  /** @internal Opens the authorization page in a popup, or navigates when it is blocked. */
  _openRedirect(): void {
    const next = this._next();
    // Defence in depth (the proxy refuses the rest): https, or the proxy's own origin (the
    // sandbox's pages in development); never javascript:, data: or another scheme.
    const url = next?.type == 'redirect' ? next.url : '';
    if (!url.startsWith('https:') && !url.startsWith(this._origin + '/')) return;
    if (openPopup(url, `unified-checkout-${this._view?.id}`)) this._popupOpened = true;
    else this._navigate(url);
  }

  /** Full-page redirect, when the popup was blocked. */
  private _navigate(url: string): void {
    window.location.assign(url);
  }

  private readonly _onMessage = (event: MessageEvent): void => {
    const view = this._view;
    if (view && isReturnMessage(event, this._origin, view.id)) {
      void this._refresh();
    }
  };

  /** @internal Copies a value, and says so in the live region. */
  async _copy(what: string, text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this._announcement = this._t.copied(what);
    } catch {
      this._announcement = this._t.copyFailed;
    }
  }

  /**
   * Tells the page's developer, once per page, why the proxy may be unreachable (the payer sees
   * the translated message). A refused origin looks like a network failure to the page.
   */
  private _warnUnreachable(): void {
    if (warnedUnreachable) return;
    warnedUnreachable = true;
    console.warn(
      `unified-checkout: cannot reach the payment proxy at ${this.endpointUrl} from ${location.origin}. ` +
        `Likely causes: this page's origin is not allowed by the proxy (ALLOWED_ORIGINS, CORS), ` +
        `the proxy is not running, or the endpoint attribute is wrong. ` +
        `See "Allowing your page's origin" in the unified-checkout README.`,
    );
  }

  private _reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void {
    const { code, message, status } = error;
    this.dispatchEvent(new CheckoutErrorEvent({ code, message, status, operation }));
  }

  /**
   * Dispatches ready / success / failure / expired, each once per session or attempt. A failure
   * is the upstream's "not charged" (or a session closed with no attempt): never for an attempt
   * still pending (confirming, lapsed), nor for `mismatch` / `needs_review`. A success still
   * follows an expiry when the last attempt pays after all.
   */
  private _dispatchOutcome(): void {
    const view = this._view;
    if (!view) return;
    const once = (key: string, event: () => Event) => {
      if (this._dispatched.has(key)) return;
      this._dispatched.add(key);
      this.dispatchEvent(event());
    };
    const { id: session, status, amount, currency, attempt } = view;
    once(`ready:${session}`, () => new CheckoutReadyEvent({ session, status, amount, currency }));
    if (status === 'succeeded') {
      once(
        `success:${session}`,
        () => new CheckoutSuccessEvent({ session, attempt: attempt?.id ?? null, amount, currency }),
      );
      return;
    }
    if (status === 'expired') {
      once(`expired:${session}`, () => new CheckoutExpiredEvent({ session }));
    } else if (attempt ? attempt.status === 'failed' : status === 'failed') {
      once(
        `failure:${attempt?.id ?? session}`,
        () =>
          new CheckoutFailureEvent({
            session,
            attempt: attempt?.id ?? null,
            status: 'failed',
            code: attempt?.failure?.code ?? null,
            message: attempt?.failure?.message ?? null,
            canRetry: view.can_retry,
          }),
      );
    }
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
