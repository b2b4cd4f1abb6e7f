// Payment-link payments (hosted checkout callbacks): one outcome per upstream reference, one
// payment_link.paid whatever else a retried callback carries, one payment_link.anomaly for a
// contradicting report, and nothing for a report that is not final.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookRecord } from '../../../worker/durable/webhook-outbox';
import { ledgerNames, linkShardName } from '../../../worker/ledger/shards';
import { expectNoSecrets, merchant, postCallback, ref, sandbox } from '../helpers';
import { callback, deliveredWebhook, signed, sleep } from './support';

afterAll(() => expectNoSecrets());

/** A credited hosted-checkout payment (the payload is not in the spec: collection-shaped). */
function paid(upstreamRef: string, extra: Record<string, unknown> = {}) {
  return {
    amount: 1500,
    currency: 'KES',
    depositId: upstreamRef,
    mobile: '254712345000',
    name: 'Amina W',
    payment_step: 2,
    reference: upstreamRef,
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: 'PL-LINK-1',
    ...extra,
  };
}

const FAILED = {
  status: 'failed',
  statusCode: '000005',
  failureReason: { failureCode: 'PM-001', failureMessage: 'The payer declined the payment.' },
};

/** The ledger's payment-link webhooks of one upstream reference. */
async function linkWebhooks(upstreamRef: string): Promise<WebhookRecord[]> {
  const res = await merchant('/v1/webhooks/payment-links');
  expect(res.status).toBe(200);
  const { webhooks } = (await res.json()) as { webhooks: WebhookRecord[] };
  return webhooks.filter((w) => w.id.startsWith(`evt_pl_${upstreamRef}_`));
}

describe('payment links: one outcome per upstream reference', () => {
  it('a retried callback that differs in name (and salt, timestamp) sends one payment_link.paid', async () => {
    const upstreamRef = ref('SBX-LINK');
    const first = await callback('/hooks/payment-links', paid(upstreamRef));
    expect(first).toEqual({ status: 200, json: { received: true, duplicate: false } });
    const retried = await callback('/hooks/payment-links', paid(upstreamRef, { name: 'AMINA W.' }));
    // A new body (stored as such), but the same payment.
    expect(retried).toEqual({ status: 200, json: { received: true, duplicate: false } });
    const again = await callback(
      '/hooks/payment-links',
      paid(upstreamRef, { mobile: '254712345999' }),
    );
    expect(again.status).toBe(200);
    const webhooks = await linkWebhooks(upstreamRef);
    expect(webhooks.map((w) => [w.id, w.type])).toEqual([
      [`evt_pl_${upstreamRef}_paid`, 'payment_link.paid'],
    ]);
  });

  it('a failure after a paid report: one payment_link.anomaly (failure_after_success), however often', async () => {
    const upstreamRef = ref('SBX-LINK');
    await callback('/hooks/payment-links', paid(upstreamRef));
    for (const name of ['late 1', 'late 2']) {
      const late = await callback('/hooks/payment-links', paid(upstreamRef, { ...FAILED, name }));
      expect(late.status).toBe(200);
    }
    const webhooks = await linkWebhooks(upstreamRef);
    expect(webhooks.map((w) => [w.id, w.type])).toEqual([
      [`evt_pl_${upstreamRef}_paid`, 'payment_link.paid'],
      [`evt_pl_${upstreamRef}_anomaly_failure_after_success`, 'payment_link.anomaly'],
    ]);
  });

  it('a paid report with another amount: one payment_link.anomaly (mismatch), no second paid', async () => {
    const upstreamRef = ref('SBX-LINK');
    await callback('/hooks/payment-links', paid(upstreamRef));
    await callback('/hooks/payment-links', paid(upstreamRef, { amount: 900 }));
    await callback('/hooks/payment-links', paid(upstreamRef, { amount: 800 }));
    // The same amount written differently is the same payment.
    await callback('/hooks/payment-links', paid(upstreamRef, { amount: '1500.00' }));
    const webhooks = await linkWebhooks(upstreamRef);
    expect(webhooks.map((w) => [w.id, w.type])).toEqual([
      [`evt_pl_${upstreamRef}_paid`, 'payment_link.paid'],
      [`evt_pl_${upstreamRef}_anomaly_mismatch`, 'payment_link.anomaly'],
    ]);
    const anomaly = await deliveredWebhook(`evt_pl_${upstreamRef}_anomaly_mismatch`);
    expect(anomaly.data).toEqual({
      reference: 'PL-LINK-1',
      upstream_reference: upstreamRef,
      link_id: null,
      kind: 'mismatch',
      expected: { status: 'success', amount: 1500, currency: 'KES' },
      reported: {
        source: 'callback',
        status: 'success',
        amount: 900,
        currency: 'KES',
        payment_type: null,
      },
      differences: [{ field: 'amount', expected: 1500, reported: 900 }],
    });
  });

  it('a success after a failure: no payment_link.paid, one payment_link.anomaly', async () => {
    const upstreamRef = ref('SBX-LINK');
    await callback('/hooks/payment-links', paid(upstreamRef, FAILED));
    await callback('/hooks/payment-links', paid(upstreamRef));
    const webhooks = await linkWebhooks(upstreamRef);
    expect(webhooks.map((w) => [w.id, w.type])).toEqual([
      [`evt_pl_${upstreamRef}_anomaly_success_after_failure`, 'payment_link.anomaly'],
    ]);
  });

  it('two payments on the same link (two upstream references) are two payment_link.paid', async () => {
    const a = ref('SBX-LINK');
    const b = ref('SBX-LINK');
    await callback('/hooks/payment-links', paid(a));
    await callback('/hooks/payment-links', paid(b));
    expect((await linkWebhooks(a)).map((w) => w.type)).toEqual(['payment_link.paid']);
    expect((await linkWebhooks(b)).map((w) => w.type)).toEqual(['payment_link.paid']);
  });
});

