// Refunds of payment-link payments: the one refund budget, idempotency, `refund.*` webhooks and
// list every refund shares, for a payment on a link we created and on one created elsewhere,
// paid through the real sandbox (shared setup: support.ts, ../refunds/support.ts).
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { linkShardName } from '../../../worker/ledger/shards';
import { ledgerStub } from '../../../worker/stubs';
import { expectNoSecrets, merchant } from '../helpers';
import { deliveredWebhook } from '../money';
import {
  createElsewhereLink,
  createOurLink,
  extraCallback,
  payOnPage,
  queuedFor,
  settle,
  SUCCESS,
} from './support';
import { refundLinkPayment, waitForRefund } from '../refunds/support';

afterAll(() => expectNoSecrets());

/** Waits until the upstream link's payment `ref` is settled in its ledger shard. */
async function settledOn(upstreamLinkId: string, ref: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const events = await queuedFor(upstreamLinkId);
      expect(events.some((e) => e.data.upstream_reference === ref)).toBe(true);
    },
    { timeout: 10_000, interval: 100 },
  );
}

describe('refunds of payment-link payments', () => {
  it('a paid link payment: capped by what was paid, idempotent, refund.succeeded, listed', async () => {
    const { linkId, body } = await createOurLink();
    const ours = String(body.id);
    const ref = await payOnPage(linkId, '000');
    await settledOn(linkId, ref);
    const key = `link-refund-${ref}`;
    // The reason is the merchant's free text, sent as the payout's narration.
    const asked = { amount: 1000, reason: 'Refund for Wanjiru Kamau' };
    const first = await refundLinkPayment(ours, ref, asked, key);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({
      object: 'refund',
      session: null,
      attempt: null,
      link_payment: ref,
      amount: 1000,
      currency: 'KES',
    });
    // The destination number and the reason were kept only until the payout was recorded.
    const kept = await runInDurableObject(ledgerStub(env, linkShardName(ours)), (_, state) =>
      state.storage.sql
        .exec<{ mobile: string | null; reason: string | null }>(
          'SELECT mobile, reason FROM refunds WHERE id = ?',
          first.json.id,
        )
        .one(),
    );
    expect(kept).toEqual({ mobile: null, reason: null });
    const again = await refundLinkPayment(ours, ref, asked, key);
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    // 500 is left of the 1,500 paid.
    const over = await refundLinkPayment(ours, ref, { amount: 600 });
    expect(over.status).toBe(409);
    expect(over.json.error).toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
      details: { paid: 1500, refundable: 500 },
    });
    const refunded = await waitForRefund(first.json.id, 'succeeded');
    expect(refunded).toMatchObject({ link_payment: ref, session: null });
    const hook = await deliveredWebhook(`evt_${first.json.id}_succeeded`);
    expect(hook).toMatchObject({ type: 'refund.succeeded', data: { link_payment: ref } });
    const rest = await refundLinkPayment(ours, ref, {});
    expect(rest.status, JSON.stringify(rest.json)).toBe(201);
    expect(rest.json.amount).toBe(500);
    expect((await refundLinkPayment(ours, ref, {})).json.error?.code).toBe('REFUND_EXCEEDS_PAID');
    const listed = await vi.waitFor(
      async () => {
        const res = await merchant('/v1/refunds?currency=KES&limit=100');
        const { data } = (await res.json()) as { data: Record<string, unknown>[] };
        const mine = data.filter((r) => r.link_payment === ref);
        expect(mine).toHaveLength(2);
        return mine;
      },
      { timeout: 8000, interval: 100 },
    );
    expect(listed.map((r) => r.amount).sort()).toEqual([1000, 500].sort());
  });

  it('a payment reported with another amount counts what its report said: 900, not the link’s 1,500', async () => {
    const { linkId, body } = await createOurLink();
    const ref = await payOnPage(linkId, '005');
    await settle(ref, 'success', 900);
    const over = await refundLinkPayment(String(body.id), ref, { amount: 1000 });
    expect(over.json.error).toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
      details: { paid: 900, refundable: 900 },
    });
    const all = await refundLinkPayment(String(body.id), ref, {});
    expect(all.status).toBe(201);
    expect(all.json).toMatchObject({ amount: 900, currency: 'KES' });
  });

  it('a link created elsewhere: refunded under `external`, in the currency its report named', async () => {
    const linkId = await createElsewhereLink();
    // Pending on the page (…005); its success names the currency (a link created elsewhere has
    // no record of ours to say it).
    const ref = await payOnPage(linkId, '005');
    await extraCallback(ref, { ...SUCCESS, currency: 'KES' });
    const refund = await refundLinkPayment('external', ref, { amount: 1500 });
    expect(refund.status, JSON.stringify(refund.json)).toBe(201);
    expect(refund.json).toMatchObject({ link_payment: ref, amount: 1500, currency: 'KES' });
    expect((await refundLinkPayment('external', ref, { amount: 1 })).status).toBe(409);
  });

  it('a refund that fails sends refund.failed and frees its amount in the payment’s budget', async () => {
    const { linkId, body } = await createOurLink();
    const ours = String(body.id);
    const ref = await payOnPage(linkId, '000');
    await settledOn(linkId, ref);
    const failing = await refundLinkPayment(ours, ref, {
      destination: { method: 'send money', mobile: '254712345001' },
    });
    expect(failing.status, JSON.stringify(failing.json)).toBe(201);
    await waitForRefund(failing.json.id, 'failed');
    await deliveredWebhook(`evt_${failing.json.id}_failed`);
    // The payout tells the payment's shard (its owner task): the whole amount is free again.
    const retry = await vi.waitFor(
      async () => {
        const answer = await refundLinkPayment(ours, ref, {});
        expect(answer.status, JSON.stringify(answer.json)).toBe(201);
        return answer;
      },
      { timeout: 8000, interval: 100 },
    );
    expect(retry.json.amount).toBe(1500);
  });

  it('no such payment on that link, or a body without destination: 4xx, nothing recorded', async () => {
    const { linkId, body } = await createOurLink();
    const ref = await payOnPage(linkId, '000');
    await settledOn(linkId, ref);
    const other = await createOurLink();
    const wrongLink = await refundLinkPayment(String(other.body.id), ref, {});
    expect(wrongLink.status).toBe(404);
    expect(wrongLink.json.error?.code).toBe('NOT_FOUND');
    const res = await merchant(`/v1/payment-links/${String(body.id)}/payments/${ref}/refunds`, {
      method: 'POST',
      body: JSON.stringify({ amount: 100 }),
    });
    expect(res.status).toBe(400);
    // Nothing was held by either: the whole payment is still refundable.
    const all = await refundLinkPayment(String(body.id), ref, {});
    expect(all.json).toMatchObject({ amount: 1500 });
  });
});
