/**
 * Injected upstream faults (POST /control/faults): before an endpoint runs, one call of its
 * pending fault is consumed and applied: `error` answers 500, `malformed` answers 200 with a
 * body that is not JSON (both without processing the call), `delay` waits then processes,
 * `no_callback` processes a create but marks it never to call back, `answer_lost` processes the
 * call (a create silently), optionally waits, and answers 504 instead (the caller cannot tell
 * it happened), `request_lost` answers the same 504 (after its delay) without processing the
 * call, `answer_refused` processes a create, waits until its callback was answered and then
 * refuses it (400), `not_created` answers a status query's 400 "not created" without looking.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { SandboxApp } from '../app-env';
import type { EndpointName } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE } from '../messages';

/** The body of a `malformed` fault: truncated JSON, as a proxy cut off mid-answer would give. */
export const MALFORMED_BODY =
  '{"success":true,"message":"Payment request sent","data":{"depositId":';

/**
 * Middleware applying an endpoint's injected fault, if one is pending.
 *
 * @example
 * app.post(ENDPOINTS.collections.path, injectedFaults('collections'), …);
 */
export function injectedFaults(endpoint: EndpointName): MiddlewareHandler<SandboxApp> {
  return async (c, next) => {
    c.set('silent', false);
    const fault = await ledger(c.env).takeFault(endpoint);
    if (fault?.kind === 'error') {
      return c.json({ success: false, message: FAILURE.internal }, 500);
    }
    if (fault?.kind === 'malformed') {
      return c.body(MALFORMED_BODY, 200, { 'content-type': 'application/json' });
    }
    if (fault?.kind === 'delay' || fault?.kind === 'request_lost') {
      await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
    }
    if (fault?.kind === 'request_lost') {
      return c.json({ success: false, message: FAILURE.gatewayTimeout }, 504);
    }
    if (fault?.kind === 'not_created') {
      return c.json({ success: false, message: FAILURE.statusNotFound }, 400);
    }
    if (fault?.kind === 'no_callback' || fault?.kind === 'answer_lost') c.set('silent', true);
    await next();
    if (fault?.kind === 'answer_lost') {
      if (fault.delay_ms > 0) await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
      c.res = c.json({ success: false, message: FAILURE.gatewayTimeout }, 504);
    }
    if (fault?.kind === 'answer_refused' && c.res.status === 200) {
      const created = (await c.res.clone().json()) as { data?: Record<string, unknown> };
      const ref = created.data?.reference ?? created.data?.depositId;
      if (typeof ref === 'string') await callbackAnswered(c.env, ref, fault.delay_ms || 10_000);
      const message =
        endpoint === 'payouts' ? FAILURE.insufficientBalance : FAILURE.collectionRefused;
      c.res = c.json({ success: false, message }, 400);
    }
  };
}

/** Waits until a callback of the transaction `ref` was answered (or given up), at most
 * `limitMs` real milliseconds. */
async function callbackAnswered(
  env: Parameters<typeof ledger>[0],
  ref: string,
  limitMs: number,
): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const bundle = await ledger(env).bundle(ref);
    const answered = bundle?.deliveries.some(
      (d) => d.delivered_at !== null || d.gave_up_at !== null || d.last_status !== null,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
