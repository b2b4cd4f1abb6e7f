// Payment-link payments (hosted checkout callbacks): one outcome per upstream reference, one
// payment_link.paid whatever else a retried callback carries, one payment_link.anomaly for a
// contradicting report, and nothing for a report that is not final (links the proxy created:
// payment-links-ours.test.ts; shared setup: support.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSecrets, ref } from '../helpers';
import { callback, deliveredWebhook } from '../money';
import { paid, FAILED, linkWebhooks } from './support';

afterAll(() => expectNoSecrets());

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
    // The shard stores a callback's webhooks before it answers (the success below is read at
    // once): nothing is on its way.
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
