// GET /v1/events (the webhooks, same ids and bodies, in order) and GET /v1/reports/settlement
// (rows, totals equal to the sum of the rows, anomalies apart, RFC 4180 CSV, group_by
// sub_merchant), against the real sandbox and the real objects.
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  ref,
  KENYA_PAYER,
  startAttempt,
  waitForSession,
} from '../helpers';
import { callback, createPayout, payoutBody, waitForPayout } from '../money';
import { csvObjects, parseCsv } from './csv';
import { getJson, waitForRow, linkSuccess } from './support';
import { devInbox } from '../../../worker/dev-inbox/inbox';

afterAll(() => expectNoSecrets());

const KNOWN = '7d3c8a6e-2f14-4b9a-9c1e-5a0f3b2d1e01';

interface FeedEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
interface Feed {
  data: FeedEvent[];
  has_more: boolean;
  next_after: string | null;
}

/** Every event of the feed after `after` (following pages). */
async function feedAfter(after: string, query = ''): Promise<FeedEvent[]> {
  const all: FeedEvent[] = [];
  let cursor = after;
  for (;;) {
    const { status, json } = await getJson<Feed>(`/v1/events?after=${cursor}&limit=50${query}`);
    expect(status, JSON.stringify(json)).toBe(200);
    all.push(...json.data);
    if (!json.has_more) return all;
    cursor = json.next_after!;
  }
}

/** The verified webhooks the dev receiver got, one per id (delivery is at least once). */
async function delivered(): Promise<Map<string, FeedEvent>> {
  const hooks = (await devInbox(env)!.listWebhooks()) as unknown as {
    verified: boolean;
    body: FeedEvent;
  }[];
  return new Map(hooks.filter((h) => h.verified).map((h) => [h.body.id, h.body]));
}

describe('GET /v1/events', () => {
  it('holds every webhook with the same id and body, in each session’s order, after a given event', async () => {
    // A failed attempt, then a paid one: checkout.failed, then checkout.succeeded.
    const session = await createSession({
      amount: 1500,
      currency: 'KES',
      reference: ref('feed'),
      sub_merchant_id: KNOWN,
    });
    expect(
      (
        await startAttempt(session.id, {
          country_id: 1,
          method: 'send money',
          mobile: '254712345001',
        })
      ).status,
    ).toBe(201);
    await waitForSession(session.id, 'open');
    const first = await vi.waitFor(async () => {
      const s = await getSession(session.id);
      expect(s.webhooks.length).toBe(1);
      return s.webhooks[0]!.id;
    });
    await vi.waitFor(async () =>
      expect((await getJson(`/v1/events?after=${first}`)).status).toBe(200),
    );
    expect((await startAttempt(session.id, KENYA_PAYER)).status).toBe(201);
    await waitForSession(session.id, 'succeeded');
    const payout = payoutBody('000');
    expect((await createPayout(payout)).status).toBe(201);
    await waitForPayout(payout.reference, 'succeeded');

    const outbox = (await getSession(session.id)).webhooks.map((w) => w.id);
    expect(outbox).toEqual([`evt_${session.id}.1_failed`, `evt_${session.id}_succeeded`]);
    const events = await vi.waitFor(async () => {
      const after = await feedAfter(first);
      expect(after.map((e) => e.id)).toContain(`evt_${payout.reference}_succeeded`);
      expect(after.map((e) => e.id)).toContain(outbox[1]);
      return after;
    });
    // The session's events after the first, in the outbox's order; the first is not repeated.
    const ofSession = events.filter((e) => e.data.session_id === session.id).map((e) => e.id);
    expect(ofSession).toEqual(outbox.slice(1));
    const hooks = await vi.waitFor(async () => {
      const got = await delivered();
      for (const id of [...outbox, `evt_${payout.reference}_succeeded`])
        expect(got.has(id), id).toBe(true);
      return got;
    });
    // Same bodies as the webhooks delivered, sub_merchant_id included.
    for (const event of events.filter((e) => hooks.has(e.id)))
      expect(event).toEqual(hooks.get(event.id));
    const succeeded = events.find((e) => e.id === outbox[1])!;
    expect(succeeded.data.sub_merchant_id).toBe(KNOWN);

    // type= and sub_merchant_id= narrow the feed.
    const onlyPayouts = await feedAfter(first, '&type=payout.succeeded');
    expect(onlyPayouts.every((e) => e.type === 'payout.succeeded')).toBe(true);
    expect(onlyPayouts.map((e) => e.id)).toContain(`evt_${payout.reference}_succeeded`);
    const ofSeller = await feedAfter(first, `&sub_merchant_id=${KNOWN}`);
    expect(ofSeller.map((e) => e.id)).toContain(outbox[1]);
    expect(ofSeller.map((e) => e.id)).not.toContain(`evt_${payout.reference}_succeeded`);
  });

  it('bad parameters are 400s naming them', async () => {
    for (const [query, path] of [
      ['after=evt_never_seen', 'after'],
      ['after=nope', 'after'],
      ['type=Checkout', 'type'],
      ['limit=500', 'limit'],
    ] as const) {
      const { status, json } = await getJson<{
        error: { code: string; details: { issues: { path: string }[] } };
      }>(`/v1/events?${query}`);
      expect(status, query).toBe(400);
      expect(json.error.details.issues[0]!.path).toBe(path);
    }
  });
});

