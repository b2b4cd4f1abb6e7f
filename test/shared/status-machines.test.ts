import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callbackOutcome, isStatusCode, statusRecordOutcome } from '../../shared/money-report';
import {
  ATTEMPT_EVENTS,
  ATTEMPT_STATUSES,
  canStartAttempt,
  holdsSession,
  isSettledAttempt,
  isTerminalSession,
  nextAttemptStatus,
  nextInput,
  nextPayoutStatus,
  nextSessionStatus,
  paidAgainAnomaly,
  paymentReportAnomaly,
  questionsMoney,
  reportEvent,
  SESSION_EVENTS,
  SESSION_STATUSES,
  type AttemptEvent,
  type AttemptStatus,
  type SessionEvent,
  type SessionStatus,
} from '../../shared/status';

/**
 * Every (status, event) pair of the attempt machine, written out: `to` or `to!anomaly`.
 * Only the upstream's answer moves money; settled states absorb, reporting contradictions.
 */
const ATTEMPT_TABLE: Record<AttemptStatus, Record<AttemptEvent, string>> = {
  pending: {
    confirmed_success: 'succeeded',
    confirmed_mismatch: 'mismatch!mismatch',
    confirmed_failed: 'failed',
    still_unknown: 'pending',
    horizon_reached: 'needs_review!needs_review',
  },
  needs_review: {
    confirmed_success: 'succeeded',
    confirmed_mismatch: 'mismatch!mismatch',
    confirmed_failed: 'failed',
    still_unknown: 'needs_review',
    horizon_reached: 'needs_review',
  },
  succeeded: {
    confirmed_success: 'succeeded',
    confirmed_mismatch: 'succeeded',
    confirmed_failed: 'succeeded!failure_after_success',
    still_unknown: 'succeeded',
    horizon_reached: 'succeeded',
  },
  mismatch: {
    confirmed_success: 'mismatch',
    confirmed_mismatch: 'mismatch',
    confirmed_failed: 'mismatch!failure_after_success',
    still_unknown: 'mismatch',
    horizon_reached: 'mismatch',
  },
  failed: {
    confirmed_success: 'failed!success_after_failure',
    confirmed_mismatch: 'failed!success_after_failure',
    confirmed_failed: 'failed',
    still_unknown: 'failed',
    horizon_reached: 'failed',
  },
};

/** Every (status, event) pair of the session machine, written out: `to` or `to!anomaly`. */
const SESSION_TABLE: Record<SessionStatus, Record<SessionEvent, string>> = {
  open: {
    attempt_started: 'pending',
    attempt_succeeded: 'succeeded',
    attempt_released: 'open',
    expire: 'expired',
    close: 'failed',
    money_in_question: 'requires_action',
    money_cleared: 'open',
  },
  pending: {
    attempt_started: 'pending',
    attempt_succeeded: 'succeeded',
    attempt_released: 'open',
    expire: 'pending',
    close: 'pending',
    money_in_question: 'requires_action',
    money_cleared: 'pending',
  },
  succeeded: {
    attempt_started: 'succeeded',
    attempt_succeeded: 'succeeded!second_success',
    attempt_released: 'succeeded',
    expire: 'succeeded',
    close: 'succeeded',
    money_in_question: 'succeeded',
    money_cleared: 'succeeded',
  },
  failed: {
    attempt_started: 'failed',
    attempt_succeeded: 'succeeded',
    attempt_released: 'failed',
    expire: 'failed',
    close: 'failed',
    money_in_question: 'requires_action',
    money_cleared: 'failed',
  },
  expired: {
    attempt_started: 'expired',
    attempt_succeeded: 'succeeded',
    attempt_released: 'expired',
    expire: 'expired',
    close: 'expired',
    money_in_question: 'requires_action',
    money_cleared: 'expired',
  },
  requires_action: {
    attempt_started: 'requires_action',
    attempt_succeeded: 'succeeded',
    attempt_released: 'requires_action',
    expire: 'requires_action',
    close: 'requires_action',
    money_in_question: 'requires_action',
    money_cleared: 'open',
  },
};

