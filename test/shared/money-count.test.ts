// Money heard is money counted (worker/payment/money-count.ts) and the refund budget that reads
// it per currency (worker/session/refund-budget.ts): pure, every kind of payment alike.
import { describe, expect, it } from 'vitest';
import { countHeard, countedByCurrency } from '../../worker/payment/money-count';
import { decideRefund, heldBy, type BudgetRefund } from '../../worker/session/refund-budget';

describe('countHeard', () => {
  it('one movement reported again counts once, at its largest; new references are another movement', () => {
    const first = countHeard([], { amount: 1000, currency: 'kes', refs: ['R1'] });
    expect(first).toMatchObject({
      added: 1000,
      repeat: false,
      record: { seq: 1, currency: 'KES' },
    });
    const larger = countHeard([first.record], {
      amount: 1200,
      currency: 'KES',
      refs: ['T1', 'R1'],
    });
    expect(larger).toMatchObject({ added: 200, repeat: true, record: { seq: 1, amount: 1200 } });
    const smaller = countHeard([larger.record], { amount: 900, currency: 'KES', refs: ['T1'] });
    expect(smaller).toMatchObject({ added: 0, repeat: true, record: { amount: 1200 } });
    const second = countHeard([larger.record], { amount: 1000, currency: 'KES', refs: ['R2'] });
    expect(second).toMatchObject({ added: 1000, repeat: false, record: { seq: 2 } });
    const other = countHeard([larger.record], { amount: 5, currency: 'UGX', refs: ['R1'] });
    expect(other).toMatchObject({ added: 5, repeat: false, record: { currency: 'UGX' } });
    expect(countedByCurrency([larger.record, second.record, other.record])).toEqual({
      KES: 2200,
      UGX: 5,
    });
  });
});

describe('decideRefund', () => {
  const payments = [{ id: 'p1', n: 1, counted: { UGX: 100_000 } }];
  const held = (amount: number, status: BudgetRefund['status']): BudgetRefund => ({
    payment_id: 'p1',
    currency: 'UGX',
    amount,
    status,
    settled_amount: null,
  });

  it('refunds only in a currency that was counted: CURRENCY_MISMATCH names what was paid', () => {
    const refused = decideRefund({}, payments, [], 'KES');
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      body: {
        error: {
          code: 'CURRENCY_MISMATCH',
          details: { attempt: 'p1', amount: 100_000, currency: 'UGX' },
        },
      },
    });
    expect(decideRefund({}, [], [], 'KES')).toMatchObject({
      ok: false,
      body: { error: { code: 'NOT_PAID' } },
    });
    expect(decideRefund({ currency: 'UGX' }, payments, [], 'KES')).toMatchObject({
      ok: true,
      value: { currency: 'UGX', amount: 100_000 },
    });
  });

  it('the budget is counted minus held, per currency; a failed refund holds nothing', () => {
    const refunds = [held(60_000, 'succeeded'), held(50_000, 'failed')];
    expect(decideRefund({ currency: 'UGX' }, payments, refunds, 'KES')).toMatchObject({
      ok: true,
      value: { amount: 40_000 },
    });
    expect(
      decideRefund({ currency: 'UGX', amount: 40_001 }, payments, refunds, 'KES'),
    ).toMatchObject({
      ok: false,
      body: { error: { code: 'REFUND_EXCEEDS_PAID', details: { refundable: 40_000 } } },
    });
  });
});

describe('heldBy', () => {
  const refund = (status: BudgetRefund['status'], paid_out: BudgetRefund['paid_out']) =>
    ({
      payment_id: 'p1',
      currency: 'KES',
      amount: 500,
      status,
      settled_amount: 500,
      paid_out,
    }) as const;

  it('holds what its payout counted as paid out, per currency, and at least its amount unless failed', () => {
    expect(heldBy(refund('succeeded', { KES: 1000 }))).toBe(1000);
    expect(heldBy(refund('mismatch', { UGX: 40_000 }))).toBe(500);
    expect(heldBy(refund('mismatch', { UGX: 40_000 }), 'UGX')).toBe(40_000);
    expect(heldBy(refund('failed', {}))).toBe(0);
    expect(heldBy(refund('pending', {}), 'UGX')).toBe(0);
    // Before its payout told what it counted, a settled report's amount stands for it.
    expect(heldBy({ ...refund('mismatch', null), settled_amount: 700 })).toBe(700);
  });
});
