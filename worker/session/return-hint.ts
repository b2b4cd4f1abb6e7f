/**
 * The payer's return from a redirect method's page (successful_url / failure_url): an unsigned
 * hint that anyone with the session id can give. `success` only holds the session (the payer
 * acted). `failure` releases it for a new attempt only once a status query has answered (the
 * upstream has the transaction and it is still unsettled) or the redirect's input window has
 * closed (its `input_deadline`): until then the payer may well have paid.
 * @module
 */
import { REDIRECT_KINDS } from '../../shared/method-kinds';
import type { SessionContext } from './context';
import { setInput } from './transitions';

/**
 * Takes the payer's return for the latest attempt when it is a pending redirect: `success`
 * marks the input given; `failure` is remembered (the event log) and asks the upstream now,
 * once per attempt.
 *
 * @example
 * payerReturned(cx, 'failure'); // a status query runs at once; the session still holds
 */
export function payerReturned(cx: SessionContext, outcome: 'success' | 'failure'): void {
  const row = cx.tables.exists ? cx.store.latestAttempt() : undefined;
  if (!row || !REDIRECT_KINDS.includes(row.kind) || row.status !== 'pending') return;
  if (outcome === 'success') {
    cx.log('payer_returned', row.id, { outcome });
    setInput(cx, row.id, 'input_given');
    return;
  }
  // Once per attempt: reloading the page (anyone with the session id can) asks nothing more.
  if (row.input !== 'awaiting' || cx.store.returnedFailed(row.id)) return;
  cx.log('payer_returned', row.id, { outcome });
  // The hint settles nothing: ask the upstream now, keep the backoff's place afterwards.
  const task = cx.tasks.get(`reconcile:${row.id}`);
  cx.tasks.schedule(`reconcile:${row.id}`, 'reconcile', Date.now(), row.id, task?.tries ?? 0);
}

/**
 * Called when a status query of an attempt answered (the record exists; settled or not): a
 * failure return the payer gave for it now closes its input, so a new attempt may start while
 * this one is still reconciled.
 *
 * @example
 * statusAnswered(cx, row.id); // after a 200 of the status query
 */
export function statusAnswered(cx: SessionContext, attemptId: string): void {
  const row = cx.store.attempt(attemptId);
  if (!row || row.status !== 'pending' || row.input !== 'awaiting') return;
  if (!REDIRECT_KINDS.includes(row.kind) || !cx.store.returnedFailed(attemptId)) return;
  setInput(cx, attemptId, 'input_lapsed', 'redirect_cancelled');
}
