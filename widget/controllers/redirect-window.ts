/**
 * Redirect methods from the element's side: open the authorization page (popup, else the
 * whole page navigates), and re-read the view when the proxy's return page reports back.
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutView, NextAction } from '../../shared/view';
import { isReturnMessage, openPopup } from '../popup';

/** What the redirect window reads from and writes to its element. */
export interface RedirectHost extends ReactiveControllerHost {
  readonly endpointUrl: string;
  readonly _view: CheckoutView | null;
  _popupOpened: boolean;
  _next(): NextAction | null;
  /** Full-page navigation, when the popup was blocked. */
  _navigate(url: string): void;
  /** Re-reads the view once. */
  _refresh(): Promise<void>;
}

/**
 * Opens the redirect step's page and listens, while the element is on the page, for the
 * return page's message.
 *
 * @example
 * private readonly _redirect = new RedirectWindow(this);
 * // the redirect step's button: this._redirect.open();
 */
export class RedirectWindow implements ReactiveController {
  private readonly _host: RedirectHost;

  constructor(host: RedirectHost) {
    this._host = host;
    host.addController(this);
  }

  /** Opens the authorization page in a popup, or navigates when it is blocked. */
  open(): void {
    const host = this._host;
    const next = host._next();
    // Defence in depth (the proxy refuses the rest): https, or the proxy's own origin (the
    // sandbox's pages in development); never javascript:, data: or another scheme.
    const url = next?.type == 'redirect' ? next.url : '';
    if (!url.startsWith('https:') && !url.startsWith(this._origin() + '/')) return;
    if (openPopup(url, `unified-checkout-${host._view?.id}`)) host._popupOpened = true;
    else host._navigate(url);
  }

  hostConnected(): void {
    window.addEventListener('message', this._onMessage);
  }

  hostDisconnected(): void {
    window.removeEventListener('message', this._onMessage);
  }

  /** The proxy's origin. */
  private _origin(): string {
    return new URL(this._host.endpointUrl).origin;
  }

  private readonly _onMessage = (event: MessageEvent): void => {
    const view = this._host._view;
    if (view && isReturnMessage(event, this._origin(), view.id)) void this._host._refresh();
  };
}
