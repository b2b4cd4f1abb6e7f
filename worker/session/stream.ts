/**
 * The live stream of a session: WebSockets on the hibernation API, each sent the public view
 * on connect and after every change, at most {@link MAX_STREAMS} at once, closed once nothing
 * more will change for the payer.
 * @module
 */
import { errorBody, errorStatus } from '../../shared/errors';
import { isTerminalSession, isUnsettledAttempt } from '../../shared/status';
import type { CheckoutView, StreamMessage } from '../../shared/view';
import type { SessionStore } from './store';

/** Live streams one session keeps open: a new one beyond it closes the oldest, so a loop of
 * reconnects cannot pile up sockets on one object. */
export const MAX_STREAMS = 20;

/** Close codes of the live stream: the oldest of too many streams, and a finished session's
 * last view sent (the widget stops on a final view; nothing more will change). */
export const STREAM_CLOSE = {
  tooMany: { code: 4008, reason: 'too many streams' },
  final: { code: 1000, reason: 'final' },
} as const;

/** True when nothing more will change for the payer: the session succeeded, or it expired or
 * closed with no attempt the upstream may still settle. */
function finished(store: SessionStore): boolean {
  const status = store.session()?.status;
  if (status === undefined || !isTerminalSession(status)) return false;
  return status === 'succeeded' || !store.attemptStatuses().some(isUnsettledAttempt);
}

function viewMessage(view: CheckoutView): string {
  return JSON.stringify({ type: 'view', seq: view.seq, view } satisfies StreamMessage);
}

/** A stream's accept number (its attachment). */
function streamNumber(ws: WebSocket): number {
  return (ws.deserializeAttachment() as { n?: number } | null)?.n ?? 0;
}

function closeStream(ws: WebSocket, close: { code: number; reason: string }): void {
  try {
    ws.close(close.code, close.reason);
  } catch {
    /* already closed */
  }
}

/** True when a request asks for a WebSocket upgrade. */
export function isStreamUpgrade(request: Request): boolean {
  return request.headers.get('upgrade')?.toLowerCase() === 'websocket';
}

/** The answer to a stream request without a WebSocket upgrade (426). */
export function upgradeRequired(): Response {
  return Response.json(errorBody('VALIDATION_FAILED', 'Expected a WebSocket upgrade.'), {
    status: 426,
  });
}

/**
 * Answers a stream request: SESSION_NOT_FOUND without a view; else accepts the socket, sends it
 * the view, closes the oldest streams beyond {@link MAX_STREAMS}, and closes this one at once
 * when the session is finished.
 *
 * @example
 * if (!isStreamUpgrade(request)) return upgradeRequired();
 * return acceptStream(this.ctx, view, store);
 */
export function acceptStream(
  state: DurableObjectState,
  view: CheckoutView | null,
  store: SessionStore,
): Response {
  if (!view) {
    return Response.json(errorBody('SESSION_NOT_FOUND', 'No such checkout session.'), {
      status: errorStatus.SESSION_NOT_FOUND,
    });
  }
  const pair = new WebSocketPair();
  const sockets = state.getWebSockets();
  // Accept order, kept across hibernation: the oldest stream is the first closed.
  pair[1].serializeAttachment({ n: Math.max(0, ...sockets.map(streamNumber)) + 1 });
  state.acceptWebSocket(pair[1]);
  pair[1].send(viewMessage(view));
  const open = [...sockets, pair[1]].filter((ws) => ws.readyState === WebSocket.OPEN);
  open.sort((a, b) => streamNumber(a) - streamNumber(b));
  for (const ws of open.slice(0, Math.max(0, open.length - MAX_STREAMS))) {
    closeStream(ws, STREAM_CLOSE.tooMany);
  }
  if (finished(store)) closeStream(pair[1], STREAM_CLOSE.final);
  return new Response(null, { status: 101, webSocket: pair[0] });
}

/** Sends the view to every connected stream, and closes them once the session is finished. */
export function pushView(state: DurableObjectState, view: CheckoutView, store: SessionStore): void {
  const message = viewMessage(view);
  const done = finished(store);
  for (const ws of state.getWebSockets()) {
    try {
      ws.send(message);
    } catch {
      /* a closing socket */
    }
    if (done) closeStream(ws, STREAM_CLOSE.final);
  }
}

/** Answers a stream's close in kind (1005 and 1006 cannot be sent: 1000 instead). */
export function closeInKind(ws: WebSocket, code: number): void {
  try {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
  } catch {
    /* already closed */
  }
}
