/**
 * Redirect methods, the element's side: while the element is on the page, the proxy's return
 * page (in the popup the redirect step opened, steps/redirect.ts) reporting back makes it
 * re-read the view.
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutView } from '../../shared/view';
import { isReturnMessage } from '../popup';

/** What the redirect window reads from its element. */
export interface RedirectHost extends ReactiveControllerHost {
  readonly endpointUrl: string;
  readonly _view: CheckoutView | null;
  /** Re-reads the view once. */
  _refresh(): Promise<void>;
}

/**
 * Listens for the return page's message while the element is connected.
 *
 * @example
 * private readonly _redirect = new RedirectWindow(this);
 */
export class RedirectWindow implements ReactiveController {
  private readonly _host: RedirectHost;

  constructor(host: RedirectHost) {
    this._host = host;
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('message', this._onMessage);
  }

  hostDisconnected(): void {
    window.removeEventListener('message', this._onMessage);
  }

  private readonly _onMessage = (event: MessageEvent): void => {
    const view = this._host._view;
    const origin = new URL(this._host.endpointUrl).origin;
    if (view && isReturnMessage(event, origin, view.id)) void this._host._refresh();
  };
}
