/**
 * The reconciliation sweep, run by the Cron Trigger every 5 minutes (`scheduled` in
 * worker/index.ts). From the query index it finds:
 *
 * 1. attempts and payouts still `pending` whose next status query is missing or overdue (an
 *    alarm that did not run) — their objects are asked to reconcile now;
 * 2. sessions whose index holds fewer attempts than the session counts (a lost attempt row);
 * 3. sessions and payouts not settled yet that the sweep has not checked in the last hour —
 *    their objects compare D1 with their own rows and re-send what is missing or older;
 *
 * asks each such object's `sweep()` (at most {@link SWEEP_BATCH} per run), checks every ledger
 * shard the same way, and prunes events older than the feed keeps.
 * @module
 */
import type { ProxyEnv } from '../env';
import { ledgerNames } from '../ledger/shards';
import { ledgerStub } from '../stubs';
import { EVENT_RETENTION_DAYS } from '../query/events-feed';
import { pruneDeliveries } from '../webhook-endpoints/delivery-log';
import { OVERDUE_GRACE_MS } from '../durable/reconcile-backoff';

/** Most objects one run asks (the rest wait for the next run, 5 minutes later). */
export const SWEEP_BATCH = 200;
/** How often an unsettled session or payout has its index rows checked. */
export const RECHECK_MS = 60 * 60_000;

/** What one run did. */
export interface SweepReport {
  sessions: number;
  payouts: number;
  reconciled: number;
  requeued: number;
  events_pruned: number;
}

/**
 * One run of the sweep at `now`.
 *
 * @example
 * ctx.waitUntil(sweep(env, Date.now()));
 */
export async function sweep(env: ProxyEnv, now: number): Promise<SweepReport> {
  const report: SweepReport = {
    sessions: 0,
    payouts: 0,
    reconciled: 0,
    requeued: 0,
    events_pruned: 0,
  };
  const db = env.INDEX;
  if (!db) return report;
  const overdue = now - OVERDUE_GRACE_MS;
  const stale = now - RECHECK_MS;
  const [late, short, unchecked, latePayouts, uncheckedPayouts, unsweptRefunds] = await db.batch<{
    id: string;
  }>([
    db
      .prepare(
        `SELECT DISTINCT session_id AS id FROM attempts WHERE status = 'pending'
         AND (next_check_at IS NULL OR next_check_at < ?) LIMIT ?`,
      )
      .bind(overdue, SWEEP_BATCH),
    db
      .prepare(
        `SELECT s.id FROM sessions s WHERE s.attempt_count >
           (SELECT COUNT(*) FROM attempts a WHERE a.session_id = s.id) LIMIT ?`,
      )
      .bind(SWEEP_BATCH),
    db
      .prepare(
        `SELECT id FROM sessions WHERE status IN ('open', 'pending')
         AND (swept_at IS NULL OR swept_at < ?) ORDER BY swept_at LIMIT ?`,
      )
      .bind(stale, SWEEP_BATCH),
    db
      .prepare(
        `SELECT id FROM payouts WHERE status = 'pending'
         AND (next_check_at IS NULL OR next_check_at < ?) LIMIT ?`,
      )
      .bind(overdue, SWEEP_BATCH),
    db
      .prepare(
        `SELECT id FROM payouts WHERE status IN ('pending', 'needs_review')
         AND (swept_at IS NULL OR swept_at < ?) ORDER BY swept_at LIMIT ?`,
      )
      .bind(stale, SWEEP_BATCH),
    // Refunds are payouts too (their Payout object runs the same sweep).
    db
      .prepare(
        `SELECT id FROM refunds WHERE (status = 'pending'
           AND (next_check_at IS NULL OR next_check_at < ?))
         OR (status IN ('pending', 'needs_review') AND (swept_at IS NULL OR swept_at < ?))
         ORDER BY swept_at LIMIT ?`,
      )
      .bind(overdue, stale, SWEEP_BATCH),
  ]);
  const ids = (result: D1Result<{ id: string }> | undefined) =>
    (result?.results ?? []).map((r) => r.id);
  const sessions = [...new Set([...ids(late), ...ids(short), ...ids(unchecked)])].slice(
    0,
    SWEEP_BATCH,
  );
  const payouts = [...new Set([...ids(latePayouts), ...ids(uncheckedPayouts)])].slice(
    0,
    SWEEP_BATCH,
  );
  // Marked first: an object that fails now is asked again in an hour, not in every run.
  await markSwept(db, 'sessions', sessions, now);
  await markSwept(db, 'payouts', payouts, now);
  const refunds = ids(unsweptRefunds);
  await markSwept(db, 'refunds', refunds, now);
  const results = await Promise.allSettled([
    ...sessions.map((id) => env.SESSIONS.get(env.SESSIONS.idFromName(id)).sweep()),
    ...[...payouts, ...refunds].map((id) => env.PAYOUTS.get(env.PAYOUTS.idFromName(id)).sweep()),
  ]);
  for (const result of results) {
    if (result.status !== 'fulfilled') continue;
    report.reconciled += result.value.reconciled;
    report.requeued += result.value.requeued;
  }
  report.sessions = sessions.length;
  report.payouts = payouts.length;
  const ledgers = await Promise.allSettled(ledgerNames().map((n) => ledgerStub(env, n).sweep()));
  for (const result of ledgers) if (result.status === 'fulfilled') report.requeued += result.value;
  const pruned = await db
    .prepare('DELETE FROM events WHERE created_at < ?')
    .bind(now - EVENT_RETENTION_DAYS * 86_400_000)
    .run();
  report.events_pruned = pruned.meta.changes ?? 0;
  // Webhook endpoints' deliveries log: its retention (worker/webhook-endpoints/delivery-log.ts).
  await pruneDeliveries(db, now);
  return report;
}

async function markSwept(
  db: D1Database,
  table: 'sessions' | 'payouts' | 'refunds',
  ids: string[],
  now: number,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    await db
      .prepare(`UPDATE ${table} SET swept_at = ? WHERE id IN (${chunk.map(() => '?').join(', ')})`)
      .bind(now, ...chunk)
      .run();
  }
}
