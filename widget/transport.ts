/**
 * Live status: the proxy's WebSocket stream (`…/v1/checkout/:id/stream`), reconnecting with
 * exponential backoff and jitter, and polling `GET /v1/checkout/:id` while sockets fail.
 * @module
 */
import type { CheckoutView, StreamMessage } from '../shared/view';
import { checkoutUrl, getView } from './api';

/**
 * The "wait" and "confirming" steps ship with the transport (steps/wait.ts). Their chunk starts
 * loading the later steps' strings of the languages in use (the offline notice's among them:
 * controllers/live-session.ts shows it), so every page that follows a session live fetches
 * them once, after its first screen, and a later step finds them there.
 */
export { chunk as waitChunk } from './steps/wait';

/**
 * How the transport currently learns about changes; `offline` while the browser says the
 * payer's connection is down (the element says so, keeping its step).
 */
export type TransportMode = 'idle' | 'connecting' | 'live' | 'polling' | 'offline';

/** Settings of a {@link CheckoutTransport}. */
export interface TransportOptions {
  endpoint: string;
  session: string;
  /** Receives every view, from the stream or a poll (older `seq` filtering is the caller's). */
  onView: (view: CheckoutView) => void;
  /** Told when the mode changes. */
  onMode?: (mode: TransportMode) => void;
  /** Milliseconds between polls while sockets fail; default 3000. */
  pollInterval?: number;
}

/**
 * Reconnection settings: the first delay (ms, doubling with each failure in a row), the longest
 * delay, and how many failed connections in a row start polling (reconnecting goes on).
 *
 * @example
 * backoffDelay(2, BACKOFF_BASE, BACKOFF_MAX); // about 1000 ms
 */
export const BACKOFF_BASE = 500;
/** @see BACKOFF_BASE */
export const BACKOFF_MAX = 15_000;
/** @see BACKOFF_BASE */
export const POLL_AFTER_FAILURES = 2;

/**
 * The WebSocket URL of a session's stream.
 *
 * @example
 * streamUrl('https://pay.example.com', 'cs_1'); // 'wss://pay.example.com/v1/checkout/cs_1/stream'
 */
export function streamUrl(endpoint: string, session: string): string {
  return `${checkoutUrl(endpoint, session)}/stream`.replace(/^http/, 'ws');
}

/**
 * The delay before reconnect number `failures` (1-based): `base·2^(failures-1)`, capped at
 * `max`, with up to 20% random jitter added.
 *
 * @example
 * backoffDelay(3, 500, 15000, () => 0); // 2000
 */
export function backoffDelay(
  failures: number,
  base: number,
  max: number,
  random: () => number = Math.random,
): number {
  const delay = Math.min(max, base * 2 ** Math.max(0, failures - 1));
  return Math.round(delay * (1 + 0.2 * random()));
}

/**
 * Keeps one session's view current.
 *
 * @example
 * const transport = new CheckoutTransport({ endpoint, session, onView: (v) => el.applyView(v) });
 * transport.start();
 * // later
 * transport.stop();
 */
export class CheckoutTransport {
  /** Current mode. */
  mode: TransportMode = 'idle';
  /** Failed connections since the last open socket. */
  failures = 0;

  private readonly _options: TransportOptions;
  private _socket: WebSocket | null = null;
  private _reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private _pollTimer: ReturnType<typeof setTimeout> | undefined;
  private _running = false;
  private _pollGeneration = 0;
  /** The browser's last word on the connection (its `offline` and `online` events). */
  private _offline = false;

  constructor(options: TransportOptions) {
    this._options = options;
  }

  /** Opens the stream (idempotent). */
  start(): void {
    if (this._running) return;
    this._running = true;
    this.failures = 0;
    this._offline = !navigator.onLine;
    addEventListener('offline', this._network);
    addEventListener('online', this._network);
    this._connect();
  }

  /** Closes the stream and stops every timer. */
  stop(): void {
    this._running = false;
    removeEventListener('offline', this._network);
    removeEventListener('online', this._network);
    clearTimeout(this._reconnectTimer);
    this._stopPolling();
    const socket = this._socket;
    this._socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      // close(1000) throws only for an invalid code; on a closed socket it does nothing.
      socket.close(1000);
    }
    this._setMode('idle');
  }

  /** Fetches the view once now (e.g. after a redirect window reported back). */
  async refresh(): Promise<void> {
    const { endpoint, session, onView } = this._options;
    const view = await getView(endpoint, session);
    if (this._running) onView(view);
  }

  /**
   * The connection dropped: say so (sockets and polls go on failing and retrying meanwhile).
   * It came back: start again at once rather than after the backoff's delay; the stream's first
   * message is the session's current view.
   */
  private readonly _network = (event: Event): void => {
    this._offline = event.type === 'offline';
    if (this._offline) {
      this._setMode('offline');
    } else {
      this.stop();
      this.start();
    }
  };

  private _setMode(mode: TransportMode): void {
    if (this._offline && mode !== 'idle') mode = 'offline';
    if (this.mode === mode) return;
    this.mode = mode;
    this._options.onMode?.(mode);
  }

  private _connect(): void {
    if (!this._running) return;
    if (!this._pollTimer) this._setMode('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(streamUrl(this._options.endpoint, this._options.session));
    } catch {
      this._failed(null);
      return;
    }
    this._socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.failures = 0;
      this._stopPolling();
      this._setMode('live');
    };
    socket.onmessage = (event: MessageEvent) => {
      let message: StreamMessage;
      try {
        message = JSON.parse(String(event.data)) as StreamMessage;
      } catch {
        return;
      }
      if (message?.type === 'view' && message.view) this._options.onView(message.view);
    };
    // Lost at its error or its close, whichever comes first: WebKit fires only `error`, never
    // `close`, for a connection it refuses itself (e.g. a blocked port).
    socket.onerror = socket.onclose = () => {
      if (this._socket !== socket) return;
      this._socket = null;
      // A socket that was open and then dropped gets one quick retry before backing off.
      this._failed(opened ? 0 : null);
    };
  }

  private _failed(resetTo: number | null): void {
    if (!this._running) return;
    this.failures = resetTo === null ? this.failures + 1 : resetTo + 1;
    if (this.failures >= POLL_AFTER_FAILURES) this._startPolling();
    else if (!this._pollTimer) this._setMode('connecting');
    clearTimeout(this._reconnectTimer);
    this._reconnectTimer = setTimeout(
      () => this._connect(),
      backoffDelay(this.failures, BACKOFF_BASE, BACKOFF_MAX),
    );
  }

  private _startPolling(): void {
    if (this._pollTimer || !this._running) return;
    this._setMode('polling');
    const generation = ++this._pollGeneration;
    const tick = async () => {
      try {
        await this.refresh();
      } catch {
        /* next tick tries again */
      }
      if (this._pollGeneration === generation && this._pollTimer !== undefined) {
        this._pollTimer = setTimeout(tick, this._options.pollInterval ?? 3000);
      }
    };
    this._pollTimer = setTimeout(tick, 0);
  }

  private _stopPolling(): void {
    this._pollGeneration++;
    clearTimeout(this._pollTimer);
    this._pollTimer = undefined;
  }
}
