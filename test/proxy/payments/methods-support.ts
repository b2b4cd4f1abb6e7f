// Helpers of the payment-methods suites: the Worker's own fetch with settings
// overridden, and attempts driven to a real outcome by the sandbox.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { BASE, createSession, ref, startAttempt } from '../helpers';
import { waitForRow } from '../index/support';

/** A merchant API request through the Worker's fetch, with `overrides` over the suite's env. */
export async function merchantWith(
  path: string,
  overrides: Partial<ProxyEnv>,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${env.MERCHANT_API_KEY}`);
  if (init.body) headers.set('content-type', 'application/json');
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(BASE + path, { ...init, headers }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides } as ProxyEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * Pays one attempt per session with `mobile`s (the sandbox scripts each outcome by the last
 * three digits: 000 succeeds, 001 fails) and waits until the query index holds each settled.
 */
export async function settleAttempts(
  market: { currency: string; country_id: number; method: string },
  mobiles: readonly string[],
): Promise<void> {
  for (const mobile of mobiles) {
    const session = await createSession({
      amount: 1000,
      currency: market.currency,
      reference: ref('avail'),
    });
    const { status } = await startAttempt(session.id, {
      country_id: market.country_id,
      method: market.method,
      mobile,
    });
    if (status !== 201) throw new Error(`attempt answered ${status}`);
    const settled = mobile.endsWith('000') ? 'succeeded' : 'failed';
    await waitForRow('attempts', `${session.id}.1`, { status: settled });
  }
}
