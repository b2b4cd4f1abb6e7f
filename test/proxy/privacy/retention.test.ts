// Retention and erasure of payers' data (docs/data-retention.md): RETENTION_DAYS after a
// session or payout settles its `retention` task erases the personal data and keeps what the
// settlement report needs; POST /v1/sessions/:id/redact and POST /v1/payouts/:ref/redact erase
// a settled record on request and refuse an unsettled one. After either, no table of the object
// and no row of the query index holds the payer's phone, name or email. Real objects, real D1,
// real sandbox; the alarm is driven, never waited for.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../worker/config';
import { linkShardName } from '../../../worker/ledger/shards';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import type { PayoutView } from '../../../worker/payout/view';
import {
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  ref,
  startAttempt,
  waitForSession,
} from '../helpers';
import { getJson, waitForRow } from '../index/support';
import { passHorizon, successParams, upstreamRefOf } from '../money/sessions-support';
import {
  callback,
  createPayout,
  getPayout,
  payoutBody,
  payoutCallback,
  waitForPayout,
} from '../money/support';
import {
  holding,
  indexText,
  ledgerObject,
  passRetention,
  payoutObject,
  runTasksNow,
  sessionObject,
  storedText,
  taskDue,
} from './support';

afterAll(() => expectNoSecrets());

const DAY = 86_400_000;
/** The payer's number (the sandbox pays numbers ending 000) and its national part. */
const PAYER = '254712345000';
/** Pending forever at the sandbox. */
const PAYER_PENDING = '254712345005';
/** The prefill's number: another one, so the merchant's own prefill is told apart. */
const PREFILL = '254700111222';
const FIRST = 'Wanjiru';
const LAST = 'Kamau';
const EMAIL = 'wanjiru.kamau@example.com';

/** What must be gone from every stored row after an erasure. */
function personal(phone: string): string[] {
  return [phone, phone.slice(3), PREFILL, FIRST, LAST, EMAIL];
}

/** A KES session with the payer's names, email and number as prefill and in its metadata. */
function sessionBody() {
  return {
    amount: 1500,
    currency: 'KES',
    reference: ref('ret'),
    customer: { first_name: FIRST, last_name: LAST, email: EMAIL, mobile: PREFILL },
    metadata: { description: `Order of ${FIRST} ${LAST}`, email: EMAIL },
  };
}

/** A verified callback that says nothing final but carries the payer's number and name (the
 * upstream's first-step report): stored, changes nothing. */
async function namedStepOne(attemptId: string, upstreamRef: string, phone: string) {
  const params = {
    amount: 1500,
    depositId: upstreamRef,
    mobile: phone,
    name: `${FIRST} ${LAST}`,
    payment_step: 1,
    reference: upstreamRef,
    status: 'pending',
    statusCode: '000001',
    third_party_reference_1: attemptId,
  };
  expect((await callback('/hooks/collections', params)).status).toBe(200);
}

interface Report {
  rows: { kind: string; id: string; session_id: string | null; amount: number }[];
  totals: {
    kind: string;
    currency: string | null;
    method: string;
    count: number;
    amount: number;
  }[];
}

