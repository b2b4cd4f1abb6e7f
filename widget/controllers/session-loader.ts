/**
 * Loading a session's view: the first one (from the `initial-view` attribute or
 * `GET /v1/checkout/:id`), and one-off refreshes after a refused request or a popup's report.
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutView } from '../../shared/view';
import { prepareAmountFormat } from '../../shared/amount-format';
import { asApiError, getView, type ApiError } from '../api';
import type { CheckoutErrorDetail } from '../events';
import { isFinal } from '../step';
import type { ActionState } from '../steps/state';

/** What the loader reads from and writes to its element (the load's error: to its state). */
export interface SessionLoaderHost extends ReactiveControllerHost {
  readonly endpointUrl: string;
  readonly session: string;
  /** The `locale` attribute (empty: the browser's languages). */
  readonly locale: string;
  initialView: CheckoutView | null;
  applyView(view: CheckoutView): boolean;
  _reportError(error: ApiError, operation: CheckoutErrorDetail['operation']): void;
}

/**
 * Loads the view; a load overtaken by a newer one (or by the element leaving the page) is
 * dropped.
 *
 * @example
 * private readonly _loader = new SessionLoader(this, this._state, () => this._live.start());
 * // when `session` changes: void this._loader.load();
 */
export class SessionLoader implements ReactiveController {
  private readonly _host: SessionLoaderHost;
  private readonly _state: Pick<ActionState, '_set'>;
  private readonly _follow: () => void;
  private _token = 0;

  /** `follow`: called once a first view that is not final is applied (to follow it live). */
  constructor(host: SessionLoaderHost, state: Pick<ActionState, '_set'>, follow: () => void) {
    this._host = host;
    this._state = state;
    this._follow = follow;
    host.addController(this);
  }

  /** Loads the view, then has the session followed live until it is final. */
  async _load(): Promise<void> {
    const host = this._host;
    const token = ++this._token;
    this._state._set({ _loadError: null });
    try {
      const given = host.initialView;
      host.initialView = null;
      let view: CheckoutView;
      if (given?.id === host.session) {
        view = given;
      } else {
        const pending = getView(host.endpointUrl, host.session);
        // While the view is on its way (the first paint, a spinner, done first): the locale's
        // number data, which the first formatted amount would otherwise load on the first step.
        setTimeout(() => prepareAmountFormat(host.locale || navigator.language || 'en'));
        view = await pending;
      }
      if (token !== this._token) return;
      host.applyView(view);
      if (!isFinal(view)) this._follow();
    } catch (error) {
      if (token !== this._token) return;
      const loadError = asApiError(error);
      this._state._set({ _loadError: loadError });
      host._reportError(loadError, 'load');
      // The developer's explanation is a chunk of its own (a first load without it): from the
      // widget's origin, which a page refused by the proxy's CORS still reaches.
      if (loadError.status === 0) {
        import('../unreachable').then(
          (m) => m.warnUnreachable(host.endpointUrl),
          () => undefined,
        );
      }
    }
  }

  /** Fetches the view once (after a refused request or a redirect window's report). */
  async _refresh(): Promise<void> {
    const host = this._host;
    try {
      if (host.session) host.applyView(await getView(host.endpointUrl, host.session));
    } catch {
      /* the stream or the next poll will tell */
    }
  }

  hostDisconnected(): void {
    this._token++;
  }
}