function expected<S extends string>(from: S, cell: string) {
  const [to, anomaly] = cell.split('!') as [S, string | undefined];
  return anomaly === undefined
    ? { status: to, changed: to !== from }
    : { status: to, changed: to !== from, anomaly };
}

describe('the lists of states and events', () => {
  it('names the states and events of the money rules', () => {
    expect(ATTEMPT_STATUSES).toEqual([
      'pending',
      'succeeded',
      'failed',
      'mismatch',
      'needs_review',
    ]);
    expect([...ATTEMPT_EVENTS].sort()).toEqual(
      [
        'confirmed_failed',
        'confirmed_mismatch',
        'confirmed_success',
        'horizon_reached',
        'still_unknown',
      ].sort(),
    );
    expect(SESSION_STATUSES).toEqual([
      'open',
      'pending',
      'succeeded',
      'failed',
      'expired',
      'requires_action',
    ]);
    expect(SESSION_EVENTS).toHaveLength(7);
  });

  it('has a table row for every state and a cell for every event', () => {
    expect(Object.keys(ATTEMPT_TABLE).sort()).toEqual([...ATTEMPT_STATUSES].sort());
    for (const row of Object.values(ATTEMPT_TABLE)) {
      expect(Object.keys(row).sort()).toEqual([...ATTEMPT_EVENTS].sort());
    }
    expect(Object.keys(SESSION_TABLE).sort()).toEqual([...SESSION_STATUSES].sort());
    for (const row of Object.values(SESSION_TABLE)) {
      expect(Object.keys(row).sort()).toEqual([...SESSION_EVENTS].sort());
    }
  });
});

describe('nextAttemptStatus over every (status, event) pair', () => {
  const pairs = ATTEMPT_STATUSES.flatMap((status) =>
    ATTEMPT_EVENTS.map((event) => [status, event] as const),
  );

  it('covers 5 × 5 pairs', () => expect(pairs).toHaveLength(25));

  it.each(pairs)('%s + %s', (status, event) => {
    expect(nextAttemptStatus(status, event)).toEqual(
      expected(status, ATTEMPT_TABLE[status][event]),
    );
  });

  it('settled states absorb every event', () => {
    for (const status of ATTEMPT_STATUSES.filter(isSettledAttempt)) {
      for (const event of ATTEMPT_EVENTS) {
        const result = nextAttemptStatus(status, event);
        expect(result.status).toBe(status);
        expect(result.changed).toBe(false);
      }
    }
  });
});

describe('nextSessionStatus over every (status, event) pair', () => {
  const pairs = SESSION_STATUSES.flatMap((status) =>
    SESSION_EVENTS.map((event) => [status, event] as const),
  );

  it('covers 6 × 7 pairs', () => expect(pairs).toHaveLength(42));

  it.each(pairs)('%s + %s', (status, event) => {
    expect(nextSessionStatus(status, event)).toEqual(
      expected(status, SESSION_TABLE[status][event]),
    );
  });
});

describe('the machines under random event sequences', () => {
  it('an attempt never leaves a settled state, and never becomes pending again', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ATTEMPT_EVENTS), { maxLength: 20 }), (events) => {
        let status: AttemptStatus = 'pending';
        let settled: AttemptStatus | null = null;
        for (const event of events) {
          const result = nextAttemptStatus(status, event);
          if (settled !== null) expect(result.status).toBe(settled);
          if (status !== 'pending') expect(result.status).not.toBe('pending');
          expect(result.changed).toBe(result.status !== status);
          status = result.status;
          if (isSettledAttempt(status)) settled ??= status;
        }
      }),
    );
  });

  it('only a success ends a succeeded session, and a second one is an anomaly', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SESSION_EVENTS), { maxLength: 20 }), (events) => {
        let status: SessionStatus = 'open';
        let successes = 0;
        for (const event of events) {
          const result = nextSessionStatus(status, event);
          if (event === 'attempt_succeeded') successes += 1;
          expect(result.status === 'succeeded').toBe(successes > 0);
          expect(result.anomaly !== undefined).toBe(event === 'attempt_succeeded' && successes > 1);
          status = result.status;
        }
      }),
    );
  });
});