async function redact(path: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await merchant(path, { method: 'POST' });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

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
    expect(
      (
        await startAttempt(session.id, {
          country_id: 1,
          method: 'send money',
          mobile: PAYER_PENDING,
        })
      ).status,
    ).toBe(201);
    const attemptId = `${session.id}.1`;
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
    expect(
      (
        await startAttempt(session.id, {
          country_id: 1,
          method: 'send money',
          mobile: PAYER_PENDING,
        })
      ).status,
    ).toBe(201);
    const attemptId = `${session.id}.1`;
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

describe('POST /v1/sessions/:id/redact', () => {
  it('is refused while an attempt is pending or needs review, then erases the settled session (no phone, name or email left in the object or the index)', async () => {
    const unknown = await redact('/v1/sessions/cs_00000000000000000000000000/redact');
    expect(unknown.status).toBe(404);

    const key = ref('idem');
    const terms = sessionBody();
    const create = () =>
      merchant('/v1/sessions', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: JSON.stringify(terms),
      });
    const created = await create();
    expect(created.status).toBe(201);
    const session = (await created.json()) as MerchantSession;
    expect(
      (
        await startAttempt(session.id, {
          country_id: 1,
          method: 'send money',
          mobile: PAYER_PENDING,
        })
      ).status,
    ).toBe(201);
    const attemptId = `${session.id}.1`;
    const upstreamRef = await upstreamRefOf(attemptId);
    await namedStepOne(attemptId, upstreamRef, PAYER_PENDING);

    const pending = await redact(`/v1/sessions/${session.id}/redact`);
    expect(pending.status).toBe(409);
    expect((pending.json.error as { code: string }).code).toBe('NOT_SETTLED');
    await passHorizon(session.id);
    const review = await redact(`/v1/sessions/${session.id}/redact`);
    expect(review.status).toBe(409);
    expect((await getSession(session.id)).redacted_at).toBeNull();
    // Refused: the data is still there.
    expect(holding(await storedText(sessionObject(session.id)), [FIRST, EMAIL])).not.toEqual([]);

    // The upstream's late success settles it; now it can be erased.
    expect(
      (await callback('/hooks/collections', successParams(attemptId, upstreamRef, 1500))).status,
    ).toBe(200);
    await waitForSession(session.id, 'succeeded');
    await waitForRow('attempts', attemptId, { status: 'succeeded' });
    const done = await redact(`/v1/sessions/${session.id}/redact`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const erased = done.json as unknown as MerchantSession;
    expect(erased.redaction_reason).toBe('request');
    expect(erased.customer).toBeNull();
    expect(erased.attempts[0]!.mobile).toMatch(/^\d+\*+\d+$/);
    expect(erased.history.map((e) => e.type)).toContain('redacted');

    // Once more: the same erasure (time unchanged).
    const again = await redact(`/v1/sessions/${session.id}/redact`);
    expect(again.status).toBe(200);
    expect((again.json as unknown as MerchantSession).redacted_at).toBe(erased.redacted_at);

    // The public view answers, without the prefill.
    const view = await getJson<{ customer: unknown; status: string }>(`/v1/checkout/${session.id}`);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ customer: null, status: 'succeeded' });

    // A late repeat of the success, carrying the number and name, is kept without them.
    const late = successParams(attemptId, upstreamRef, 1500, {
      mobile: PAYER_PENDING,
      name: `${FIRST} ${LAST}`,
    });
    const stored = (await getSession(session.id)).callbacks.length;
    expect((await callback('/hooks/collections', late)).status).toBe(200);
    expect((await getSession(session.id)).callbacks.length).toBe(stored + 1);

    await runTasksNow(sessionObject(session.id), ['index']);
    expect(holding(await storedText(sessionObject(session.id)), personal(PAYER_PENDING))).toEqual(
      [],
    );
    expect(holding(await indexText(session.id), personal(PAYER_PENDING))).toEqual([]);

    // The same Idempotency-Key with the same terms still answers this session (its kept terms
    // are compared); other terms conflict.
    const replay = await create();
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as MerchantSession).id).toBe(session.id);
    terms.amount += 1;
    expect((await create()).status).toBe(409);
  });
});

describe('POST /v1/payouts/:ref/redact', () => {
  it('is refused for an unknown or unsettled payout, erases a settled one, and a repeated create still compares its kept terms', async () => {
    expect((await redact(`/v1/payouts/${ref('none')}/redact`)).status).toBe(404);

    const pendingBody = payoutBody('005', { name: `${FIRST} ${LAST}` });
    expect((await createPayout(pendingBody)).status).toBe(201);
    const pending = await redact(`/v1/payouts/${pendingBody.reference}/redact`);
    expect(pending.status).toBe(409);
    expect((pending.json.error as { code: string }).code).toBe('NOT_SETTLED');

    const body = payoutBody('000', { name: `${FIRST} ${LAST}`, narration: `Refund ${EMAIL}` });
    expect((await createPayout(body)).status).toBe(201);
    await waitForPayout(body.reference, 'succeeded');
    await waitForRow('payouts', body.reference, { status: 'succeeded' });
    expect(holding(await storedText(payoutObject(body.reference)), [FIRST, EMAIL])).not.toEqual([]);

    const done = await redact(`/v1/payouts/${body.reference}/redact`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const view = done.json as unknown as PayoutView;
    expect(view.redaction_reason).toBe('request');
    expect(view.redacted_at).not.toBeNull();
    expect(view.status).toBe('succeeded');
    expect(view.amount).toBe(body.amount);
    expect(view.mobile).toMatch(/^\d+\*+\d+$/);

    // A late callback repeating the success with the full number is kept without it.
    const lateCallback = payoutCallback(view, view.upstream_reference ?? ref('SBX-PO'), {
      mobile: body.mobile,
      name: `${FIRST} ${LAST}`,
    });
    expect((await callback('/hooks/payouts', lateCallback)).status).toBe(200);

    await runTasksNow(payoutObject(body.reference), ['index']);
    expect(holding(await storedText(payoutObject(body.reference)), personal(body.mobile))).toEqual(
      [],
    );
    expect(holding(await indexText(body.reference), personal(body.mobile))).toEqual([]);

    // Idempotency survives: the same terms answer the payout, other terms conflict.
    expect((await createPayout(body)).status).toBe(200);
    expect((await createPayout({ ...body, amount: body.amount + 1 })).status).toBe(409);
  });
});
