/**
 * The real dev stack (proxy + sandbox) that web-test-runner.config.mjs starts on port 8796.
 * The widget talks to it directly (the test page's origin is in its ALLOWED_ORIGINS); the test
 * code reaches its dev and sandbox-control routes through /__stack/* on the test server.
 * @module
 */
import { fixture, html } from '@open-wc/testing';
import '../../../widget/index';
import type { CheckoutView } from '../../../shared/view';
import type { UnifiedCheckout } from '../../../widget/unified-checkout';

/** The proxy's base URL, as the widget's `endpoint`. */
export const STACK = 'http://127.0.0.1:8796';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/__stack${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

let counter = 0;

/**
 * Creates a checkout session like a merchant backend would (`POST /dev/sessions`).
 *
 * @example
 * const id = await createSession({ amount: 1500, currency: 'KES' });
 */
export async function createSession(body: {
  amount: number;
  currency: string;
  country_id?: number;
  methods?: string[];
  customer?: Record<string, string>;
  return_url?: string;
}): Promise<string> {
  const reference = `wtr-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  const session = await call<{ id: string }>('POST', '/dev/sessions', { reference, ...body });
  return session.id;
}

/** `GET /v1/checkout/:id` through the test server. */
export function getView(session: string): Promise<CheckoutView> {
  return call('GET', `/v1/checkout/${session}`);
}

/** The merchant cancels the checkout (`POST /v1/sessions/:id/expire`; the test server adds the
 * dev merchant key). */
export function expireSession(session: string): Promise<{ status: string }> {
  return call('POST', `/v1/sessions/${session}/expire`);
}

/** Starts an attempt behind the widget's back (another tab, or before a reload). */
export function startAttempt(
  session: string,
  body: Record<string, unknown>,
): Promise<CheckoutView> {
  return call('POST', `/v1/checkout/${session}/attempts`, body);
}

/**
 * Approves or declines a redirect payment as the sandbox's authorization page does. The answer
 * should be a 303 to the return page; the proxy's /sandbox forward may answer 500 after the
 * sandbox acted, so only a 404 (no such payment) fails here: the widget's view is the check.
 */
export async function decideRedirect(url: string, decision: 'approve' | 'decline'): Promise<void> {
  const ref = new URL(url).pathname.split('/').pop();
  const res = await fetch(`/__stack/sandbox/pay/${ref}/${decision}`, { method: 'POST' });
  if (res.status === 404) throw new Error(`sandbox ${decision}: no payment ${ref}`);
}

/** Pays into a sandbox virtual account. */
export function payVirtualAccount(account: string, amount: number): Promise<unknown> {
  return call('POST', `/sandbox/control/virtual-accounts/${account}/pay`, { amount }).catch(
    // The sandbox may answer the control call with an error after the payment went through;
    // the widget's view is what the tests check.
    () => undefined,
  );
}

/** Mounts the widget on a real session of the stack. */
export async function mountSession(
  session: string,
  options: { pollInterval?: number; locale?: string; endpoint?: string } = {},
): Promise<UnifiedCheckout> {
  return fixture<UnifiedCheckout>(
    html`<unified-checkout
      session=${session}
      endpoint=${options.endpoint ?? STACK}
      locale=${options.locale ?? 'en'}
      poll-interval=${options.pollInterval ?? 3000}
    ></unified-checkout>`,
  );
}

/**
 * Fault injection for the live stream: replaces `WebSocket` so that connections for which
 * `fail(n)` (n = 1-based connection number) is true go to a closed port (a real refused
 * connection), or throw in the constructor when `mode` is `throw`, or, with `error-only`, are
 * refused with an `error` event and no `close` (what WebKit does for a connection it refuses
 * itself; the other engines always follow with `close`, so it is simulated there by never
 * calling the `onclose` handler). Returns the opened sockets, their start times, and a restore
 * function.
 */
export function faultySockets(
  fail: (n: number) => boolean,
  mode: 'closed-port' | 'throw' | 'error-only' = 'closed-port',
) {
  const Real = window.WebSocket;
  const sockets: WebSocket[] = [];
  const started: number[] = [];
  class Faulty extends Real {
    constructor(url: string | URL, protocols?: string | string[]) {
      const n = started.length + 1;
      started.push(performance.now());
      if (fail(n) && mode === 'throw') throw new DOMException('blocked', 'SecurityError');
      super(fail(n) ? 'ws://127.0.0.1:9/' : url, protocols);
      if (fail(n) && mode === 'error-only') {
        Object.defineProperty(this, 'onclose', { get: () => null, set: () => {} });
      }
      sockets.push(this);
    }
  }
  window.WebSocket = Faulty;
  return {
    sockets,
    started,
    restore: () => {
      window.WebSocket = Real;
    },
  };
}
