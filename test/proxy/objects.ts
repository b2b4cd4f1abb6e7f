// The proxy's Durable Objects as the tests reach them: a stub by name, and a run with one
// object's env changed (a fault no real request can cause, such as an upstream that answers
// off its schema, or settings that no longer load).
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import type * as dev from '../../worker/dev-objects';
import type { ProxyEnv } from '../../worker/env';

/** The session object of a session id. */
export function sessionObject(id: string) {
  return env.SESSIONS.get(env.SESSIONS.idFromName(id)) as DurableObjectStub<dev.CheckoutSession>;
}

/** The payout object of a payout reference. */
export function payoutObject(reference: string) {
  return env.PAYOUTS.get(env.PAYOUTS.idFromName(reference)) as DurableObjectStub<dev.Payout>;
}

/** A ledger object by name (`ledger`, `links:<n>`). */
export function ledgerObject(name: string) {
  return env.LEDGER.get(env.LEDGER.idFromName(name)) as DurableObjectStub<dev.Ledger>;
}

/**
 * Runs an object's alarm now until no task is due within `withinMs`: the tests run [env.dev],
 * whose object classes add `drainAlarms` (worker/dev-objects.ts); production has none.
 *
 * @example
 * await drainAlarms(sessionStub(env, id));
 */
export function drainAlarms(stub: DurableObjectStub, withinMs?: number) {
  return (stub as unknown as DurableObjectStub<dev.Payout>).drainAlarms(withinMs);
}

/**
 * Runs `body` while the object `stub` runs with `changes` over the test env (its other objects
 * and the Worker keep theirs), then puts the env back, whatever `body` did.
 *
 * @example
 * await withObjectEnv(sessionObject(id), { UPSTREAM: offSchema }, () => checkout(…));
 */
export async function withObjectEnv<T>(
  stub: DurableObjectStub,
  changes: Partial<ProxyEnv>,
  body: () => Promise<T>,
): Promise<T> {
  const testEnv = env as unknown as ProxyEnv;
  const swap = (to: ProxyEnv) =>
    runInDurableObject(stub, (instance) => {
      (instance as unknown as { env: ProxyEnv }).env = to;
    });
  await swap({ ...testEnv, ...changes });
  try {
    return await body();
  } finally {
    await swap(testEnv);
  }
}

/** The payout batch object of a batch id (`pb_…`). */
export function payoutBatchObject(id: string) {
  return env.PAYOUT_BATCHES.get(
    env.PAYOUT_BATCHES.idFromName(id),
  ) as DurableObjectStub<dev.PayoutBatch>;
}
