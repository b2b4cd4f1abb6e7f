/**
 * The control surface's actions on transactions: forcing an outcome (now or later), sending a
 * callback again, and extra or foreign callbacks for the unkind cases.
 * @module
 */
import { extraCallbackBase } from '../callbacks';
import { FOREIGN_REF } from '../store/deliveries';
import { transactionByRef } from '../store/transactions';
import type { Engine } from './engine';
import type { CallbackOverrides, ControlResult, Outcome, QueuedCallback } from './types';

/**
 * Forces an outcome on a pending transaction (its callback follows unless it is silent).
 * `amount` is the settled amount its callback and status query then report (a short
 * success); `afterMs` > 0 plans the outcome that many sandbox ms later instead (a `force`
 * task): the transaction's own timers are dropped, it stays pending (status unchanged) until
 * then, and a later call replaces the plan.
 *
 * @example
 * forceOutcome(engine, ref, 'success', 1000, 5 * 60_000);
 */
export function forceOutcome(
  engine: Engine,
  ref: string,
  outcome: Outcome,
  amount: number | null,
  afterMs: number,
): ControlResult {
  const tx = transactionByRef(engine.sql, ref);
  if (!tx) return { result: 'not_found' };
  if (tx.status !== 'pending') return { result: 'not_pending', ...engine.bundleOf(tx) };
  if (afterMs > 0) {
    engine.plan(tx, outcome, amount, afterMs);
    return { result: 'ok', ...engine.bundleOf(engine.reload(ref)) };
  }
  const settled = engine.settle(tx, outcome, engine.failureFor(tx, outcome), amount);
  return { result: 'ok', ...engine.bundleOf(settled) };
}

/**
 * Sends a terminal transaction's callback once more (a new delivery, with retries).
 *
 * @example
 * resend(engine, ref);
 */
export function resend(engine: Engine, ref: string): ControlResult<{ deliveryId: number }> {
  const tx = transactionByRef(engine.sql, ref);
  if (!tx) return { result: 'not_found' };
  if (tx.status === 'pending') return { result: 'not_pending', ...engine.bundleOf(tx) };
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