describe('input never settles money', () => {
  it('awaiting moves once; given and lapsed absorb', () => {
    expect(nextInput('awaiting', 'input_given')).toBe('given');
    expect(nextInput('awaiting', 'input_lapsed')).toBe('lapsed');
    expect(nextInput('given', 'input_lapsed')).toBe('given');
    expect(nextInput('lapsed', 'input_given')).toBe('lapsed');
  });

  it('an unsettled attempt holds its session unless its input lapsed', () => {
    expect(holdsSession('pending', 'awaiting')).toBe(true);
    expect(holdsSession('pending', 'given')).toBe(true);
    expect(holdsSession('pending', 'lapsed')).toBe(false);
    for (const status of ['succeeded', 'failed', 'mismatch', 'needs_review'] as const) {
      expect(holdsSession(status, 'given')).toBe(false);
    }
    expect(SESSION_STATUSES.filter(canStartAttempt)).toEqual(['open']);
    expect(SESSION_STATUSES.filter(isTerminalSession)).toEqual(['succeeded', 'failed', 'expired']);
  });
});

describe('what a report says', () => {
  it('callbacks: only payment_step 2 with success+000000 or failed+000005 is final', () => {
    expect(callbackOutcome({ payment_step: 2, status: 'success', statusCode: '000000' })).toBe(
      'success',
    );
    expect(callbackOutcome({ payment_step: 2, status: 'failed', statusCode: '000005' })).toBe(
      'failed',
    );
    expect(callbackOutcome({ payment_step: 2, status: 'failed', statusCode: '000006' })).toBe(
      'unknown',
    );
    expect(callbackOutcome({ payment_step: 1, status: 'success', statusCode: '000000' })).toBe(
      'unknown',
    );
    expect(callbackOutcome({ payment_step: 2, status: 'pending', statusCode: '000001' })).toBe(
      'unknown',
    );
    expect(callbackOutcome({ payment_step: 2, status: 'success', statusCode: '000005' })).toBe(
      'unknown',
    );
  });

  it('status records: 000006 and pending are not final, contradictions say nothing', () => {
    expect(statusRecordOutcome({ status: 'success', status_code: '000000' })).toBe('success');
    expect(statusRecordOutcome({ status: 'failed', status_code: '000005' })).toBe('failed');
    expect(statusRecordOutcome({ status: 'failed', status_code: '000006' })).toBe('unknown');
    expect(statusRecordOutcome({ status: 'pending', status_code: '000001' })).toBe('unknown');
    expect(statusRecordOutcome({ status: 'failed', status_code: '000000' })).toBe('unknown');
    expect(statusRecordOutcome({ status: 'success', status_code: 'toString' })).toBe('unknown');
    expect(isStatusCode('000006')).toBe(true);
    expect(isStatusCode('__proto__')).toBe(false);
  });

  it('reportEvent', () => {
    expect(reportEvent('success', [])).toBe('confirmed_success');
    expect(reportEvent('success', [{ field: 'amount', expected: 2, reported: 1 }])).toBe(
      'confirmed_mismatch',
    );
    expect(reportEvent('failed', [])).toBe('confirmed_failed');
    expect(reportEvent('unknown', [])).toBe('still_unknown');
  });
});