interface Report {
  rows: {
    kind: string;
    id: string;
    currency: string;
    method: string;
    amount: number;
    sub_merchant_id: string | null;
    reference: string | null;
  }[];
  totals: {
    kind: string;
    currency: string;
    method: string;
    sub_merchant_id?: string | null;
    count: number;
    amount: number;
  }[];
  anomalies: { source: string; id: string; status: string }[];
}

describe('GET /v1/reports/settlement', () => {
  it('rows for each success, totals equal to their sum, anomalies apart; CSV parses strictly; group_by sub_merchant', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const seller = await createSession({
      amount: 1500,
      currency: 'KES',
      reference: ref('rep-s'),
      sub_merchant_id: KNOWN,
    });
    const plain = await createSession({ amount: 700, currency: 'KES', reference: ref('rep-p') });
    for (const s of [seller, plain]) {
      expect(
        (await startAttempt(s.id, { country_id: 1, method: 'send money', mobile: '254712345000' }))
          .status,
      ).toBe(201);
    }
    const payout = payoutBody('000');
    expect((await createPayout(payout)).status).toBe(201);
    const upstream = ref('SBX-REP');
    const link = linkSuccess(upstream, 300, 'PL,"quoted"\r\nline');
    expect((await callback('/hooks/payment-links', link)).status).toBe(200);
    // A later failure for the paid link: one payment_link.anomaly, listed apart.
    expect(
      (await callback('/hooks/payment-links', { ...link, status: 'failed', statusCode: '000005' }))
        .status,
    ).toBe(200);
    await waitForSession(seller.id, 'succeeded');
    await waitForSession(plain.id, 'succeeded');
    await waitForPayout(payout.reference, 'succeeded');
    await waitForRow('attempts', `${seller.id}.1`, { status: 'succeeded' });
    await waitForRow('attempts', `${plain.id}.1`, { status: 'succeeded' });
    await waitForRow('payouts', payout.reference, { status: 'succeeded' });
    await waitForRow('link_payments', upstream, { status: 'succeeded' });
    const anomalyId = `evt_pl_${upstream}_anomaly_failure_after_success`;
    const to = new Date(Date.now() + 1000).toISOString();
    const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

    const report = await vi.waitFor(async () => {
      const { status, json } = await getJson<Report>(`/v1/reports/settlement?${period}`);
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.anomalies.map((a) => a.id)).toContain(anomalyId);
      return json;
    });
    const mine = [`${seller.id}.1`, `${plain.id}.1`, payout.reference, upstream];
    expect(
      report.rows
        .filter((r) => mine.includes(r.id))
        .map((r) => [r.kind, r.id, r.currency, r.amount])
        .sort(),
    ).toEqual(
      [
        ['collection', `${seller.id}.1`, 'KES', 1500],
        ['collection', `${plain.id}.1`, 'KES', 700],
        ['payment_link', upstream, 'KES', 300],
        ['payout', payout.reference, 'UGX', 2500],
      ].sort(),
    );
    expect(report.rows.find((r) => r.id === `${seller.id}.1`)).toMatchObject({
      method: 'send money',
      sub_merchant_id: KNOWN,
    });
    const sums = (rows: Report['rows'], by: (r: Report['rows'][number]) => string) => {
      const out = new Map<string, { count: number; amount: number }>();
      for (const r of rows) {
        const t = out.get(by(r)) ?? { count: 0, amount: 0 };
        t.count += 1;
        t.amount += r.amount;
        out.set(by(r), t);
      }
      return out;
    };
    const byGroup = sums(report.rows, (r) => [r.kind, r.currency, r.method].join('|'));
    expect(report.totals).toHaveLength(byGroup.size);
    for (const t of report.totals)
      expect({ count: t.count, amount: t.amount }).toEqual(
        byGroup.get([t.kind, t.currency, t.method].join('|')),
      );

    // CSV: strict RFC 4180; its rows are the JSON's; its totals are the sums of its rows.
    const res = await merchant(`/v1/reports/settlement?${period}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    expect(parseCsv(text)[0]).toEqual([
      'record',
      'kind',
      'id',
      'session_id',
      'reference',
      'method',
      'country_id',
      'currency',
      'amount',
      'overpaid',
      'mismatch',
      'upstream_reference',
      'settled_at',
      'sub_merchant_id',
      'status',
      'count',
      'day',
      'collected',
      'refunded',
      'net',
    ]);
    const records = csvObjects(text);
    const csvRows = records.filter((r) => r.record === 'row');
    const csvTotals = records.filter((r) => r.record === 'total');
    expect(csvRows.find((r) => r.id === upstream)!.reference).toBe('PL,"quoted"\r\nline');
    const csvSums = new Map<string, number>();
    for (const r of csvRows) {
      const key = [r.kind, r.currency, r.method].join('|');
      csvSums.set(key, (csvSums.get(key) ?? 0) + Number(r.amount));
    }
    expect(csvTotals).toHaveLength(csvSums.size);
    for (const t of csvTotals)
      expect(Number(t.amount)).toBe(csvSums.get([t.kind, t.currency, t.method].join('|')));
    expect(csvRows.length).toBe(report.rows.length);
    expect(records.filter((r) => r.record === 'anomaly').map((r) => r.id)).toContain(anomalyId);

    // Per seller: the seller's collection is a total of its own.
    const grouped = (
      await getJson<Report>(`/v1/reports/settlement?${period}&group_by=sub_merchant`)
    ).json;
    const sellerTotal = grouped.totals.find(
      (t) => t.kind === 'collection' && t.sub_merchant_id === KNOWN,
    )!;
    const sellerRows = grouped.rows.filter(
      (r) => r.kind === 'collection' && r.sub_merchant_id === KNOWN,
    );
    expect(sellerRows.map((r) => r.id)).toContain(`${seller.id}.1`);
    expect(sellerTotal).toMatchObject({
      count: sellerRows.length,
      amount: sellerRows.reduce((s, r) => s + r.amount, 0),
    });
    const groupedCsv = csvObjects(
      await (
        await merchant(`/v1/reports/settlement?${period}&group_by=sub_merchant&format=csv`)
      ).text(),
    );
    expect(
      groupedCsv.filter((r) => r.record === 'total' && r.sub_merchant_id === KNOWN),
    ).toHaveLength(1);
  });

  it('bad parameters are 400s naming them', async () => {
    for (const [query, path] of [
      ['to=2026-11-02T00:00:00Z', 'from'],
      ['from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'to'],
      ['from=2026-01-01T00:00:00Z&to=2026-11-01T00:00:00Z', 'to'],
      ['from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&format=xlsx', 'format'],
      ['from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&group_by=seller', 'group_by'],
    ] as const) {
      const { status, json } = await getJson<{
        error: { code: string; details: { issues: { path: string }[] } };
      }>(`/v1/reports/settlement?${query}`);
      expect(status, query).toBe(400);
      expect(json.error.details.issues.map((i) => i.path)).toContain(path);
    }
  });
});
