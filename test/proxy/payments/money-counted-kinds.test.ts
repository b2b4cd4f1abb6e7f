// Money heard is money counted for every kind of payment, not only checkout attempts: each
// verified report that money moved lands on its payment-link payment, payout or refund as an
// amount and a currency, even when its status stays; the refund budget and the settlement report
// read those records. The real proxy and the real sandbox, the upstream at its worst legal
// behaviour (more money reported later, another currency, a payout reported paid twice).
import { afterAll, describe, expect, it } from 'vitest';
import type { ReportRow, SettlementReport } from '../../../worker/query/settlement-report';
import { expectNoSecrets, ref } from '../helpers';
import { getJson, waitForRow } from '../index/support';
import { createOurLink, extraCallback, payOnPage, SUCCESS } from '../links/support';
import {
  drainRefund,
  getRefund,
  paidSession,
  refundCallback,
  refundLinkPayment,
  requestRefund,
  waitForRefund,
} from '../refunds/support';
import {
  callback,
  createPayout,
  drainPayout,
  payoutBody,
  payoutCallback,
  waitForPayout,
} from '../money';

afterAll(() => expectNoSecrets());

/** The settlement report's rows of one payment, from `from` until a second from now. */
async function reportRowsOf(from: string, id: string): Promise<ReportRow[]> {
  const to = new Date(Date.now() + 1000).toISOString();
  const { status, json } = await getJson<SettlementReport>(
    `/v1/reports/settlement?from=${from}&to=${to}`,
  );
  expect(status).toBe(200);
  return json.rows.filter((r) => r.id === id);
}

/** A KES 1,500 link of ours and a payment on it the sandbox keeps pending (the proxy's
 * callbacks then tell it what was paid). */
async function pendingLinkPayment(): Promise<{ link: string; ref: string }> {
  const { linkId, body } = await createOurLink();
  return { link: String(body.id), ref: await payOnPage(linkId, '005') };
}

describe('a payment-link payment', () => {
  it('paid 1,500, then reported paid 1,800 on the same transaction: 1,800 is refundable and in the report', async () => {
    const from = new Date().toISOString();
    const { link, ref: paid } = await pendingLinkPayment();
    await extraCallback(paid, SUCCESS);
    // Its status stays `succeeded` (one payment_link.anomaly): the 300 more is counted.
    await extraCallback(paid, { ...SUCCESS, amount: 1800 });
    const all = await refundLinkPayment(link, paid, {});
    expect(all.status, JSON.stringify(all.json)).toBe(201);
    expect(all.json).toMatchObject({ amount: 1800, currency: 'KES' });
    await waitForRow('link_payments', paid, { counted: JSON.stringify({ KES: 1800 }) });
    const [row] = await reportRowsOf(from, paid);
    expect(row).toMatchObject({
      kind: 'payment_link',
      currency: 'KES',
      amount: 1800,
      overpaid: 300,
    });
  });

  it('reported paid in another currency: refundable only in it (409 CURRENCY_MISMATCH otherwise), and a mismatch row in the report', async () => {
    const from = new Date().toISOString();
    const { link, ref: paid } = await pendingLinkPayment();
    await extraCallback(paid, { ...SUCCESS, currency: 'UGX' });
    for (const body of [{}, { currency: 'KES' }, { amount: 100 }]) {
      const refused = await refundLinkPayment(link, paid, body);
      expect(refused.status, JSON.stringify(refused.json)).toBe(409);
      expect(refused.json.error).toMatchObject({
        code: 'CURRENCY_MISMATCH',
        details: { amount: 1500, currency: 'UGX' },
      });
    }
    const made = await refundLinkPayment(link, paid, { currency: 'UGX' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ amount: 1500, currency: 'UGX' });
    await waitForRow('link_payments', paid, { status: 'mismatch' });
    const rows = await reportRowsOf(from, paid);
    expect(rows).toEqual([
      expect.objectContaining({ currency: 'UGX', amount: 1500, overpaid: 0, mismatch: 1500 }),
    ]);
  });
});

describe('a refund', () => {
  it('reported paid out twice (a second transaction for it): it holds both, and the report counts both', async () => {
    const from = new Date().toISOString();
    const { id } = await paidSession(1000);
    const asked = await requestRefund(id, { amount: 500 });
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    const refund = await waitForRefund(asked.json.id, 'succeeded');
    // Another upstream transaction paying the same refund: a mismatch (its status stays).
    expect(await refundCallback(refund, `SBXP-${ref('TWICE')}`)).toBe(200);
    await drainRefund(refund.id, id);
    const more = await requestRefund(id, { amount: 1 });
    expect(more.json.error, JSON.stringify(more.json)).toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
      details: { paid: 1000, refundable: 0 },
    });
    await waitForRow('refunds', refund.id, { counted: JSON.stringify({ KES: 1000 }) });
    const rows = await reportRowsOf(from, refund.id);
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'refund', currency: 'KES', amount: 1000 }),
    ]);
  });

  it('reported paid out in another currency: it holds that money there and its own amount, not 40,000 KES', async () => {
    const from = new Date().toISOString();
    const { id } = await paidSession(1000);
    // Ending 005: the sandbox keeps the payout pending until told.
    const asked = await requestRefund(id, {
      amount: 400,
      destination: { method: 'send money', mobile: '254712345005' },
    });
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    const refund = await getRefund(asked.json.id);
    expect(refund.upstream_reference).not.toBeNull();
    const extra = { currency: 'UGX', amount: 40_000 };
    expect(await refundCallback(refund, refund.upstream_reference!, extra)).toBe(200);
    await waitForRefund(refund.id, 'mismatch');
    await drainRefund(refund.id, id);
    // 400 KES is held (its money may have left as asked); the rest of the KES paid is not.
    const rest = await requestRefund(id, { amount: 600 });
    expect(rest.status, JSON.stringify(rest.json)).toBe(201);
    expect((await requestRefund(id, { amount: 1 })).json.error?.code).toBe('REFUND_EXCEEDS_PAID');
    await waitForRow('refunds', refund.id, { counted: JSON.stringify({ UGX: 40_000 }) });
    const rows = await reportRowsOf(from, refund.id);
    expect(rows).toEqual([expect.objectContaining({ currency: 'UGX', amount: 40_000 })]);
    await drainRefund(rest.json.id, id);
  });
});

describe('a payout', () => {
  it('reported paid twice (a second transaction for it): both are counted and in the report', async () => {
    const from = new Date().toISOString();
    const { status, view } = await createPayout(payoutBody('000'));
    expect(status).toBe(201);
    const paid = await waitForPayout(view.reference, 'succeeded');
    const second = payoutCallback(paid, `SBXP-${ref('TWICE')}`);
    expect((await callback('/hooks/payouts', second)).status).toBe(200);
    await drainPayout(view.reference);
    await waitForRow('payouts', view.reference, { counted: JSON.stringify({ UGX: 5000 }) });
    const rows = await reportRowsOf(from, view.reference);
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'payout', currency: 'UGX', amount: 5000 }),
    ]);
  });
});
