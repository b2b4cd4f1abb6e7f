/**
 * Redirect methods, the element's side: once the redirect step has shown (it is in that step's
 * chunk, steps/redirect.ts), the proxy's return page in the popup it opened reporting back
 * makes the element re-read the view, for as long as the element is on the page.
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

/** Listens for the return page's message while the element is connected. */
class RedirectWindow implements ReactiveController {
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

const listening = new WeakSet<RedirectHost>();

/**
 * Makes `host` listen for the popup's report from now on (the first call adds the controller;
 * the redirect step calls it as it renders).
 *
 * @example
 * listenForReturn(h); // in renderRedirect
 */
export function listenForReturn(host: RedirectHost): void {
  if (listening.has(host)) return;
  listening.add(host);
  new RedirectWindow(host);
}