describe('payment links: verified non-terminal callbacks', () => {
  it('payment_step 1, pending and 000006 answer 200, are stored, and send nothing; the success then counts', async () => {
    const upstreamRef = ref('SBX-LINK');
    for (const extra of [
      { payment_step: 1 },
      { status: 'pending', statusCode: '000001' },
      { ...FAILED, statusCode: '000006' },
    ]) {
      const res = await callback('/hooks/payment-links', paid(upstreamRef, extra));
      expect(res.status, JSON.stringify(extra)).toBe(200);
    }
    await sleep(100);
    expect(await linkWebhooks(upstreamRef)).toEqual([]);
    await callback('/hooks/payment-links', paid(upstreamRef));
    expect((await linkWebhooks(upstreamRef)).map((w) => w.type)).toEqual(['payment_link.paid']);
  });
});

describe('collections: verified non-terminal callbacks', () => {
  it('payment_step 1 and a pending status answer 200 at /hooks/collections', async () => {
    const reference = ref('foreign');
    for (const extra of [{ payment_step: 1 }, { status: 'pending', statusCode: '000001' }]) {
      const res = await callback('/hooks/collections', {
        ...paid(`TX-${reference}`, extra),
        third_party_reference_1: reference,
      });
      expect(res.status, JSON.stringify(extra)).toBe(200);
    }
  });
});

// ── Links this proxy created, paid on the sandbox's hosted page ────────────────────────────

/** A payment-link webhook as a ledger queued it. */
interface QueuedLinkEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** Every payment-link webhook queued in any ledger for the upstream link `linkId` (the
 * sandbox's callbacks carry it as third_party_reference_1, the webhooks' `reference`). Read
 * once the proxy has answered the callbacks concerned: queued events are then final. */
async function queuedFor(linkId: string): Promise<QueuedLinkEvent[]> {
  const all: QueuedLinkEvent[] = [];
  for (const name of ledgerNames()) {
    const rows = await runInDurableObject(
      env.LEDGER.get(env.LEDGER.idFromName(name)),
      async (_, state) =>
        state.storage.sql
          .exec<{ id: string; type: string; payload: string }>(
            'SELECT id, type, payload FROM outbox ORDER BY created_at, id',
          )
          .toArray(),
    );
    for (const row of rows) {
      const { data } = JSON.parse(row.payload) as { data: Record<string, unknown> };
      if (data.reference === linkId) all.push({ id: row.id, type: row.type, data });
    }
  }
  return all;
}

