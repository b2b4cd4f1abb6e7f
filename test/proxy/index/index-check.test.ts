// The query index's repair and its writes: each object's index_check task, and a status query
// that changes nothing writes nothing.

import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { INDEX_CHECK_EVERY_MS } from '../../../worker/durable/outboxed-object';
import { expectNoSecrets, ref, attemptOn } from '../helpers';
import { createPayout, payoutBody, waitForPayout } from '../money';
import { db, waitForRow } from './support';
import { payoutObject } from '../objects';
import { env } from 'cloudflare:workers';

// The per-object repair of the query index (docs/design.md, "Query index"): every payout and
// session schedules its own `index_check` task, hourly while its record can change and once
// more after it settled, and the check re-sends what D1 lost; no cron is involved. The object
// base's drainAlarms() runs due tasks until none is due, so "nothing more" holds exactly.

afterAll(() => expectNoSecrets());

/** The payout object's index_check task (its due time), or null. */
async function indexCheckDue(reference: string): Promise<number | null> {
  return runInDurableObject(payoutObject(reference), (_instance, state) => {
    const rows = state.storage.sql
      .exec<{ due_at: number }>("SELECT due_at FROM tasks WHERE kind = 'index_check'")
      .toArray();
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0]?.due_at ?? null;
  });
}

/** Makes the index check due now and drains the object's alarms. */
async function runIndexCheck(reference: string) {
  await runInDurableObject(payoutObject(reference), (_instance, state) => {
    state.storage.sql.exec("UPDATE tasks SET due_at = 0 WHERE kind = 'index_check'");
  });
  return payoutObject(reference).drainAlarms();
}

describe('the index check of one object', () => {
  it('a pending payout checks hourly and restores a lost row by itself', async () => {
    // 005: the sandbox keeps it pending, so the payout can still change.
    const body = payoutBody('005');
    expect((await createPayout(body)).status).toBe(201);
    const before = Date.now();
    const drained = await payoutObject(body.reference).drainAlarms();
    // Nothing is due within the drain's window once it returns.
    expect(drained.next_at === null || drained.next_at > before + 1_000).toBe(true);
    await waitForRow('payouts', body.reference, { status: 'pending' });
    const first = await indexCheckDue(body.reference);
    expect(first).not.toBeNull();
    expect(first! - before).toBeGreaterThan(INDEX_CHECK_EVERY_MS - 60_000);
    expect(first! - before).toBeLessThanOrEqual(INDEX_CHECK_EVERY_MS + 60_000);

    await db().prepare('DELETE FROM payouts WHERE id = ?').bind(body.reference).run();
    const checkedAt = Date.now();
    await runIndexCheck(body.reference);
    // Restored by the drain itself (the check re-queued it, its index task wrote it).
    const row = await db()
      .prepare('SELECT status FROM payouts WHERE id = ?')
      .bind(body.reference)
      .first();
    expect(row).toMatchObject({ status: 'pending' });
    // Still unsettled: the next check is an hour after this one.
    expect((await indexCheckDue(body.reference))! - checkedAt).toBeGreaterThan(
      INDEX_CHECK_EVERY_MS - 60_000,
    );
  });

  it('a settled payout gets one check after settling, then none', async () => {
    const body = payoutBody('000');
    expect((await createPayout(body)).status).toBe(201);
    await waitForPayout(body.reference, 'succeeded');
    await payoutObject(body.reference).drainAlarms();
    expect(await indexCheckDue(body.reference)).not.toBeNull();
    await db().prepare('DELETE FROM payouts WHERE id = ?').bind(body.reference).run();
    await runIndexCheck(body.reference);
    await waitForRow('payouts', body.reference, { status: 'succeeded' });
    expect(await indexCheckDue(body.reference)).toBeNull();
    // Later alarm runs (another task, a resend) schedule none again.
    await payoutObject(body.reference).drainAlarms();
    expect(await indexCheckDue(body.reference)).toBeNull();
  });
});

// A status query of a pending attempt that changes nothing writes nothing to
// the query index. The object's staged rows (index_rows, what its `index` task writes to D1)
// keep their versions across queries: the session's updated_at does not move for a question
// asked, and the attempt's next_check_at is a check-by time that moves only when the next query
// would come later (worker/durable/reconcile-backoff.ts, indexedCheckBy).

/** 005: the sandbox keeps the payment pending forever and never calls back. */
const PENDING_MOBILE = '254712345005';

/** Runs the attempt's status query now, as its alarm would; answers the staged rows' versions
 * and how many status queries the session has logged. */
function statusQueryNow(sessionId: string) {
  const stub = env.SESSIONS.get(env.SESSIONS.idFromName(sessionId));
  return runInDurableObject(stub, async (instance, state) => {
    state.storage.sql.exec("UPDATE tasks SET due_at = ? WHERE kind = 'reconcile'", Date.now() - 1);
    await instance.alarm();
    const sql = state.storage.sql;
    return {
      versions: sql
        .exec("SELECT kind, id, version FROM index_rows WHERE kind IN ('session', 'attempt')")
        .toArray(),
      queries: sql.exec("SELECT COUNT(*) AS n FROM events WHERE type = 'status_query'").one().n,
      pending: sql.exec('SELECT status FROM attempts WHERE n = 1').one().status,
    };
  });
}

it('each status query of a pending attempt that changes nothing leaves its index rows as they were', async () => {
  const { session, started } = await attemptOn(
    { amount: 1500, currency: 'KES', reference: ref('quiet') },
    {
      country_id: 1,
      method: 'send money',
      mobile: PENDING_MOBILE,
    },
  );
  expect(started.status).toBe(201);
  // The first answer may teach the object the upstream's reference (a real change).
  const first = await statusQueryNow(session.id);
  expect(first.pending).toBe('pending');
  for (let i = 1; i <= 3; i++) {
    const next = await statusQueryNow(session.id);
    expect(next.queries, 'the status query was asked').toBe(Number(first.queries) + i);
    expect(next.pending).toBe('pending');
    expect(next.versions, `after query ${i + 1}`).toEqual(first.versions);
  }
});
