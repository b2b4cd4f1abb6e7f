// The one matching rule of every payment (worker/payment/judge.ts; docs/design.md, "Money
// rules", rules 4 and 5): amounts by rule, currency, our own reference first, then upstream
// references by role; what a report leaves out is never a match.
import { describe, expect, it } from 'vitest';
import { judge, NO_REFS, type Expected, type Report } from '../../worker/payment/judge';

const expected: Expected = {
  amount: 1500,
  currency: 'KES',
  amountRule: 'exact_or_overpaid',
  ownRef: 'cs_1.1',
  knownRefs: { collection: ['SBX-1'], transaction: [] },
};

const success: Report = {
  outcome: 'success',
  amount: 1500,
  currency: null,
  ownRef: 'cs_1.1',
  upstreamRefs: { collection: ['SBX-1'], transaction: ['SBXT-1'] },
  answersOwnRef: false,
};

describe('judge', () => {
  it('a matching success learns the references of a role it did not know', () => {
    const judged = judge(success, expected);
    expect(judged.event).toBe('confirmed_success');
    expect(judged.learnt).toEqual({ collection: [], transaction: ['SBXT-1'] });
  });

  it('amounts: exact, overpaid, reversed excess, payouts exact both ways', () => {
    expect(judge({ ...success, amount: 1499 }, expected).differences).toEqual([
      { field: 'amount', expected: 1500, reported: 1499 },
    ]);
    const over = judge({ ...success, amount: 2000 }, expected);
    expect(over.event).toBe('confirmed_success');
    expect(over.overpaid).toEqual({ expected: 1500, reported: 2000 });
    const ngn = judge({ ...success, amount: 2000 }, { ...expected, amountRule: 'reversed_excess' });
    expect([ngn.event, ngn.overpaid]).toEqual(['confirmed_success', null]);
    const payout = judge({ ...success, amount: 2000 }, { ...expected, amountRule: 'exact' });
    expect(payout.event).toBe('confirmed_mismatch');
  });

  it('a success without an amount is unknown, not a match', () => {
    const judged = judge({ ...success, amount: null }, expected);
    expect([judged.event, judged.needsAmount]).toEqual(['still_unknown', true]);
    // …but one naming a foreign reference is a mismatch whatever it leaves out.
    const foreign = { collection: ['SBX-9'], transaction: [] };
    expect(judge({ ...success, amount: null, upstreamRefs: foreign }, expected).event).toBe(
      'confirmed_mismatch',
    );
  });

  it('references: our own first, then a role we were given must name one of ours', () => {
    expect(judge({ ...success, ownRef: 'cs_2.1' }, expected).event).toBe('confirmed_mismatch');
    const foreign = { collection: ['SBX-9'], transaction: ['SBXT-1'] };
    expect(judge({ ...success, upstreamRefs: foreign }, expected).differences).toEqual([
      { field: 'upstream_reference', expected: 'SBX-1', reported: 'SBX-9' },
    ]);
    // Only a role we know nothing of: nothing to compare, a status query first.
    const unknownRole = { collection: [], transaction: ['SBXT-7'] };
    const waits = judge({ ...success, upstreamRefs: unknownRole }, expected);
    expect([waits.event, waits.needsRefs]).toEqual(['still_unknown', true]);
    // Nothing given at all (the create's answer was lost): the same.
    expect(judge(success, { ...expected, knownRefs: NO_REFS }).needsRefs).toBe(true);
    // A status record answers a query by our own reference: its references are ours.
    const record = { ...success, upstreamRefs: unknownRole, answersOwnRef: true };
    expect(judge(record, expected).event).toBe('confirmed_success');
  });

  it('currency: compared when reported, case-insensitive', () => {
    expect(judge({ ...success, currency: 'kes' }, expected).event).toBe('confirmed_success');
    expect(judge({ ...success, currency: 'UGX' }, expected).event).toBe('confirmed_mismatch');
  });

  it('failures and unknown reports are not compared', () => {
    expect(judge({ ...success, outcome: 'failed', amount: null }, expected).event).toBe(
      'confirmed_failed',
    );
    expect(judge({ ...success, outcome: 'unknown' }, expected).event).toBe('still_unknown');
  });
});