/** Creates a KES 1,500 link through the merchant API; answers the upstream's link id. */
async function createOurLink(): Promise<{ linkId: string; body: Record<string, unknown> }> {
  const res = await merchant('/v1/payment-links', {
    method: 'POST',
    body: JSON.stringify({
      business_name: 'Corner Shop',
      item_name: 'Basket',
      currency: 'KES',
      amount: 1500,
      country_id: 1,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { data: { id: string } } & Record<string, unknown>;
  return { linkId: body.data.id, body };
}

/** Pays a link on the sandbox's hosted page; answers the payment's upstream reference. */
async function payOnPage(linkId: string, phoneEnding: string, type = 'send money') {
  const res = await sandbox(`/links/${linkId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phone: `254712345${phoneEnding}`, payment_type: type }).toString(),
    redirect: 'manual',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const text = await res.text();
  const reference = /Reference (SBX-[A-Za-z0-9-]+)/.exec(text)?.[1];
  expect(reference, text).toBeDefined();
  return reference!;
}

/** Waits until the sandbox has delivered callback `id` and the proxy answered it 200. */
async function delivered(id: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const res = await sandbox(`/control/callbacks/${id}`);
      const { callback } = (await res.json()) as { callback: { last_status: number | null } };
      expect(callback.last_status).toBe(200);
    },
    { timeout: 8000, interval: 100 },
  );
}

/** Sends one extra signed callback of a sandbox transaction (overrides set, `omit` dropped). */
async function extraCallback(
  ref: string,
  params: Record<string, unknown>,
  omit: string[] = [],
): Promise<void> {
  const res = await sandbox(`/control/transactions/${ref}/callback`, {
    method: 'POST',
    body: JSON.stringify({ params, omit }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  await delivered(((await res.json()) as { delivery_id: number }).delivery_id);
}

/** Forces a sandbox outcome (with `amount` settled) and waits for its callback's answer. */
async function settle(ref: string, outcome: 'success' | 'failed', amount?: number) {
  const res = await sandbox(`/control/transactions/${ref}/outcome`, {
    method: 'POST',
    body: JSON.stringify({ outcome, ...(amount === undefined ? {} : { amount }) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const tx = ((await res.json()) as { transaction: { callbacks: { id: number }[] } }).transaction;
  await delivered(tx.callbacks.at(-1)!.id);
}

const SUCCESS = { payment_step: 2, status: 'success', statusCode: '000000' };

describe('payment links we created: judged against our record of the link', () => {
  it('the create records the link: its own id, and the upstream link as data', async () => {
    const { body } = await createOurLink();
    expect(body.id).toMatch(/^pl_[a-z2-7]{26}$/);
    expect(body.data).toMatchObject({ amount: 1500, currency: 'KES', country_id: 1 });
    expect((body.data as { callback_url: string }).callback_url).toMatch(
      new RegExp(`/hooks/payment-links/${body.id as string}$`),
    );
  });

  it('a payment of another amount or currency than the link: payment_link.anomaly (mismatch), no paid', async () => {
    const { linkId } = await createOurLink();
    // Pending on the page (…005), then the upstream settles it for 900 instead of 1,500.
    const short = await payOnPage(linkId, '005');
    await settle(short, 'success', 900);
    // Another payment reported paid in another currency.
    const foreign = await payOnPage(linkId, '005');
    await extraCallback(foreign, { ...SUCCESS, currency: 'TZS' });
    const events = await queuedFor(linkId);
    expect(events.filter((e) => e.type === 'payment_link.paid')).toEqual([]);
    const anomalies = events.filter((e) => e.type === 'payment_link.anomaly');
    expect(
      anomalies.map((e) => [e.data.upstream_reference, e.data.kind, e.data.differences]),
    ).toEqual([
      [short, 'mismatch', [{ field: 'amount', expected: 1500, reported: 900 }]],
      [foreign, 'mismatch', [{ field: 'currency', expected: 'KES', reported: 'TZS' }]],
    ]);
    expect(anomalies[0]!.data.expected).toEqual({ status: null, amount: 1500, currency: 'KES' });
  });

  it('a payment reported pending or 000006 is queried with backoff and settled by the status record', async () => {
    const { linkId } = await createOurLink();
    const notices: Record<string, unknown>[] = [
      { payment_step: 1, status: 'pending', statusCode: '000001' },
      {
        payment_step: 2,
        status: 'failed',
        statusCode: '000006',
        failureReason: { failureCode: 'PM-002', failureMessage: 'Timed out.' },
      },
    ];
    for (const notice of notices) {
      // …003: the sandbox settles it paid but never calls back; only the notice comes.
      const ref = await payOnPage(linkId, '003');
      await extraCallback(ref, notice);
      const paid = await vi.waitFor(
        async () => {
          const events = await queuedFor(linkId);
          const found = events.filter(
            (e) => e.type === 'payment_link.paid' && e.data.upstream_reference === ref,
          );
          expect(found, JSON.stringify(notice)).toHaveLength(1);
          return found[0]!;
        },
        { timeout: 10_000, interval: 150 },
      );
      expect(paid.data).toMatchObject({ amount: 1500, currency: 'KES', status: 'success' });
    }
  });

  it('a payment still unknown at the horizon: needs_review (one anomaly); a later success still pays', async () => {
    const { linkId, body } = await createOurLink();
    const ref = await payOnPage(linkId, '005');
    await extraCallback(ref, { payment_step: 1, status: 'pending', statusCode: '000001' });
    // The payment was first heard of 25 hours ago; its next status query runs now.
    await runInDurableObject(
      env.LEDGER.get(env.LEDGER.idFromName(linkShardName(body.id as string))),
      async (instance, state) => {
        state.storage.sql.exec(
          'UPDATE link_payments SET created_at = created_at - ? WHERE key = ?',
          25 * 3_600_000,
          ref,
        );
        state.storage.sql.exec(
          'UPDATE tasks SET due_at = ? WHERE key = ?',
          Date.now() - 1,
          `reconcile:${ref}`,
        );
        await (instance as { alarm(): Promise<void> }).alarm();
      },
    );
    const review = (await queuedFor(linkId)).map((e) => [e.type, e.data.kind ?? null]);
    expect(review).toEqual([['payment_link.anomaly', 'needs_review']]);
    await settle(ref, 'success');
    const events = await queuedFor(linkId);
    expect(events.map((e) => e.type)).toEqual(['payment_link.anomaly', 'payment_link.paid']);
  });

  it('a callback without an upstream reference: payment_link.anomaly, never a second paid', async () => {
    const { linkId } = await createOurLink();
    const ref = await payOnPage(linkId, '005');
    await settle(ref, 'success');
    // The same payment reported again without reference and depositId.
    await extraCallback(ref, {}, ['reference', 'depositId']);
    const events = await queuedFor(linkId);
    expect(events.map((e) => [e.type, e.data.kind ?? null])).toEqual([
      ['payment_link.paid', null],
      ['payment_link.anomaly', 'missing_reference'],
    ]);
  });

  it('a retried callback without a reference that changes one field never pays (twice)', async () => {
    const { linkId } = await createOurLink();
    const ref = await payOnPage(linkId, '005');
    for (const name of ['Amina W', 'AMINA W.']) {
      await extraCallback(ref, { ...SUCCESS, name }, ['reference', 'depositId']);
    }
    // The upstream's own success (with its reference) then pays it once.
    await settle(ref, 'success');
    const events = await queuedFor(linkId);
    expect(events.filter((e) => e.type === 'payment_link.paid').map((e) => e.id)).toEqual([
      `evt_pl_${ref}_paid`,
    ]);
    expect(events.filter((e) => e.type === 'payment_link.anomaly').map((e) => e.data.kind)).toEqual(
      ['missing_reference', 'missing_reference'],
    );
  });

  it("Kenya: the payment type the payer picked is on the payment's webhook and list row", async () => {
    const { linkId } = await createOurLink();
    const ref = await payOnPage(linkId, '000', 'pay bill');
    const paid = await deliveredWebhook(`evt_pl_${ref}_paid`);
    expect(paid.data).toMatchObject({ upstream_reference: ref, payment_type: 'pay bill' });
    const row = await vi.waitFor(
      async () => {
        const res = await merchant(`/v1/payment-link-payments?reference=${ref}`);
        const { data } = (await res.json()) as { data: Record<string, unknown>[] };
        expect(data).toHaveLength(1);
        return data[0]!;
      },
      { timeout: 8000, interval: 100 },
    );
    expect(row).toMatchObject({ id: ref, status: 'succeeded', payment_type: 'pay bill' });
  });
});

describe('payment links: the per-link callback URL', () => {
  it('a callback URL that names no link id of ours is 404 in the error shape, and stores nothing', async () => {
    const upstreamRef = ref('SBX-LINK');
    const res = await postCallback(
      '/hooks/payment-links/PL-NOT-OURS',
      await signed(paid(upstreamRef)),
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect(await linkWebhooks(upstreamRef)).toEqual([]);
  });
});

describe('payment links: the one payment lifecycle (worker/payment/)', () => {
  afterEach(async () => {
    expect((await sandbox('/control/settings', { method: 'DELETE' })).status).toBe(200);
  });

  /** The payment-link webhooks queued for `linkId` once `count` of them are there. */
  async function waitForEvents(linkId: string, count: number): Promise<QueuedLinkEvent[]> {
    return vi.waitFor(
      async () => {
        const events = await queuedFor(linkId);
        expect(events.length, JSON.stringify(events)).toBeGreaterThanOrEqual(count);
        return events;
      },
      { timeout: 10_000, interval: 150 },
    );
  }

  it('a link created elsewhere reported paid without an amount: its status is asked, the record pays', async () => {
    const { linkId } = await createOurLink();
    // …003: paid at the sandbox, never called back. The callback comes to the plain URL (a link
    // created elsewhere: no record) and leaves out the amount.
    const upstreamRef = await payOnPage(linkId, '003');
    const res = await callback('/hooks/payment-links', {
      ...SUCCESS,
      currency: 'KES',
      reference: upstreamRef,
      depositId: upstreamRef,
      third_party_reference_1: linkId,
    });
    expect(res.status).toBe(200);
    const events = await waitForEvents(linkId, 1);
    expect(events.map((e) => [e.type, e.data.amount])).toEqual([['payment_link.paid', 1500]]);
  });

  it('distinct references: "not created" answers never fail it; a later report naming another depositId is a mismatch', async () => {
    const settings = await sandbox('/control/settings', {
      method: 'PUT',
      body: JSON.stringify({ distinct_references: true }),
    });
    expect(settings.status).toBe(200);
    const { linkId } = await createOurLink();
    const depositId = await payOnPage(linkId, '003');
    // A lagging replica: the first two status queries answer 400 "not created".
    const lag = await sandbox(`/control/transactions/${depositId}/not-created`, {
      method: 'POST',
      body: JSON.stringify({ count: 2 }),
    });
    expect(lag.status, await lag.clone().text()).toBe(200);
    await extraCallback(depositId, { payment_step: 1, status: 'pending', statusCode: '000001' });
    const [paid] = await waitForEvents(linkId, 1);
    expect(paid).toMatchObject({ type: 'payment_link.paid', data: { amount: 1500 } });
    // The payment's transaction reference, reported again with a depositId it was never given.
    await extraCallback(depositId, { ...SUCCESS, depositId: 'SBX-NOT-THIS-ONE' });
    const events = await waitForEvents(linkId, 2);
    expect(events.map((e) => [e.type, e.data.kind ?? null])).toEqual([
      ['payment_link.paid', null],
      ['payment_link.anomaly', 'mismatch'],
    ]);
    expect(events[1]!.data.differences).toEqual([
      { field: 'upstream_reference', expected: depositId, reported: 'SBX-NOT-THIS-ONE' },
    ]);
  });
});
