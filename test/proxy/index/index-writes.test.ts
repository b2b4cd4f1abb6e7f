// The index writes: a stale version never overwrites a newer row; a write lost on purpose (a
// row deleted, a row rolled back to an older version) is repaired by the object's own
// `index_check` task, and a status query whose alarm was lost by the sweep (the Cron Trigger's
// scheduled handler, run in workerd); the reindex route rebuilds a session's rows from its
// object.
import { env } from 'cloudflare:workers';
import {
  createExecutionContext,
  createScheduledController,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index';
import { upsertSummary, type SessionSummary } from '../../../worker/index-store/tables';
import { linkShardName } from '../../../worker/ledger/shards';
import { ledgerStub, sessionStub, type LedgerStub, type SessionStub } from '../../../worker/stubs';
import {
  createSession,
  expectNoSecrets,
  merchant,
  ref,
  startAttempt,
  KENYA_PAYER,
  waitForSession,
} from '../helpers';
import { callback, createPayout, payoutBody } from '../money';
import { db, linkSuccess, waitForRow } from './support';
import { drainAlarms, payoutObject } from '../objects';

afterAll(() => expectNoSecrets());

/**
 * Runs an object's own `index_check` task now, as its alarm would an hour from now: the task
 * must be scheduled (hourly while the record can change, once more after it settled); then
 * every task due within a second runs, the index writes it queued too.
 */
async function runIndexCheck(stub: SessionStub | LedgerStub): Promise<void> {
  await runInDurableObject(stub, (_instance, state) => {
    const sql = state.storage.sql;
    const scheduled = sql.exec("SELECT key FROM tasks WHERE kind = 'index_check'").toArray();
    expect(scheduled, 'an index_check task is scheduled').toHaveLength(1);
    sql.exec("UPDATE tasks SET due_at = 0 WHERE kind = 'index_check'");
  });
  await drainAlarms(stub);
}

/** Runs the Cron Trigger's handler once, as Cloudflare would, and waits for its work. */
async function runSweep(): Promise<void> {
  const controller = createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled!(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function paidSession() {
  const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('idx') });
  expect((await startAttempt(session.id, KENYA_PAYER)).status).toBe(201);
  await waitForSession(session.id, 'succeeded');
  const row = await waitForRow('sessions', session.id, { status: 'succeeded' });
  await waitForRow('attempts', `${session.id}.1`, { status: 'succeeded' });
  return { session, row };
}

describe('the version guard', () => {
  it('a write at an older or equal version changes nothing; a newer one applies', async () => {
    const { session, row } = await paidSession();
    const version = row.version as number;
    expect(version).toBeGreaterThanOrEqual(2);
    // The first write the object ever made for this session (version 1: open), replayed late.
    const stale: SessionSummary = {
      id: session.id,
      status: 'open',
      amount: 1500,
      currency: 'KES',
      reference: session.reference,
      country_id: null,
      sub_merchant_id: null,
      attempt_count: 0,
      created_at: row.created_at as number,
      updated_at: row.created_at as number,
      expires_at: row.expires_at as number,
    };
    for (const v of [1, version - 1, version]) {
      const result = await upsertSummary(db(), 'session', stale, v).run();
      expect(result.meta.changes, `version ${v}`).toBe(0);
      expect(await waitForRow('sessions', session.id)).toMatchObject({
        status: 'succeeded',
        version,
      });
    }
    await upsertSummary(db(), 'session', stale, version + 1).run();
    expect(await waitForRow('sessions', session.id)).toMatchObject({
      status: 'open',
      version: version + 1,
    });
    // The object's own next write is older than that forged one: the reindex route re-sends
    // at the object's version, which the guard refuses (the forged row stands until the
    // object changes again) — so the test puts the index back by hand.
    await db().prepare('DELETE FROM sessions WHERE id = ?').bind(session.id).run();
    const res = await merchant('/v1/admin/reindex', {
      method: 'POST',
      body: JSON.stringify({ namespace: 'sessions', names: [session.id] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ objects: 1, rows: 2 });
    await waitForRow('sessions', session.id, { status: 'succeeded', version });
  });
});

describe('the index check and the sweep repair what was lost', () => {
  it('a deleted attempt row and a session row rolled back to an older version', async () => {
    const { session, row } = await paidSession();
    const attemptId = `${session.id}.1`;
    await db().prepare('DELETE FROM attempts WHERE id = ?').bind(attemptId).run();
    await db()
      .prepare("UPDATE sessions SET status = 'open', attempt_count = 1, version = 1 WHERE id = ?")
      .bind(session.id)
      .run();
    expect(
      await db().prepare('SELECT * FROM attempts WHERE id = ?').bind(attemptId).first(),
    ).toBeNull();
    // The session settled: its one index check after settling repairs both.
    await runIndexCheck(sessionStub(env, session.id));
    await waitForRow('sessions', session.id, { status: 'succeeded', version: row.version });
    await waitForRow('attempts', attemptId, { status: 'succeeded', method: 'send money' });
  });

  it('a pending payout whose status query was lost (no task, no alarm) is asked again', async () => {
    // 005: the sandbox keeps it pending forever, so only our status queries touch it.
    const body = payoutBody('005');
    expect((await createPayout(body)).status).toBe(201);
    await waitForRow('payouts', body.reference, { status: 'pending' });
    await runInDurableObject(payoutObject(body.reference), async (_instance, state) => {
      state.storage.sql.exec("DELETE FROM tasks WHERE kind = 'reconcile'");
      await state.storage.deleteAlarm();
    });
    // The index still says when the lost query was due: make that long past.
    await db()
      .prepare('UPDATE payouts SET next_check_at = ? WHERE id = ?')
      .bind(Date.now() - 3_600_000, body.reference)
      .run();
    await runSweep();
    const tasks = await runInDurableObject(payoutObject(body.reference), (_instance, state) =>
      state.storage.sql.exec("SELECT due_at FROM tasks WHERE kind = 'reconcile'").toArray(),
    );
    expect(tasks).toHaveLength(1);
    // The index follows: its next check is the new one, not the lost one.
    const swept = Date.now() - 5_000;
    await vi.waitFor(async () => {
      const indexed = await waitForRow('payouts', body.reference, { status: 'pending' });
      expect(indexed.next_check_at as number).toBeGreaterThan(swept);
    });
  });

  it('a deleted payment-link payment row', async () => {
    const upstream = ref('SBX-SWEEP');
    await callback('/hooks/payment-links', linkSuccess(upstream, 900, 'PL-SWEEP'));
    await waitForRow('link_payments', upstream, { status: 'succeeded' });
    await db().prepare('DELETE FROM link_payments WHERE id = ?').bind(upstream).run();
    // The shard that holds it checks the rows of its last day.
    await runIndexCheck(ledgerStub(env, linkShardName(upstream)));
    await waitForRow('link_payments', upstream, { status: 'succeeded', amount: 900 });
    // The reindex route rebuilds it too (every ledger, when none is named).
    await db().prepare('DELETE FROM link_payments WHERE id = ?').bind(upstream).run();
    const res = await merchant('/v1/admin/reindex', {
      method: 'POST',
      body: JSON.stringify({ namespace: 'ledgers' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { objects: number }).objects).toBe(17);
    await waitForRow('link_payments', upstream, { status: 'succeeded', amount: 900 });
    // It lives in its shard, not in the main ledger.
    const inShard = await runInDurableObject(
      ledgerStub(env, linkShardName(upstream)),
      (_i, state) =>
        state.storage.sql.exec('SELECT key FROM link_payments WHERE key = ?', upstream).toArray(),
    );
    expect(inShard).toHaveLength(1);
  });
});
