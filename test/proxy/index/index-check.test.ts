// The per-object repair of the query index (docs/design.md, "Query index"): every payout and
// session schedules its own `index_check` task, hourly while its record can change and once
// more after it settled, and the check re-sends what D1 lost; no cron is involved. The object
// base's drainAlarms() runs due tasks until none is due, so "nothing more" holds exactly.
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { INDEX_CHECK_EVERY_MS } from '../../../worker/durable/outboxed-object';
import { expectNoSecrets } from '../helpers';
import { createPayout, payoutBody, waitForPayout } from '../money';
import { db, waitForRow } from './support';
import { payoutObject } from '../objects';

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
