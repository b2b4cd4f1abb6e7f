/**
 * The Durable Object stubs the routes talk to, built in one place: a session by its id, a payout
 * by its reference, a ledger by its name. An id or reference that cannot be one answers a clear
 * 404 before it reaches storage.
 * @module
 */
import { CheckoutError } from '../shared/errors';
import { isReference } from '../shared/references';
import type { ProxyEnv } from './env';
import { BATCH_ID, SESSION_ID } from './ids';

// The stub types come from the bindings (worker/worker-configuration.d.ts), not the class files.
/** A session object's stub. */
export type SessionStub = ReturnType<ProxyEnv['SESSIONS']['get']>;
/** A payout object's stub. */
export type PayoutStub = ReturnType<ProxyEnv['PAYOUTS']['get']>;
/** A payout batch object's stub. */
export type PayoutBatchStub = ReturnType<ProxyEnv['PAYOUT_BATCHES']['get']>;
/** A ledger object's stub. */
export type LedgerStub = ReturnType<ProxyEnv['LEDGER']['get']>;

/**
 * The session object of a session id (`cs_…`), or null when the id is malformed.
 *
 * @example
 * const stub = findSessionStub(env, id); // null for 'junk'
 */
export function findSessionStub(env: ProxyEnv, id: string): SessionStub | null {
  return SESSION_ID.test(id) ? env.SESSIONS.get(env.SESSIONS.idFromName(id)) : null;
}

/**
 * The session object of a session id; throws SESSION_NOT_FOUND for a malformed id (so junk ids
 * never reach storage).
 *
 * @example
 * const view = await sessionStub(c.env, c.req.param('id')).view();
 */
export function sessionStub(env: ProxyEnv, id: string): SessionStub {
  const stub = findSessionStub(env, id);
  if (!stub) throw new CheckoutError('SESSION_NOT_FOUND', 'No checkout session has that id.');
  return stub;
}

/**
 * The payout object of a merchant reference; throws NOT_FOUND for a reference no payout can
 * have.
 *
 * @example
 * const view = await payoutStub(c.env, c.req.param('ref')).view();
 */
export function payoutStub(env: ProxyEnv, reference: string): PayoutStub {
  if (!isReference(reference)) {
    throw new CheckoutError('NOT_FOUND', 'No payout has that reference.');
  }
  return env.PAYOUTS.get(env.PAYOUTS.idFromName(reference));
}

/**
 * A ledger object by name (the main ledger or a payment-link shard, worker/ledger/shards.ts).
 *
 * @example
 * const shard = ledgerStub(env, linkShardName(key));
 */
export function ledgerStub(env: ProxyEnv, name: string): LedgerStub {
  return env.LEDGER.get(env.LEDGER.idFromName(name));
}

/**
 * The payout batch object of a batch id (`pb_…`); throws NOT_FOUND for an id no batch can have.
 *
 * @example
 * const view = await payoutBatchStub(c.env, c.req.param('id')).view();
 */
export function payoutBatchStub(env: ProxyEnv, id: string): PayoutBatchStub {
  if (!BATCH_ID.test(id)) throw new CheckoutError('NOT_FOUND', 'No payout batch has that id.');
  return env.PAYOUT_BATCHES.get(env.PAYOUT_BATCHES.idFromName(id));
}
