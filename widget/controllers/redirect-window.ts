/**
 * Redirect methods, the element's side: once the redirect step has shown (it is in that step's
 * chunk, steps/redirect.ts), the proxy's return page in the popup it opened reporting back
 * makes the element re-read the view, for as long as the element is on the page.
 * @module
 */
import type { ReactiveController } from 'lit';
import { isReturnMessage } from '../popup';
import type { StepState } from '../steps/state';

/** Listens for the return page's message while the element is connected. */
class RedirectWindow implements ReactiveController {
  private readonly _state: StepState;

  constructor(state: StepState) {
    this._state = state;
    state._host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('message', this._onMessage);
  }

  hostDisconnected(): void {
    window.removeEventListener('message', this._onMessage);
  }

  private readonly _onMessage = (event: MessageEvent): void => {
    const { _view: view, _host: host } = this._state;
    const origin = new URL(host.endpointUrl).origin;
    if (view && isReturnMessage(event, origin, view.id)) void host._refresh();
  };
}

const listening = new WeakSet<StepState>();

/**
 * Makes the element listen for the popup's report from now on (the first call adds the
 * controller; the redirect step's chunk calls it once the step is on screen).
 *
 * @example
 * listenForReturn(state);
 */
export function listenForReturn(state: StepState): void {
  if (listening.has(state)) return;
  listening.add(state);
  new RedirectWindow(state);
}
