// Retention of payers' data (docs/data-retention.md): RETENTION_DAYS after a session or payout
// settles its `retention` task erases the personal data and keeps what the settlement report
// needs (erasure on request: redact.test.ts; shared setup: retention-support.ts). After it, no
// table of the object and no row of the query index holds the payer's phone, name or email.
// Real objects, real D1, real sandbox; the alarm is driven, never waited for.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../worker/config';
import { linkShardName } from '../../../worker/ledger/shards';
import {
  createSession,
  expectNoSecrets,
  getSession,
  ref,
  startAttempt,
  waitForSession,
} from '../helpers';
import { getJson, waitForRow } from '../index/support';
import { passHorizon, successParams, upstreamRefOf } from '../sessions/support';
import {
  callback,
  createPayout,
  getPayout,
  payoutBody,
  payoutCallback,
  waitForPayout,
} from '../money';
import { holding, indexText, passRetention, runTasksNow, storedText, taskDue } from './support';
import {
  DAY,
  PAYER,
  FIRST,
  LAST,
  EMAIL,
  personal,
  sessionBody,
  namedStepOne,
  startPendingAttempt,
  type Report,
} from './retention-support';
import { ledgerObject, payoutObject, sessionObject } from '../objects';

afterAll(() => expectNoSecrets());

describe('retention (RETENTION_DAYS after settling)', () => {
  it('RETENTION_DAYS: 90 days by default, a positive number of days, else CONFIG_INVALID naming it', () => {
    const load = (value: string) => () =>
      loadConfig({ ...env, RETENTION_DAYS: value } as typeof env);
    expect(load('')().retentionMs).toBe(90 * DAY);
    expect(load('30')().retentionMs).toBe(30 * DAY);
    for (const bad of ['0', '-1', 'soon']) expect(load(bad)).toThrow(/RETENTION_DAYS/);
  });

  it('erases a settled session’s personal data when its retention task runs, and the settlement report’s totals stay equal', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const session = await createSession(sessionBody());
    const started = await startAttempt(session.id, {
      country_id: 1,
      method: 'send money',
      mobile: PAYER,
    });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const attemptId = `${session.id}.1`;
    await namedStepOne(attemptId, await upstreamRefOf(attemptId), PAYER);
    await waitForSession(session.id, 'succeeded');
    await waitForRow('attempts', attemptId, { status: 'succeeded' });
    const eventId = `evt_${session.id}_succeeded`;
    // The feed's copy of checkout.succeeded carries the metadata (the email) until erased.
    await vi.waitFor(
      async () => {
        const row = await env
          .INDEX!.prepare('SELECT body FROM events WHERE id = ?')
          .bind(eventId)
          .first<{ body: string }>();
        expect(row?.body).toContain(EMAIL);
      },
      { timeout: 8000, interval: 100 },
    );
    expect(holding(await storedText(sessionObject(session.id)), personal(PAYER))).not.toEqual([]);

    // Settled: the erasure is due RETENTION_DAYS (90 by default) from now, not earlier.
    const due = await taskDue(sessionObject(session.id), 'retention');
    expect(due).not.toBeNull();
    expect(due!).toBeGreaterThan(Date.now() + 89 * DAY);
    expect(due!).toBeLessThanOrEqual(Date.now() + 90 * DAY);

    const to = new Date(Date.now() + 60_000).toISOString();
    const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const before = await getJson<Report>(`/v1/reports/settlement?${period}`);
    expect(before.status).toBe(200);
    expect(before.json.rows.map((r) => r.id)).toContain(attemptId);

    // 89 days on, nothing happens (a task run early is moved to its time, not obeyed).
    await passRetention(sessionObject(session.id), 89);
    expect((await getSession(session.id)).redacted_at).toBeNull();
    expect(await taskDue(sessionObject(session.id), 'retention')).toBe(due! - 89 * DAY);
    // One more day: the alarm runs the retention task, then the index writes.
    await passRetention(sessionObject(session.id), 1);
    await runTasksNow(sessionObject(session.id), ['index']);

    const after = await getSession(session.id);
    expect(after.redacted_at).not.toBeNull();
    expect(after.redaction_reason).toBe('retention');
    expect(after.customer).toBeNull();
    expect(after.metadata).toBeNull();
    expect(after.status).toBe('succeeded');
    expect(after.amount).toBe(1500);
    expect(after.reference).toBe(session.reference);
    expect(after.attempts[0]!.mobile).toMatch(/^\d+\*+\d+$/);
    expect(after.attempts[0]!.upstream_reference).not.toBeNull();
    expect(after.history.map((e) => e.type)).toContain('redacted');
    expect(holding(await storedText(sessionObject(session.id)), personal(PAYER))).toEqual([]);
    expect(holding(await indexText(session.id), personal(PAYER))).toEqual([]);
    expect(await taskDue(sessionObject(session.id), 'retention')).toBeNull();

    const report = await getJson<Report>(`/v1/reports/settlement?${period}`);
    expect(report.status).toBe(200);
    expect(report.json.totals).toEqual(before.json.totals);
    expect(report.json.rows).toEqual(before.json.rows);
  });

  it('starts no clock while a session or payout is unsettled (pending, needs_review), and starts it when the upstream settles it', async () => {
    const session = await createSession(sessionBody());
    const attemptId = await startPendingAttempt(session.id);
    expect(await taskDue(sessionObject(session.id), 'retention')).toBeNull();
    await passHorizon(session.id);
    expect((await getSession(session.id)).attempts[0]!.status).toBe('needs_review');
    expect(await taskDue(sessionObject(session.id), 'retention')).toBeNull();
    const upstreamRef = await upstreamRefOf(attemptId);
    expect(
      (await callback('/hooks/collections', successParams(attemptId, upstreamRef, 1500))).status,
    ).toBe(200);
    await waitForSession(session.id, 'succeeded');
    expect(await taskDue(sessionObject(session.id), 'retention')).toBeGreaterThan(
      Date.now() + 89 * DAY,
    );

    const body = payoutBody('005', { name: `${FIRST} ${LAST}` });
    const created = await createPayout(body);
    expect(created.status).toBe(201);
    expect(await taskDue(payoutObject(body.reference), 'retention')).toBeNull();
    const paid = await callback(
      '/hooks/payouts',
      payoutCallback(created.view, created.view.upstream_reference ?? ref('SBX-PO'), {
        mobile: body.mobile,
      }),
    );
    expect(paid.status).toBe(200);
    await waitForPayout(body.reference, 'succeeded');
    expect(await taskDue(payoutObject(body.reference), 'retention')).toBeGreaterThan(
      Date.now() + 89 * DAY,
    );
  });

  it('starts the clock of a session that requires action once no attempt can move (a mismatch)', async () => {
    const session = await createSession(sessionBody());
    const attemptId = await startPendingAttempt(session.id);
    const upstreamRef = await upstreamRefOf(attemptId);
    // Paid short: the attempt is a mismatch, final in the money machine; the session holds the
    // payer's money and requires the merchant's action, but its payer data still has a lifetime.
    expect(
      (await callback('/hooks/collections', successParams(attemptId, upstreamRef, 900))).status,
    ).toBe(200);
    await waitForSession(session.id, 'requires_action');
    expect(await taskDue(sessionObject(session.id), 'retention')).toBeGreaterThan(
      Date.now() + 89 * DAY,
    );
  });

  it('erases a settled payout when its retention task runs', async () => {
    const body = payoutBody('000', { name: `${FIRST} ${LAST}`, narration: `Refund ${EMAIL}` });
    expect((await createPayout(body)).status).toBe(201);
    await waitForPayout(body.reference, 'succeeded');
    expect(await taskDue(payoutObject(body.reference), 'retention')).toBeGreaterThan(
      Date.now() + 89 * DAY,
    );
    await passRetention(payoutObject(body.reference), 90);
    const view = await getPayout(body.reference);
    expect(view.redaction_reason).toBe('retention');
    expect(view.mobile).toMatch(/^\d+\*+\d+$/);
    expect(holding(await storedText(payoutObject(body.reference)), personal(body.mobile))).toEqual(
      [],
    );
  });
});

