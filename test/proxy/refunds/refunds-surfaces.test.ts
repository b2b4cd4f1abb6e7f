// Where refunds show: the refunds list and the events feed (query index), the
// settlement report (refund rows and the net per day and sub-merchant), the paid hosted page
// ("Refunded …" in each language), and the anomalies that a refund settles (the exact call).
import {
  createExecutionContext,
  createScheduledController,
  env,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import worker from '../../../worker/index';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BASE, expectNoSecrets, merchant, startAttempt } from '../helpers';
import { clearFaults, forceOutcome } from '../hostile';
import { csvObjects } from '../index/csv';
import { db, getJson, waitForRow, type Page } from '../index/support';
import {
  anomalyOf,
  drainRefund,
  paidSession,
  pendingKesAttempt,
  requestRefund,
  runRefundCall,
  waitForRefund,
} from './support';
import {
  collectionCallback,
  passInputDeadlines,
  successParams,
  upstreamRefOf,
  waitUntil,
} from '../sessions/support';
import { payoutObject } from '../objects';

afterEach(() => clearFaults());
afterAll(() => expectNoSecrets());

describe('refunds in the query index', () => {
  it('GET /v1/refunds lists by session and status with cursor paging; the events feed holds refund.succeeded; the settlement report nets them', async () => {
    const { id } = await paidSession(1000);
    const start = new Date(Date.now() - 60_000).toISOString();
    const a = await requestRefund(id, { amount: 100, reference: 'rf-a' });
    const b = await requestRefund(id, { amount: 200 });
    await waitForRefund(a.json.id, 'succeeded');
    await waitForRefund(b.json.id, 'succeeded');
    await drainRefund(a.json.id, id);
    await drainRefund(b.json.id, id);
    await waitForRow('refunds', a.json.id, { status: 'succeeded' });
    await waitForRow('refunds', b.json.id, { status: 'succeeded' });

    const first = await getJson<Page<{ id: string; session: string; amount: number }>>(
      `/v1/refunds?session_id=${id}&status=succeeded&limit=1`,
    );
    expect(first.status).toBe(200);
    expect(first.json.data).toHaveLength(1);
    expect(first.json.has_more).toBe(true);
    const second = await getJson<Page<{ id: string }>>(
      `/v1/refunds?session_id=${id}&status=succeeded&limit=1&starting_after=${first.json.next_cursor}`,
    );
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect([first.json.data[0]!.id, second.json.data[0]!.id].sort()).toEqual(
      [a.json.id, b.json.id].sort(),
    );
    expect(second.json.has_more).toBe(false);
    const bad = await getJson(`/v1/refunds?session_id=junk`);
    expect(bad.status).toBe(400);

    // The events feed: each refund.succeeded, under the webhook's id, with the session.
    const feed = await getJson<{ data: { id: string; data: { session?: string } }[] }>(
      `/v1/events?type=refund.succeeded&limit=100`,
    );
    const ids = feed.json.data.filter((e) => e.data.session === id).map((e) => e.id);
    expect(ids.sort()).toEqual([`evt_${a.json.id}_succeeded`, `evt_${b.json.id}_succeeded`].sort());

    // The settlement report: refund rows of their own, netted per day (and sub-merchant).
    const period = `from=${start}&to=${new Date(Date.now() + 60_000).toISOString()}`;
    const res = await merchant(`/v1/reports/settlement?${period}&format=csv`);
    expect(res.status).toBe(200);
    const records = csvObjects(await res.text());
    const refundRows = records.filter((r) => r.record === 'row' && r.kind === 'refund');
    expect(
      refundRows
        .filter((r) => r.session_id === id)
        .map((r) => r.amount)
        .sort(),
    ).toEqual(['100', '200']);
    expect(refundRows.find((r) => r.id === a.json.id)!.reference).toBe('rf-a');
    const rows = records.filter((r) => r.record === 'row' && r.currency === 'KES');
    const nets = records.filter((r) => r.record === 'net' && r.currency === 'KES');
    const sum = (kind: (k: string) => boolean) =>
      rows.filter((r) => kind(r.kind!)).reduce((s, r) => s + Number(r.amount), 0);
    const collected = sum((k) => k === 'collection' || k === 'payment_link');
    const refunded = sum((k) => k === 'refund');
    expect(nets.reduce((s, n) => s + Number(n.collected), 0)).toBe(collected);
    expect(nets.reduce((s, n) => s + Number(n.refunded), 0)).toBe(refunded);
    for (const n of nets) expect(Number(n.net)).toBe(Number(n.collected) - Number(n.refunded));
  });
});