describe('a payment story, attempt and session together', () => {
  it('a prompt left unanswered lets the payer start again; both settling paid is one success and one anomaly', () => {
    let session: SessionStatus = nextSessionStatus('open', 'attempt_started').status;
    // The first prompt's window closes without an answer: the session is released, the money
    // stays unknown.
    expect(holdsSession('pending', nextInput('awaiting', 'input_lapsed'))).toBe(false);
    session = nextSessionStatus(session, 'attempt_released').status;
    expect(canStartAttempt(session)).toBe(true);
    session = nextSessionStatus(session, 'attempt_started').status;
    const late = nextAttemptStatus('pending', 'confirmed_success');
    expect(late.status).toBe('succeeded');
    const first = nextSessionStatus(session, 'attempt_succeeded');
    expect(first).toEqual({ status: 'succeeded', changed: true });
    expect(nextSessionStatus(first.status, 'attempt_succeeded')).toEqual({
      status: 'succeeded',
      changed: false,
      anomaly: 'second_success',
    });
  });
});

describe('paymentReportAnomaly (payouts and payment-link payments)', () => {
  it("is the machine's anomaly, plus mismatch for a paid payment reported paid differently", () => {
    for (const status of ATTEMPT_STATUSES) {
      for (const event of ATTEMPT_EVENTS) {
        const machine = nextAttemptStatus(status, event).anomaly ?? null;
        const expected =
          machine ?? (status === 'succeeded' && event === 'confirmed_mismatch' ? 'mismatch' : null);
        expect(paymentReportAnomaly(status, event), `${status} + ${event}`).toBe(expected);
      }
    }
    expect(paymentReportAnomaly('succeeded', 'confirmed_mismatch')).toBe('mismatch');
    expect(paymentReportAnomaly('succeeded', 'confirmed_success')).toBeNull();
    expect(paymentReportAnomaly('failed', 'confirmed_success')).toBe('success_after_failure');
  });
});

describe('nextPayoutStatus (money out)', () => {
  it('is the attempt machine, except that a success reopens a failed payout', () => {
    for (const status of ATTEMPT_STATUSES) {
      for (const event of ATTEMPT_EVENTS) {
        const attempt = nextAttemptStatus(status, event);
        const payout = nextPayoutStatus(status, event);
        if (status === 'failed' && attempt.anomaly === 'success_after_failure') {
          expect(payout, `${status} + ${event}`).toEqual({
            status: event === 'confirmed_success' ? 'succeeded' : 'mismatch',
            changed: true,
            anomaly: 'success_after_failure',
          });
        } else {
          expect(payout, `${status} + ${event}`).toEqual(attempt);
        }
      }
    }
  });
});

describe('money heard on an attempt the machine does not move', () => {
  it('a paid attempt reported paid again: overpaid for more on the same movement, second_success for a new one', () => {
    for (const status of ['succeeded', 'mismatch'] as const) {
      expect(paidAgainAnomaly(status, { added: 200, repeat: true })).toBe('overpaid');
      expect(paidAgainAnomaly(status, { added: 1000, repeat: false })).toBe('second_success');
      expect(paidAgainAnomaly(status, { added: 0, repeat: true })).toBeNull();
    }
    for (const status of ['pending', 'failed', 'needs_review'] as const) {
      expect(paidAgainAnomaly(status, { added: 1000, repeat: false })).toBeNull();
    }
  });

  it('a failed attempt already reported paid after its failure: more money is paid again too', () => {
    expect(paidAgainAnomaly('failed', { added: 1200, repeat: false }, true)).toBe('second_success');
    expect(paidAgainAnomaly('failed', { added: 200, repeat: true }, true)).toBe('overpaid');
    expect(paidAgainAnomaly('failed', { added: 0, repeat: true }, true)).toBeNull();
    // Its first money is the machine's success_after_failure, not a second payment.
    expect(paidAgainAnomaly('failed', { added: 1000, repeat: false }, false)).toBeNull();
    expect(paidAgainAnomaly('pending', { added: 1000, repeat: false }, true)).toBeNull();
  });

  it('a failed attempt whose money was counted questions the session, as mismatch and needs_review do', () => {
    for (const status of ATTEMPT_STATUSES) {
      const shop = status === 'mismatch' || status === 'needs_review';
      expect(questionsMoney(status, false), status).toBe(shop);
      expect(questionsMoney(status, true), status).toBe(shop || status === 'failed');
    }
  });
});
