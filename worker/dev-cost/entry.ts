/**
 * Dev/bench only: the proxy with its billed operations counted (worker/dev-cost/counters.ts).
 * Used only through the config `npm run bench` generates for its cost phase
 * (test/support/dev-stack.mjs, `costCounters`): never by `wrangler deploy`, `npm run dev` or
 * the tests, so production bundles neither this file nor the counters.
 * - `GET /dev/cost`: the counts since the last reset (JSON); `POST /dev/cost/reset`: zero them.
 *   Neither is counted.
 * - Every other request counts as one Worker request and goes to the dev Worker (worker/dev-worker.ts:
 *   the production handler plus the dev routes).
 * - Each Durable Object class is the production one with its storage, bindings and alarms
 *   counted, exported under the same name (the config's class_name).
 * @module
 */
import type { ProxyEnv } from '../env';
import production, * as worker from '../dev-worker';
import {
  count,
  countBindings,
  countFetch,
  countStorage,
  readCounts,
  resetCounts,
} from './counters';

type ObjectClass = new (ctx: DurableObjectState, env: ProxyEnv) => object;

/** The class with counted storage and bindings, and each alarm invocation counted. */
function counted<C extends ObjectClass>(Base: C): C {
  const baseAlarm = (Base.prototype as { alarm?: (info?: AlarmInvocationInfo) => unknown }).alarm;
  const Counted = class extends (Base as ObjectClass) {
    constructor(ctx: DurableObjectState, env: ProxyEnv) {
      countStorage(ctx.storage);
      countFetch();
      countBindings(env);
      super(ctx, env);
    }
  };
  if (baseAlarm) {
    Object.defineProperty(Counted.prototype, 'alarm', {
      value(this: object, info?: AlarmInvocationInfo) {
        count('alarms');
        return baseAlarm.call(this, info);
      },
    });
  }
  return Counted as unknown as C;
}

export const CheckoutSession = counted(worker.CheckoutSession);
export const DevInbox = counted(worker.DevInbox);
export const IdempotencyKey = counted(worker.IdempotencyKey);
export const Ledger = counted(worker.Ledger);
export const Payout = counted(worker.Payout);
export const PayoutBatch = counted(worker.PayoutBatch);
export const PhoneLimiter = counted(worker.PhoneLimiter);
export const WebhookEndpoints = counted(worker.WebhookEndpoints);

const handler: ExportedHandler<ProxyEnv> = {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === '/dev/cost' && request.method === 'GET') return Response.json(readCounts());
    if (pathname === '/dev/cost/reset' && request.method === 'POST') {
      resetCounts();
      return new Response(null, { status: 204 });
    }
    count('worker_requests');
    countFetch();
    countBindings(env);
    return production.fetch!(request, env, ctx);
  },
  async scheduled(controller, env, ctx) {
    count('worker_requests');
    countBindings(env);
    return production.scheduled!(controller, env, ctx);
  },
};

export default handler;