describe('the sweep', () => {
  it('a pending refund whose status query was lost (no task, no alarm) is asked again', async () => {
    const { id } = await paidSession(1000);
    const { json } = await requestRefund(id, {
      amount: 100,
      destination: { method: 'send money', mobile: '254712345005' },
    });
    await waitForRow('refunds', json.id, { status: 'pending' });
    await runInDurableObject(payoutObject(json.id), async (_instance, state) => {
      state.storage.sql.exec("DELETE FROM tasks WHERE kind = 'reconcile'");
      await state.storage.deleteAlarm();
    });
    await db()
      .prepare('UPDATE refunds SET next_check_at = ? WHERE id = ?')
      .bind(Date.now() - 3_600_000, json.id)
      .run();
    const controller = createScheduledController({
      scheduledTime: Date.now(),
      cron: '*/5 * * * *',
    });
    const ctx = createExecutionContext();
    await worker.scheduled!(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const tasks = await runInDurableObject(payoutObject(json.id), (_instance, state) =>
      state.storage.sql.exec("SELECT due_at FROM tasks WHERE kind = 'reconcile'").toArray(),
    );
    expect(tasks).toHaveLength(1);
    await drainRefund(json.id, id);
  });
});

describe('the paid hosted page', () => {
  it('says "Refunded …" once a refund succeeded, in each language', async () => {
    const { id } = await paidSession(1000);
    const page = async (locale: string) =>
      (await exports.default.fetch(new Request(`${BASE}/pay/${id}?locale=${locale}`))).text();
    expect(await page('en')).not.toContain('Refunded');
    const half = await requestRefund(id, { amount: 500 });
    await waitForRefund(half.json.id, 'succeeded');
    await drainRefund(half.json.id, id);
    expect(await page('en')).toMatch(/Refunded [^<]*500/);
    expect(await page('fr')).toMatch(/Remboursé : [^<]*500/);
    expect(await page('pt')).toMatch(/Reembolsado: [^<]*500/);
    expect(await page('sw')).toMatch(/Imerejeshwa: [^<]*500/);
  });
});

describe('anomalies carry the refund call that settles them', () => {
  const pending = pendingKesAttempt;

  it('overpaid: the call refunds the excess, and it is accepted as it is', async () => {
    const { id, attemptId, upstreamRef } = await pending(1000);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1200))).toBe(200);
    await waitUntil(id, (s) => expect(s.status).toBe('succeeded'));
    const anomaly = await anomalyOf(id, ['checkout.succeeded', 'checkout.anomaly'], 'overpaid');
    expect(anomaly.refund).toEqual({
      method: 'POST',
      path: `/v1/sessions/${id}/refunds`,
      body: { attempt: attemptId, amount: 200, currency: 'KES' },
    });
    const res = await runRefundCall(anomaly);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ attempt: attemptId, amount: 200, currency: 'KES' });
  });

  it('second_success: the call refunds the second payment, to its own payer', async () => {
    const { id, upstreamRef: first } = await pending(1000);
    await passInputDeadlines(id);
    const again = await startAttempt(id, {
      country_id: 1,
      method: 'send money',
      mobile: '254712345005',
    });
    expect(again.status).toBe(201);
    const secondId = again.json.attempt!.id;
    const second = await upstreamRefOf(secondId);
    expect(await forceOutcome(first, 'success')).toBe(200);
    await waitUntil(id, (s) => expect(s.status).toBe('succeeded'));
    expect(await forceOutcome(second, 'success')).toBe(200);
    await waitUntil(id, (s) => expect(s.attempts[1]?.status).toBe('succeeded'));
    const anomaly = await anomalyOf(
      id,
      ['checkout.succeeded', 'checkout.anomaly'],
      'second_success',
    );
    expect(anomaly.refund).toEqual({
      method: 'POST',
      path: `/v1/sessions/${id}/refunds`,
      body: { attempt: secondId, amount: 1000, currency: 'KES' },
    });
    const res = await runRefundCall(anomaly);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ attempt: secondId, amount: 1000 });
    // Both payments can be refunded, each once: 2000 was paid in all.
    const rest = await merchant(`/v1/sessions/${id}/refunds`, { method: 'POST', body: '{}' });
    expect(await rest.json()).toMatchObject({ amount: 1000 });
    const none = await merchant(`/v1/sessions/${id}/refunds`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(409);
  });

  it('mismatch (paid short): the call refunds what the payer paid', async () => {
    const { id, attemptId, upstreamRef } = await pending(1500);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    const anomaly = await anomalyOf(
      id,
      ['checkout.anomaly', 'checkout.requires_action'],
      'mismatch',
    );
    expect(anomaly.refund).toEqual({
      method: 'POST',
      path: `/v1/sessions/${id}/refunds`,
      body: { attempt: attemptId, amount: 1000, currency: 'KES' },
    });
    expect((await runRefundCall(anomaly)).status).toBe(201);
  });
});
