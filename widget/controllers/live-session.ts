/**
 * Following a session live: the WebSocket stream, polling when sockets fail (transport.ts, a
 * chunk of its own: the first screen does not need it).
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutView } from '../../shared/view';
import type { CheckoutTransport, TransportMode } from '../transport';

/** What the live session reads from its element. */
export interface LiveSessionHost extends ReactiveControllerHost {
  readonly endpointUrl: string;
  readonly session: string;
  readonly pollInterval: number;
  applyView(view: CheckoutView): boolean;
}

/**
 * Starts and stops the element's {@link CheckoutTransport}; stops it when the element leaves
 * the page.
 *
 * @example
 * private readonly _live = new LiveSession(this, (error) => this._chunkFailed(error));
 * // once the first view is not final: this._live.start();
 */
export class LiveSession implements ReactiveController {
  /** How the element follows the session now. */
  _mode: TransportMode = 'idle';
  private readonly _host: LiveSessionHost;
  private readonly _onChunkError: (error: unknown) => void;
  private _transport: CheckoutTransport | null = null;
  /** Bumped by every start and stop: a transport chunk that arrives late for a stopped one is dropped. */
  private _token = 0;

  /** `onChunkError`: the transport's chunk could not be loaded (the page would never update). */
  constructor(host: LiveSessionHost, onChunkError: (error: unknown) => void) {
    this._host = host;
    this._onChunkError = onChunkError;
    host.addController(this);
  }

  /** Follows the session (stopping any transport already running). */
  _start(): void {
    this._stop();
    const token = this._token;
    const host = this._host;
    this._mode = 'connecting';
    import('../transport').then(
      ({ CheckoutTransport }) => {
        if (token !== this._token) return;
        this._transport = new CheckoutTransport({
          endpoint: host.endpointUrl,
          session: host.session,
          pollInterval: host.pollInterval,
          onView: (view) => host.applyView(view),
          onMode: (mode) => {
            this._mode = mode;
            host.requestUpdate(); // the offline notice follows the mode
          },
        });
        this._transport.start();
      },
      (error: unknown) => {
        if (token === this._token) this._onChunkError(error);
      },
    );
  }

  /** Stops following the session. */
  _stop(): void {
    this._token++;
    this._transport?.stop();
    this._transport = null;
    this._mode = 'idle';
  }

  hostDisconnected(): void {
    this._stop();
  }
}
