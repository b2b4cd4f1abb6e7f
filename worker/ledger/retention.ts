/**
 * Retention of the callbacks a ledger keeps (docs/data-retention.md): payment-link payers'
 * numbers and names, and callbacks no session or payout owns. Each callback's body is blanked
 * `RETENTION_DAYS` after it was received; its digest, kind, reference, status and time stay, and
 * so does every payment-link payment's settled record (amount, currency, references, status),
 * which holds no personal data. A ledger has no unsettled record a stored body could still
 * decide: each callback is judged when it arrives and never read again for money.
 * @module
 */
import { RETENTION_TASK } from '../durable/redaction';
import { logLine } from '../middleware/request-log';
import type { LedgerStore } from './store';

/** A busy ledger's erasures run at most this often (a body may outlive its retention by as
 * much): one pass blanks every body due by then, instead of one pass per callback. */
export const RETENTION_PASS_MS = 60 * 60_000;

/**
 * Makes sure a `retention` task is due when the oldest kept body's retention runs out (called
 * after every stored callback: a task already there is due no later, since every new callback
 * is newer than the kept ones).
 */
export function scheduleLedgerRetention(
  store: LedgerStore,
  retentionMs: number,
  notBefore = 0,
): void {
  const { tasks } = store.open();
  if (tasks.get(RETENTION_TASK)) return;
  const oldest = store.oldestKeptCallback();
  if (oldest === null) return;
  tasks.schedule(RETENTION_TASK, RETENTION_TASK, Math.max(oldest + retentionMs, notBefore), null);
}

/** The `retention` task: blanks the bodies received `retentionMs` ago or earlier, then
 * schedules itself for the next one. */
export function runLedgerRetention(
  store: LedgerStore,
  retentionMs: number,
  now = Date.now(),
): void {
  store.open().tasks.cancel(RETENTION_TASK);
  const erased = store.blankCallbacksUntil(now - retentionMs);
  if (erased > 0) logLine('info', 'personal_data_erased', { record: 'ledger_callbacks', erased });
  scheduleLedgerRetention(store, retentionMs, now + RETENTION_PASS_MS);
}