describe('retention of payment-link callbacks (ledger shards)', () => {
  it('blanks each callback’s body RETENTION_DAYS after it came, keeping the payment’s settled record and the report', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const upstream = ref('SBX-RET');
    const phone = '254712345000';
    const params = {
      amount: 900,
      currency: 'KES',
      depositId: upstream,
      mobile: phone,
      name: `${FIRST} ${LAST}`,
      payment_step: 2,
      reference: upstream,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: ref('PL'),
    };
    expect((await callback('/hooks/payment-links', params)).status).toBe(200);
    await waitForRow('link_payments', upstream, { status: 'succeeded' });
    const shard = ledgerObject(linkShardName(upstream));
    expect(holding(await storedText(shard), [phone, FIRST])).not.toEqual([]);
    const due = await taskDue(shard, 'retention');
    expect(due).toBeGreaterThan(Date.now() + 89 * DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + 90 * DAY);

    const to = new Date(Date.now() + 60_000).toISOString();
    const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const before = await getJson<Report>(`/v1/reports/settlement?${period}`);
    expect(before.json.rows.map((r) => r.id)).toContain(upstream);

    // 91 days later: the clock moves the callbacks' receipt back, the alarm runs the task.
    await runInDurableObject(shard, (_instance, state) => {
      state.storage.sql.exec('UPDATE callbacks SET received_at = received_at - ?', 91 * DAY);
    });
    await runTasksNow(shard, ['retention']);
    expect(holding(await storedText(shard), personal(phone))).toEqual([]);
    expect(holding(await indexText(upstream), personal(phone))).toEqual([]);
    const report = await getJson<Report>(`/v1/reports/settlement?${period}`);
    expect(report.json.totals).toEqual(before.json.totals);
    expect(report.json.rows).toEqual(before.json.rows);
  });
});
