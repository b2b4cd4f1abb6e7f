// Payment links the proxy created (link-callbacks.test.ts has the callbacks of links created
// elsewhere): each payment is judged against our record of the link, through its own callback
// URL, along the one payment lifecycle (worker/payment/).
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { linkShardName } from '../../../worker/ledger/shards';
import { expectNoSecrets, merchant, postCallback, ref, sandbox } from '../helpers';
import { callback, deliveredWebhook, signed } from '../money';
import {
  paid,
  linkWebhooks,
  type QueuedLinkEvent,
  queuedFor,
  createOurLink,
  payOnPage,
  extraCallback,
  settle,
  SUCCESS,
} from './support';

afterAll(() => expectNoSecrets());

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

describe('payment links: amounts in whole units', () => {
  it('a decimal amount is 400 VALIDATION_FAILED and no link is made upstream', async () => {
    const item = ref('Half basket');
    for (const [currency, countryId] of [
      ['KES', 1],
      ['XOF', 2],
      ['UGX', 11],
    ] as const) {
      const res = await merchant('/v1/payment-links', {
        method: 'POST',
        body: JSON.stringify({
          business_name: 'Corner Shop',
          item_name: item,
          currency,
          amount: 1500.5,
          country_id: countryId,
        }),
      });
      expect(res.status, currency).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: string; details: { issues: { path: string }[] } };
      };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.issues.map((issue) => issue.path)).toEqual(['amount']);
    }
    const list = await merchant('/v1/payment-links');
    const { data } = (await list.json()) as { data: { item_name: string }[] };
    expect(data.filter((link) => link.item_name === item)).toEqual([]);
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
