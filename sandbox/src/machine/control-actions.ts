/**
 * The control surface's actions on transactions: forcing an outcome (now or later), sending a
 * callback again, and extra or foreign callbacks for the unkind cases.
 * @module
 */
import { extraCallbackBase } from '../callbacks';
import { deliveriesOf, FOREIGN_REF } from '../store/deliveries';
import { settingsFor } from '../store/settings';
import { transactionByRef, updateTransaction } from '../store/transactions';
import type { Engine } from './engine';
import type {
  CallbackOverrides,
  ControlResult,
  Outcome,
  QueuedCallback,
  TransactionBundle,
} from './types';

/**
 * Forces an outcome on a pending transaction (its callback follows unless it is silent).
 * `amount` is the settled amount its callback and status query then report (a short
 * success); `afterMs` > 0 plans the outcome that many sandbox ms later instead (a `force`
 * task): the transaction's own timers are dropped, it stays pending (status unchanged) until
 * then, and a later call replaces the plan. `omit` names params its terminal callback (and
 * any resend of it) leaves out, e.g. a success without `amount` or `depositId`.
 *
 * @example
 * forceOutcome(engine, ref, 'success', 1000, 5 * 60_000, ['amount']);
 */
export function forceOutcome(
  engine: Engine,
  ref: string,
  outcome: Outcome,
  amount: number | null,
  afterMs: number,
  omit: readonly string[] = [],
): ControlResult {
  const found = transactionByRef(engine.sql, ref);
  if (!found) return { result: 'not_found' };
  if (found.status !== 'pending') return { result: 'not_pending', ...engine.bundleOf(found) };
  if (omit.length > 0) {
    updateTransaction(engine.sql, ref, { callback_omit: JSON.stringify(omit) }, engine.clock.now());
  }
  const tx = engine.reload(ref);
  if (afterMs > 0) {
    engine.plan(tx, outcome, amount, afterMs);
    return { result: 'ok', ...engine.bundleOf(engine.reload(ref)) };
  }
  const settled = engine.settle(tx, outcome, engine.failureFor(tx, outcome), amount);
  return { result: 'ok', ...engine.bundleOf(settled) };
}

/** What a resend did: sent, or refused because a copy was already answered 200. */
export type ResendResult =
  ControlResult<{ deliveryId: number }> | ({ result: 'delivered' } & TransactionBundle);

/** Delivery reasons that carry the transaction's terminal callback. */
const TERMINAL_REASONS = new Set(['terminal', 'repeat', 'resend']);

/**
 * Sends a terminal transaction's callback once more (a new delivery, with retries). With the
 * setting `refuse_resend_after_200` a callback one of whose copies was answered 200 is not
 * sent again (`delivered`), as the upstream documents for its portal.
 *
 * @example
 * resend(engine, ref);
 */
export function resend(engine: Engine, ref: string): ResendResult {
  const tx = transactionByRef(engine.sql, ref);
  if (!tx) return { result: 'not_found' };
  if (tx.status === 'pending') return { result: 'not_pending', ...engine.bundleOf(tx) };
  if (
    settingsFor(engine.sql, tx.callback_url).refuse_resend_after_200 &&
    deliveriesOf(engine.sql, tx.ref).some(
      (d) => TERMINAL_REASONS.has(d.reason) && d.delivered_at !== null,
    )
  ) {
    return { result: 'delivered', ...engine.bundleOf(tx) };
  }
  const deliveryId = engine.outbox.queueTerminal(tx, 'resend', engine.clock.now());
  return { result: 'ok', deliveryId, ...engine.bundleOf(tx) };
}

/**
 * Sends one extra signed callback for a transaction without changing it: its terminal
 * callback (or, while pending, a non-terminal one) with `overrides.params` set over it and
 * `overrides.omit` dropped, to its callback URL, through the normal delivery and retries.
 *
 * @example
 * extraCallback(engine, ref, { params: { amount: 1000 }, omit: [] });
 */
export function extraCallback(
  engine: Engine,
  ref: string,
  overrides: CallbackOverrides,
): ControlResult<{ callback: QueuedCallback }> {
  const tx = transactionByRef(engine.sql, ref);
  if (!tx) return { result: 'not_found' };
  const params: Record<string, unknown> = { ...extraCallbackBase(tx), ...overrides.params };
  for (const name of overrides.omit) delete params[name];
  const deliveryId = engine.storage.transactionSync(() =>
    engine.outbox.queue(tx.ref, 'extra', tx.callback_url, params, engine.clock.now()),
  );
  return {
    result: 'ok',
    callback: { deliveryId, url: tx.callback_url, paramsJson: JSON.stringify(params) },
    ...engine.bundleOf(tx),
  };
}

/**
 * Sends a signed callback with exactly these params to a URL, for no transaction of the
 * sandbox (a foreign reference), through the normal delivery and retries.
 *
 * @example
 * foreignCallback(engine, 'https://shop.example/hooks', { reference: 'SBX-NEVER' });
 */
export function foreignCallback(
  engine: Engine,
  url: string,
  params: Record<string, unknown>,
): QueuedCallback {
  const deliveryId = engine.storage.transactionSync(() =>
    engine.outbox.queue(FOREIGN_REF, 'foreign', url, params, engine.clock.now()),
  );
  return { deliveryId, url, paramsJson: JSON.stringify(params) };
}
