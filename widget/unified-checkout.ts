/**
 * `<unified-checkout>`: the embeddable checkout element. The flow lives beside it: loading and
 * following the session (controllers/), the form and OTP submits (actions/), the steps'
 * templates (steps/), and the state they read, with the events it sends (checkout-state.ts).
 * @module
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { CheckoutView } from '../shared/view';
import { asApiError, scriptOrigin, type ApiError } from './api';
import { CheckoutState } from './checkout-state';
import { ChunkLoads } from './controllers/chunk-loads';
import { LiveSession } from './controllers/live-session';
import { SessionLoader } from './controllers/session-loader';
import { CheckoutErrorEvent, type CheckoutErrorDetail, type CheckoutStep } from './events';
import { submitCode } from './actions/submit-code';
import { UNLOADABLE, wantedLanguage } from './languages';
import {
  loadableLanguages,
  resolveLocale,
  type ResolvedLocale,
  type Translation,
} from './localize';
import { isFinal } from './step';
import { stepRenderer } from './step-chunks';
import { renderLoading } from './steps/progress';
import type { StateHost } from './steps/state';
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
 * Members starting with `_` are internal (the {@link StateHost} the state and steps use).
 *
 * @example
 * <script src="https://pay.example.com/widget.js"></script>
 * <unified-checkout session="cs_123" locale="fr"></unified-checkout>
 */
export class UnifiedCheckout extends LitElement implements StateHost {
  static override properties = {
    session: { type: String },
    endpoint: { type: String },
    locale: { type: String },
    theme: { type: String, reflect: true },
    pollInterval: { type: Number, attribute: 'poll-interval' },
    initialView: { type: Object, attribute: 'initial-view' },
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

  private readonly _chunks = new ChunkLoads(this, (error) =>
    this._reportError(asApiError(error), 'load'),
  );
  /** @internal The view, the choice, the form, busy, the code; the events (checkout-state.ts). */
  readonly _state = new CheckoutState(
    this,
    (step) => this._chunks._step(step),
    (step) => this._canRender(step),
  );
  // Without the live transport the page would never update: the error step and "Try again".
  private readonly _live = new LiveSession(this, (error) =>
    this._chunks._fail(this._state._step, error),
  );
  private readonly _loader = new SessionLoader(this, this._state, () => this._live._start());
  /** `null` until a translation the element may use has loaded (a spinner shows until then). */
  private _locale: ResolvedLocale | null = null;

  constructor() {
    super();
    this.session = '';
    this.endpoint = '';
    this.locale = '';
    this.theme = 'auto';
    this.pollInterval = 3000;
  }

  /** The step on screen (while a step's chunk loads, the step before it). */
  get step(): CheckoutStep {
    const state = this._state;
    return this._canRender(state._step) ? state._step : state._renderedStep;
  }

  /** The latest view of the session, or `null` before the first one. */
  get view(): CheckoutView | null {
    return this._state._view;
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
    if (!this._state._apply(view, this.session)) return false;
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
      if (changed.has('session') && this.session && this._state._view?.id !== this.session) {
        this._state._reset(true);
      }
      this._live._stop();
      if (this.session) void this._load();
    }
    const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
    // The attribute, else the session's own locale (the merchant's), then the browser's.
    const asked = this.locale || this._state._view?.locale || '';
    this._locale = resolveLocale(asked, languages);
    this._chunks._language(
      wantedLanguage(asked, languages, loadableLanguages()),
      this._locale?.translation.$code ?? null,
    );
    // The step: the state's hostUpdate, next.
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
    const state = this._state;
    const status = state._announcement || statusText(state, t, state._step);
    return html`<div
      part="panel"
      role="region"
      aria-label=${t.checkout}
      lang=${this._tag}
      dir=${t.$dir}
    >
      <div part="header">
        <span>${t.total}</span><strong part="amount" dir="ltr">${state._amount()}</strong>
      </div>
      ${
        // The step stays as it was; the stream catches up when the connection is back.
        this._live._mode == 'offline'
          ? html`<p part="offline" role="status">${t.offline}</p>`
          : nothing
      }
      <div part="body">${(stepRenderer(state._step) ?? renderLoading)(state, t)}</div>
      <div class="sr" role="status">${status}</div>
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
        ({ submitAttempt }) => void submitAttempt(this._state, this._t),
        (error: unknown) => {
          const apiError = asApiError(error);
          this._reportError(apiError, 'attempt');
          this._state._set({ _formError: this._t.errors[apiError.code] ?? this._t.errors.generic });
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
