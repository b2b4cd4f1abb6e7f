/**
 * The Cron Trigger's run every 5 minutes (`scheduled` in worker/index.ts). The objects repair
 * their own index rows (each session, payout and ledger runs a periodic `index_check` task,
 * worker/durable/outboxed-object.ts), so the cron only looks for objects whose alarm did not
 * run: attempts, payouts and refunds still `pending` whose `next_check_at` in the query index
 * is missing or overdue. It pokes each such object (at most {@link SWEEP_BATCH} per run)
 * through worker/stubs.ts, which runs its index check now (overdue status queries asked, lost
 * rows re-sent), and prunes the events feed and the deliveries log. The ledger shards (a few
 * fixed names) have no `next_check_at` in the index, so each run pokes each of them: a shard
 * whose alarm was lost gets it back, and with it its link payments' status queries.
 * @module
 */
import type { ProxyEnv } from '../env';
import { ledgerNames } from '../ledger/shards';
import { findSessionStub, ledgerStub, payoutStub } from '../stubs';
import { EVENT_RETENTION_DAYS } from '../query/events-feed';
import { pruneDeliveries } from '../webhook-endpoints/delivery-log';
import { OVERDUE_GRACE_MS } from '../durable/reconcile-backoff';
import type { IndexRepair } from '../durable/outboxed-object';

/** Most objects one run asks (the rest wait for the next run, 5 minutes later). */
export const SWEEP_BATCH = 200;

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
  const lateIn = (table: 'attempts' | 'payouts' | 'refunds', id: string) =>
    db
      .prepare(
        `SELECT DISTINCT ${id} AS id FROM ${table} WHERE status = 'pending'
         AND (next_check_at IS NULL OR next_check_at < ?) LIMIT ?`,
      )
      .bind(overdue, SWEEP_BATCH);
  const [late, latePayouts, lateRefunds] = await db.batch<{ id: string }>([
    lateIn('attempts', 'session_id'),
    lateIn('payouts', 'id'),
    // Refunds are payouts too (their Payout object runs the same check).
    lateIn('refunds', 'id'),
  ]);
  const ids = (result: D1Result<{ id: string }> | undefined) =>
    (result?.results ?? []).map((r) => r.id);
  const sessions = ids(late);
  const payouts = [...new Set([...ids(latePayouts), ...ids(lateRefunds)])].slice(0, SWEEP_BATCH);
  const none: IndexRepair = { reconciled: 0, requeued: 0 };
  const results = await Promise.allSettled([
    ...sessions.map(async (id) => (await findSessionStub(env, id)?.sweep()) ?? none),
    ...payouts.map(async (reference) => payoutStub(env, reference).sweep()),
  ]);
  for (const result of results) {
    if (result.status !== 'fulfilled') continue;
    report.reconciled += result.value.reconciled;
    report.requeued += result.value.requeued;
  }
  report.sessions = sessions.length;
  report.payouts = payouts.length;
  const ledgers = await Promise.allSettled(ledgerNames().map((n) => ledgerStub(env, n).sweep()));
  for (const result of ledgers) {
    if (result.status !== 'fulfilled') continue;
    report.reconciled += result.value.reconciled;
    report.requeued += result.value.requeued;
  }
  const pruned = await db
    .prepare('DELETE FROM events WHERE created_at < ?')
    .bind(now - EVENT_RETENTION_DAYS * 86_400_000)
    .run();
  report.events_pruned = pruned.meta.changes ?? 0;
  // Webhook endpoints' deliveries log: its retention (worker/webhook-endpoints/delivery-log.ts).
  await pruneDeliveries(db, now);
  return report;
}
