/**
 * Verified payout callbacks (docs/upstream-api.md, "Payout callback params"): each is stored
 * once by digest; a final one (success or failed) is matched and applied, anything else
 * (payment_step 1, another status, `000006`) is kept and changes nothing.
 * @module
 */
import { payoutCallbackParamsSchema, type PayoutCallbackParams } from '../../shared/schemas';
import { validate } from '../../shared/validation';
import { callbackReport } from './report';
import type { PayoutStore } from './store';
import { applyReport, asksStatus } from './transitions';

/** A verified payout callback. */
export interface PayoutCallback {
  digest: string;
  params: PayoutCallbackParams;
  /** The params as they came (JSON): stored, and read again when deferred. */
  body: string;
}

/** What applying a callback found: no payout here, a repeat, or a new callback. */
export interface CallbackResult {
  known: boolean;
  duplicate: boolean;
}

/** Stores and applies one verified callback (see the module comment). */
export function applyCallback(store: PayoutStore, callback: PayoutCallback): CallbackResult {
  if (!store.row()) return { known: false, duplicate: false };
  if (!store.storeCallback(callback.digest, callback.body)) return { known: true, duplicate: true };
  const p = callback.params;
  // Any verified callback shows the upstream has the payout: "not created" no longer counts.
  store.markHeard();
  const report = callbackReport(p);
  if (report.outcome === 'unknown') return { known: true, duplicate: false };
  const applied = applyReport(store, report);
  if (applied !== 'applied' && asksStatus(store.row()!.status, report)) {
    // The status query says what it lacks (its amount, the transaction's references).
    store.defer(callback.digest, callback.body);
    const { tasks } = store.open();
    const task = tasks.get('reconcile');
    tasks.schedule('reconcile', 'reconcile', Date.now(), store.row()!.reference, task?.tries ?? 0);
  }
  return { known: true, duplicate: false };
}

/** Judges again the callbacks that waited for a status query (after a record): one naming no
 * amount has served (the record says the money); one still naming no reference we can compare
 * waits on. */
export function applyDeferredCallbacks(store: PayoutStore): void {
  for (const waiting of store.deferred()) {
    // Read again with the schema they passed when they came; params that no longer pass it
    // settle nothing (they wait, like a report still naming no reference).
    const params = validate(payoutCallbackParamsSchema, JSON.parse(waiting.body));
    if (!params.ok) continue;
    if (applyReport(store, callbackReport(params.value)) !== 'needs_refs') {
      store.undefer(waiting.digest);
    }
  }
}
