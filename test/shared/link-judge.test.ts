// Payment-link payments judged by the one rule of every payment (worker/payment/judge.ts) with
// what a link payment expects (worker/ledger/link-report.ts; docs/design.md, "Money rules",
// rule 14): our link's exact amount and currency; a payer-chosen amount recorded by the report
// that settles it; a link created elsewhere compared only with what it settled as.
import { describe, expect, it } from 'vitest';
import {
  callbackRead,
  linkExpected,
  type LinkPaymentRecord,
} from '../../worker/ledger/link-report';
import { judge, NO_REFS, type Refs, type Report } from '../../worker/payment/judge';

const LINK = { id: 'pl_aaaaaaaaaaaaaaaaaaaaaaaaaa', amount: 1500, currency: 'KES' };
const OPEN = { ...LINK, amount: null };
const REFS: Refs = { collection: ['SBX-1'], transaction: ['SBX-1'] };

const report = (extra: Partial<Report> = {}): Report => ({
  outcome: 'success',
  amount: 1500,
  currency: null,
  ownRef: null,
  upstreamRefs: REFS,
  answersOwnRef: false,
  ...extra,
});

/** A settled payment record (as the ledger stores it: the amount as text). */
const settledAt = (amount: number, currency = 'KES'): LinkPaymentRecord => ({
  status: 'succeeded',
  amount: String(amount),
  currency,
});

/** Judges `r` as the first report of payment SBX-1 (`row`: its record so far). */
const first = (link: typeof LINK | typeof OPEN | null, r: Report, row?: LinkPaymentRecord) =>
  judge(r, linkExpected(link, row, 'SBX-1', NO_REFS, r.upstreamRefs));

describe('link payments judged by worker/payment/judge.ts', () => {
  it('our link: exactly its amount and currency pays; more, less or another currency is a mismatch', () => {
    expect(first(LINK, report()).event).toBe('confirmed_success');
    for (const extra of [{ amount: 1600 }, { amount: 1400 }, { currency: 'UGX' }]) {
      const judged = first(LINK, report(extra));
      expect([judged.event, judged.overpaid], JSON.stringify(extra)).toEqual([
        'confirmed_mismatch',
        null,
      ]);
    }
  });

  it('our link: a success without an amount is unknown (its status is asked)', () => {
    const judged = first(LINK, report({ amount: null }));
    expect([judged.event, judged.needsAmount]).toEqual(['still_unknown', true]);
  });

  it('a payer-chosen amount: any amount settles; later reports are compared with what was paid', () => {
    expect(first(OPEN, report({ amount: 730 })).event).toBe('confirmed_success');
    const later = first(OPEN, report({ amount: 999 }), settledAt(730));
    expect(later.differences).toEqual([{ field: 'amount', expected: 730, reported: 999 }]);
    expect(first(OPEN, report({ amount: 730 }), settledAt(730)).event).toBe('confirmed_success');
  });

  it('a link created elsewhere: its first final report settles; later ones compared with it', () => {
    expect(first(null, report({ amount: 42, currency: 'TZS' })).event).toBe('confirmed_success');
    const later = first(null, report({ amount: 900, currency: 'UGX' }), settledAt(1500));
    expect(later.differences).toEqual([
      { field: 'amount', expected: 1500, reported: 900 },
      { field: 'currency', expected: 'KES', reported: 'UGX' },
    ]);
  });

  it('a later report naming another reference of a role the payment was given is a mismatch', () => {
    const r = report({ upstreamRefs: { collection: ['SBX-OTHER'], transaction: ['SBX-1'] } });
    const judged = judge(r, linkExpected(LINK, undefined, 'SBX-1', REFS, r.upstreamRefs));
    expect(judged.differences.map((d) => d.field)).toEqual(['upstream_reference']);
  });

  it('a callback is read with the link id its URL names as our own reference', () => {
    const read = callbackRead(
      {
        payment_step: 2,
        status: 'success',
        statusCode: '000000',
        amount: '1500.00',
        reference: 'SBXT-1',
        depositId: 'SBX-1',
      },
      LINK.id,
    );
    expect(read).toMatchObject({
      outcome: 'success',
      amount: 1500,
      ownRef: LINK.id,
      upstreamRefs: { collection: ['SBX-1'], transaction: ['SBXT-1'] },
    });
    expect(first(LINK, read).event).toBe('confirmed_success');
  });
});
