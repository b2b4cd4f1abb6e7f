/**
 * `<unified-checkout>`: the embeddable checkout element.
 * @module
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { CheckoutView, CountryOption, MethodOption } from '../shared/view';
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
import { loadTranslation, resolveLocale, wantedLanguage, type ResolvedLocale } from './localize';
import { isReturnMessage, openPopup } from './popup';
import { hasChoice, stepFor } from './step';
import { renderApprove } from './steps/approve';
import { renderChoose } from './steps/choose';
import { renderForm } from './steps/form';
import { renderOtp } from './steps/otp';
import {
  failureText,
  renderError,
  renderExpired,
  renderFailure,
  renderSuccess,
} from './steps/outcome';
import { renderLoading, renderWait } from './steps/progress';
import { renderRedirect } from './steps/redirect';
import { renderTransfer } from './steps/transfer';
import { styles } from './styles';
import './translations/en';
import { CheckoutTransport, type TransportMode } from './transport';

// widget.js is a classic script: its URL is known only while it runs. The ES module has
// import.meta.url (in the IIFE build it is undefined). Nothing else is read at import time.
const classicScript =
  typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);

/** The origin that served widget.js (or the ES module): the default `endpoint`. */
function scriptOrigin(): string {
  try {
    return new URL(classicScript?.src || import.meta.url).origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
}

const TERMINAL = new Set(['succeeded', 'failed', 'expired']);

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
 * @example
 * <script src="https://pay.example.com/widget.js"></script>
 * <unified-checkout session="cs_123" locale="fr"></unified-checkout>
 */
export class UnifiedCheckout extends LitElement {
  static override properties = {
    session: { type: String },
    endpoint: { type: String },
    locale: { type: String },
    theme: { type: String, reflect: true },
    pollInterval: { type: Number, attribute: 'poll-interval' },
    _view: { state: true },
    _loadError: { state: true },
    _countryId: { state: true },
    _method: { state: true },
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

  declare private _view: CheckoutView | null;
  declare private _loadError: ApiError | null;
  declare private _countryId: number | null;
  declare private _method: string | null;
  declare private _choosing: boolean;
  declare private _dismissed: string | null;
  declare private _values: FieldValues;
  declare private _problems: Partial<Record<FieldName, FieldProblem>>;
  declare private _formError: string;
  declare private _busy: boolean;
  declare private _otp: string;
  declare private _otpProblem: string;
  declare private _popupOpened: boolean;
  declare private _announcement: string;

  private readonly clock = new ClockController(this);
  private transport: CheckoutTransport | null = null;
  private transportMode: TransportMode = 'idle';
  private currentStep: CheckoutStep = 'loading';
  private renderedStep: CheckoutStep = 'loading';
  private locale_: ResolvedLocale | null = null;
  private dispatched = new Set<string>();
  private loadToken = 0;

  constructor() {
    super();
    this.session = '';
    this.endpoint = '';
    this.locale = '';
    this.theme = 'auto';
    this.pollInterval = 3000;
    this.resetState();
  }

  /** The step on screen. */
  get step(): CheckoutStep {
    return this.currentStep;
  }

  /** The latest view of the session, or `null` before the first one. */
  get view(): CheckoutView | null {
    return this._view;
  }

  /** How the element currently follows the session: `live` (stream), `polling`, `connecting` or `idle`. */
  get connection(): TransportMode {
    return this.transportMode;
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
    if (current && current.id !== view.id) this.resetState();
    this._view = view;
    this._loadError = null;
    const attempt = view.attempt;
    if (attempt && attempt.id !== current?.attempt?.id) {
      // A new attempt (ours, or resumed after a reload) fixes the choice it was made with.
      this._countryId = attempt.country_id;
      this._method = attempt.method;
      this._popupOpened = false;
      this._otp = '';
      this._otpProblem = '';
    }
    if (this._countryId === null || !view.countries.some((c) => c.id === this._countryId)) {
      this._countryId = view.countries[0]?.id ?? null;
      this._method = view.countries[0]?.methods[0]?.value ?? null;
    }
    const country = this.country();
    if (country) this._values = { ...prefill(view, country), ...this._values };
    if (TERMINAL.has(view.status)) this.stopTransport();
    return true;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this.onMessage);
    if (this.hasUpdated && this.session) void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('message', this.onMessage);
    this.loadToken++;
    this.stopTransport();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('session') || changed.has('endpoint')) && this.isConnected) {
      const sessionChanged = changed.has('session') && this._view?.id !== this.session;
      if (sessionChanged) {
        this.resetState();
        this.dispatched.clear();
      }
      this.stopTransport();
      if (this.session) void this.load();
    }
    const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
    this.locale_ = resolveLocale(this.locale, languages);
    const wanted = wantedLanguage(this.locale, languages);
    if (wanted !== this.locale_.translation.$code && typeof document !== 'undefined') {
      loadTranslation(wanted, this.endpointUrl).then(
        () => this.requestUpdate(),
        () => undefined, // English stays
      );
    }
    const step = stepFor(this._view, {
      choosing: this._choosing,
      dismissed: this._dismissed,
      failedToLoad: this._loadError !== null,
    });
    if (step !== this.currentStep) this._announcement = '';
    this.currentStep = step;
    this.clock.running = this.currentStep === 'otp' || this.currentStep === 'transfer';
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const step = this.currentStep;
    const previous = this.renderedStep;
    if (previous !== step) {
      this.renderedStep = step;
      this.dispatchEvent(new CheckoutStepEvent({ step, previous }));
      // Focus follows the step, except on the first paint (never steal focus on page load).
      if (previous !== 'loading') this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    }
    this.dispatchOutcome();
  }

  override render(): TemplateResult {
    const { translation: t, tag } = this.locale_ ?? resolveLocale(this.locale, []);
    const view = this._view;
    return html`<div part="panel" role="region" aria-label=${t.checkout} lang=${tag} dir=${t.$dir}>
      ${
        view
          ? html`<div part="header">
              <span>${t.total}</span><strong part="amount">${this.amount(view)}</strong>
            </div>`
          : nothing
      }
      <div part="body">${this.renderStep()}</div>
      <div class="sr" role="status">${this._announcement || this.statusText()}</div>
    </div>`;
  }

  private renderStep(): TemplateResult | typeof nothing {
    const t = this.t;
    const view = this._view;
    const step = this.currentStep;
    if (step === 'error') {
      const code = this._loadError?.code ?? 'NETWORK';
      return renderError(t, t.errors[code] ?? t.errors.generic, () => void this.load());
    }
    if (!view) return renderLoading(t);
    const next = view.attempt?.next ?? null;
    const country = this.country();
    const method = this.method();
    switch (step) {
      case 'choose':
        if (!country) return nothing;
        return renderChoose({
          t,
          locale: this.tag,
          countries: view.countries,
          country,
          method: this._method,
          onCountry: (id) => {
            this._countryId = id;
            this._method = view.countries.find((c) => c.id === id)?.methods[0]?.value ?? null;
          },
          onMethod: (value) => (this._method = value),
          onContinue: (e) => {
            e.preventDefault();
            const chosen = this.country();
            if (!chosen || !this.method()) return;
            this._values = { ...prefill(view, chosen), ...this._values };
            this._choosing = false;
            this._problems = {};
            this._formError = '';
          },
        });
      case 'form':
        if (!country || !method) return nothing;
        return renderForm({
          t,
          view,
          country,
          method,
          amount: this.amount(view),
          values: this._values,
          problems: this._problems,
          formError: this._formError,
          busy: this._busy,
          canGoBack: hasChoice(view),
          onInput: (field, value) => {
            this._values = { ...this._values, [field]: value };
            if (this._problems[field]) {
              const { [field]: _, ...rest } = this._problems;
              this._problems = rest;
            }
          },
          onSubmit: (e) => void this.submitForm(e),
          onBack: () => (this._choosing = true),
        });
      case 'approve':
        return renderApprove({
          t,
          amount: this.amount(view),
          mobile: next?.type === 'approve_on_phone' ? next.mobile_masked : '',
        });
      case 'otp':
        return renderOtp({
          t,
          expiresAt: next?.type === 'enter_otp' ? Date.parse(next.expires_at) : 0,
          now: this.clock.now,
          triesLeft: next?.type === 'enter_otp' ? next.tries_left : 0,
          value: this._otp,
          problem: this._otpProblem,
          busy: this._busy,
          onInput: (value) => {
            this._otp = value;
            this._otpProblem = '';
          },
          onSubmit: (e) => void this.submitOtpForm(e),
        });
      case 'transfer':
        if (next?.type !== 'bank_transfer') return nothing;
        return renderTransfer({
          t,
          bankName: next.bank_name,
          accountNumber: next.account_number,
          amount: formatAmount(next.amount, next.currency, this.tag),
          amountDigits: String(next.amount),
          expiresAt: Date.parse(next.expires_at),
          now: this.clock.now,
          onCopy: (what, text) => void this.copy(what, text),
        });
      case 'redirect':
        return renderRedirect({
          t,
          method: method?.label ?? '',
          opened: this._popupOpened,
          onOpen: () => this.openRedirect(),
        });
      case 'wait':
        return renderWait(t);
      case 'success':
        return renderSuccess(t, this.amount(view));
      case 'failure':
        return renderFailure({
          t,
          view,
          canChoose: hasChoice(view),
          onRetry: () => this.retry(false),
          onChoose: () => this.retry(true),
        });
      case 'expired':
        return renderExpired(t);
      default:
        return renderLoading(t);
    }
  }

  /** The text of the polite live region for the current step. */
  private statusText(): string {
    const t = this.t;
    const view = this._view;
    switch (this.currentStep) {
      case 'loading':
        return t.loading;
      case 'approve':
        return t.approveWaiting;
      case 'otp':
        return t.otpHeading;
      case 'transfer':
        return t.transferWaiting;
      case 'redirect':
        return this._popupOpened ? t.redirectWaiting : '';
      case 'wait':
        return t.waitHeading;
      case 'success':
        return t.successHeading;
      case 'failure':
        return view ? [t.failureHeading, ...failureText(t, view)].join(' ') : t.failureHeading;
      case 'expired':
        return t.expiredHeading;
      default:
        return this._busy ? t.sending : '';
    }
  }

  private get t() {
    return (this.locale_ ?? resolveLocale(this.locale, [])).translation;
  }

  private get tag(): string {
    return (this.locale_ ?? resolveLocale(this.locale, [])).tag;
  }

  private amount(view: CheckoutView): string {
    return formatAmount(view.amount, view.currency, this.tag);
  }

  private country(): CountryOption | undefined {
    return this._view?.countries.find((c) => c.id === this._countryId);
  }

  private method(): MethodOption | undefined {
    return this.country()?.methods.find((m) => m.value === this._method);
  }

  private resetState(): void {
    this._view = null;
    this._loadError = null;
    this._countryId = null;
    this._method = null;
    this._choosing = true;
    this._dismissed = null;
    this._values = {};
    this._problems = {};
    this._formError = '';
    this._busy = false;
    this._otp = '';
    this._otpProblem = '';
    this._popupOpened = false;
    this._announcement = '';
  }

  /** Loads the view, then follows the session live until it is final. */
  private async load(): Promise<void> {
    const token = ++this.loadToken;
    const session = this.session;
    this._loadError = null;
    try {
      const view = await getView(this.endpointUrl, session);
      if (token !== this.loadToken) return;
      this.applyView(view);
      if (!TERMINAL.has(view.status)) this.startTransport();
    } catch (error) {
      if (token !== this.loadToken) return;
      this._loadError = asApiError(error);
      this.reportError(this._loadError, 'load');
    }
  }

  private startTransport(): void {
    this.stopTransport();
    this.transport = new CheckoutTransport({
      endpoint: this.endpointUrl,
      session: this.session,
      pollInterval: this.pollInterval,
      onView: (view) => this.applyView(view),
      onMode: (mode) => (this.transportMode = mode),
    });
    this.transport.start();
  }

  private stopTransport(): void {
    this.transport?.stop();
    this.transport = null;
    this.transportMode = 'idle';
  }

  /** Fetches the view once (after a refused request or a redirect window's report). */
  private async refresh(): Promise<void> {
    if (!this.session) return;
    try {
      this.applyView(await getView(this.endpointUrl, this.session));
    } catch {
      /* the stream or the next poll will tell */
    }
  }

  private async submitForm(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const view = this._view;
    const country = this.country();
    const method = this.method();
    if (!view || !country || !method || this._busy) return;
    const problems = checkForm(method.kind, this._values, country, view.banks.length > 0);
    this._problems = problems;
    const invalid = Object.keys(problems);
    if (invalid.length > 0) {
      this._formError = this.t.fixFields(invalid.length);
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>(`#${invalid[0]}`)?.focus();
      return;
    }
    this._formError = '';
    this._busy = true;
    try {
      const next = await startAttempt(
        this.endpointUrl,
        view.id,
        attemptRequest(country, method, this._values),
      );
      this._dismissed = null;
      this.applyView(next);
    } catch (error) {
      const apiError = asApiError(error);
      this.reportError(apiError, 'attempt');
      const issues = (apiError.details?.issues ?? []) as { path?: string }[];
      const refused: Partial<Record<FieldName, FieldProblem>> = {};
      for (const issue of Array.isArray(issues) ? issues : []) {
        const field = fieldOfIssue(String(issue.path ?? ''));
        if (field) refused[field] = refusedProblem(field);
      }
      this._problems = refused;
      this._formError = this.t.errors[apiError.code] ?? this.t.errors.generic;
      if (['ATTEMPT_IN_PROGRESS', 'SESSION_CLOSED', 'SESSION_EXPIRED'].includes(apiError.code)) {
        await this.refresh();
      }
    } finally {
      this._busy = false;
    }
  }

  private async submitOtpForm(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const view = this._view;
    if (!view || this._busy) return;
    const otp = this._otp.replace(/\s+/g, '');
    if (!/^\d{4,10}$/.test(otp)) {
      this._otpProblem = otp ? this.t.otpInvalidFormat : this.t.required;
      return;
    }
    this._busy = true;
    try {
      this.applyView(await submitOtp(this.endpointUrl, view.id, otp));
      this._otp = '';
      this._otpProblem = '';
    } catch (error) {
      const apiError = asApiError(error);
      this.reportError(apiError, 'otp');
      const t = this.t;
      const tries = apiError.details?.tries_left;
      this._otpProblem = [
        t.errors[apiError.code] ?? t.errors.generic,
        typeof tries === 'number' ? t.triesLeft(tries) : '',
      ]
        .filter(Boolean)
        .join(' ');
      if (apiError.code !== 'OTP_INVALID') await this.refresh();
    } finally {
      this._busy = false;
    }
    await this.updateComplete;
    if (this._otpProblem) this.renderRoot.querySelector<HTMLElement>('#otp')?.focus();
  }

  private retry(choose: boolean): void {
    this._dismissed = this._view?.attempt?.id ?? null;
    this._choosing = choose;
    this._problems = {};
    this._formError = '';
  }

  private openRedirect(): void {
    const next = this._view?.attempt?.next;
    if (next?.type !== 'redirect') return;
    const popup = openPopup(next.url, `unified-checkout-${this.session || this._view?.id}`);
    if (popup) this._popupOpened = true;
    else this.navigate(next.url);
  }

  /** Full-page redirect, when the popup was blocked. */
  private navigate(url: string): void {
    window.location.assign(url);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const view = this._view;
    if (view && isReturnMessage(event, new URL(this.endpointUrl).origin, view.id)) {
      void this.refresh();
    }
  };

  private async copy(what: string, text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this._announcement = this.t.copied(what);
    } catch {
      this._announcement = this.t.copyFailed;
    }
  }

  private reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void {
    this.dispatchEvent(
      new CheckoutErrorEvent({
        code: error.code,
        message: error.message,
        status: error.status,
        operation,
      }),
    );
  }

  /** Dispatches ready / success / failure / expired, each once per session or attempt. */
  private dispatchOutcome(): void {
    const view = this._view;
    if (!view) return;
    const once = (key: string, event: () => Event) => {
      if (this.dispatched.has(key)) return;
      this.dispatched.add(key);
      this.dispatchEvent(event());
    };
    const session = view.id;
    once(
      `ready:${session}`,
      () =>
        new CheckoutReadyEvent({
          session,
          status: view.status,
          amount: view.amount,
          currency: view.currency,
        }),
    );
    const attempt = view.attempt;
    if (view.status === 'succeeded') {
      once(
        `success:${session}`,
        () =>
          new CheckoutSuccessEvent({
            session,
            attempt: attempt?.id ?? null,
            amount: view.amount,
            currency: view.currency,
          }),
      );
    } else if (view.status === 'expired') {
      once(`expired:${session}`, () => new CheckoutExpiredEvent({ session }));
    } else if (
      view.status === 'failed' ||
      (attempt && attempt.status !== 'pending' && attempt.status !== 'succeeded')
    ) {
      once(
        `failure:${attempt?.id ?? session}`,
        () =>
          new CheckoutFailureEvent({
            session,
            attempt: attempt?.id ?? null,
            status: attempt && attempt.status !== 'pending' ? attempt.status : 'failed',
            code: attempt?.failure?.code ?? null,
            message: attempt?.failure?.message ?? null,
            canRetry: view.can_retry,
          }),
      );
    }
  }
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError('NETWORK', error instanceof Error ? error.message : String(error), 0);
}

if (typeof customElements !== 'undefined' && !customElements.get('unified-checkout')) {
  customElements.define('unified-checkout', UnifiedCheckout);
}

declare global {
  interface HTMLElementTagNameMap {
    'unified-checkout': UnifiedCheckout;
  }
}
