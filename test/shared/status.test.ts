import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_EVENTS,
  ATTEMPT_STATUSES,
  canStartAttempt,
  isStatusCode,
  isTerminalAttempt,
  isTerminalSession,
  nextAttemptStatus,
  nextSessionStatus,
  SESSION_EVENTS,
  SESSION_STATUSES,
  sessionEventForAttempt,
  statusEventFromCode,
  statusFromCode,
  StatusCode,
  type AttemptEvent,
  type AttemptStatus,
  type SessionEvent,
  type SessionStatus,
} from '../../shared/status';

/**
 * Every (status, event) pair of the attempt machine, written out: `to` or `to!anomaly`.
 * Columns: callback_success, callback_failed, status_success, status_failed, status_timeout,
 * status_pending, otp_expired, account_expired, create_rejected.
 */
const ATTEMPT_TABLE: Record<AttemptStatus, Record<AttemptEvent, string>> = {
  pending: {
    callback_success: 'succeeded',
    callback_failed: 'failed',
    status_success: 'succeeded',
    status_failed: 'failed',
    status_timeout: 'timed_out',
    status_pending: 'pending',
    otp_expired: 'expired',
    account_expired: 'expired',
    create_rejected: 'failed',
  },
  succeeded: {
    callback_success: 'succeeded',
    callback_failed: 'succeeded!failure_after_success',
    status_success: 'succeeded',
    status_failed: 'succeeded!failure_after_success',
    status_timeout: 'succeeded!failure_after_success',
    status_pending: 'succeeded',
    otp_expired: 'succeeded',
    account_expired: 'succeeded',
    create_rejected: 'succeeded!failure_after_success',
  },
  failed: {
    callback_success: 'failed!success_after_terminal',
    callback_failed: 'failed',
    status_success: 'failed!success_after_terminal',
    status_failed: 'failed',
    status_timeout: 'failed',
    status_pending: 'failed',
    otp_expired: 'failed',
    account_expired: 'failed',
    create_rejected: 'failed',
  },
  timed_out: {
    callback_success: 'timed_out!success_after_terminal',
    callback_failed: 'timed_out',
    status_success: 'timed_out!success_after_terminal',
    status_failed: 'timed_out',
    status_timeout: 'timed_out',
    status_pending: 'timed_out',
    otp_expired: 'timed_out',
    account_expired: 'timed_out',
    create_rejected: 'timed_out',
  },
  expired: {
    callback_success: 'expired!success_after_terminal',
    callback_failed: 'expired',
    status_success: 'expired!success_after_terminal',
    status_failed: 'expired',
    status_timeout: 'expired',
    status_pending: 'expired',
    otp_expired: 'expired',
    account_expired: 'expired',
    create_rejected: 'expired',
  },
};

/** Every (status, event) pair of the session machine, written out: `to` or `to!anomaly`. */
const SESSION_TABLE: Record<SessionStatus, Record<SessionEvent, string>> = {
  open: {
    attempt_started: 'pending',
    attempt_succeeded: 'succeeded',
    attempt_failed: 'open',
    expire: 'expired',
    close: 'failed',
  },
  pending: {
    attempt_started: 'pending',
    attempt_succeeded: 'succeeded',
    attempt_failed: 'open',
    expire: 'expired',
    close: 'failed',
  },
  succeeded: {
    attempt_started: 'succeeded',
    attempt_succeeded: 'succeeded!second_success',
    attempt_failed: 'succeeded',
    expire: 'succeeded',
    close: 'succeeded',
  },
  failed: {
    attempt_started: 'failed',
    attempt_succeeded: 'failed!success_after_failure',
    attempt_failed: 'failed',
    expire: 'failed',
    close: 'failed',
  },
  expired: {
    attempt_started: 'expired',
    attempt_succeeded: 'expired!success_after_expiry',
    attempt_failed: 'expired',
    expire: 'expired',
    close: 'expired',
  },
};

function expected<S extends string>(from: S, cell: string) {
  const [to, anomaly] = cell.split('!') as [S, string | undefined];
  return anomaly === undefined
    ? { status: to, changed: to !== from }
    : { status: to, changed: to !== from, anomaly };
}

describe('the lists of states and events', () => {
  it('names every attempt event of the design', () => {
    expect([...ATTEMPT_EVENTS].sort()).toEqual(
      [
        'account_expired',
        'callback_failed',
        'callback_success',
        'create_rejected',
        'otp_expired',
        'status_failed',
        'status_pending',
        'status_success',
        'status_timeout',
      ].sort(),
    );
    expect(ATTEMPT_STATUSES).toEqual(['pending', 'succeeded', 'failed', 'timed_out', 'expired']);
    expect(SESSION_STATUSES).toEqual(['open', 'pending', 'succeeded', 'failed', 'expired']);
    expect(SESSION_EVENTS).toHaveLength(5);
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

  it('covers 5 × 9 pairs', () => expect(pairs).toHaveLength(45));

  it.each(pairs)('%s + %s', (status, event) => {
    expect(nextAttemptStatus(status, event)).toEqual(
      expected(status, ATTEMPT_TABLE[status][event]),
    );
  });

  it('terminal states absorb every event', () => {
    for (const status of ATTEMPT_STATUSES.filter(isTerminalAttempt)) {
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

  it('covers 5 × 5 pairs', () => expect(pairs).toHaveLength(25));

  it.each(pairs)('%s + %s', (status, event) => {
    expect(nextSessionStatus(status, event)).toEqual(
      expected(status, SESSION_TABLE[status][event]),
    );
  });

  it('terminal states absorb every event', () => {
    for (const status of SESSION_STATUSES.filter(isTerminalSession)) {
      for (const event of SESSION_EVENTS) {
        const result = nextSessionStatus(status, event);
        expect(result.status).toBe(status);
        expect(result.changed).toBe(false);
      }
    }
  });
});

describe('the machines under random event sequences', () => {
  it('an attempt, once terminal, never changes, and anomalies only come from terminal states', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ATTEMPT_EVENTS), { maxLength: 20 }), (events) => {
        let status: AttemptStatus = 'pending';
        let terminal: AttemptStatus | null = null;
        for (const event of events) {
          const result = nextAttemptStatus(status, event);
          if (terminal !== null) expect(result.status).toBe(terminal);
          if (result.anomaly !== undefined) expect(isTerminalAttempt(status)).toBe(true);
          expect(result.changed).toBe(result.status !== status);
          status = result.status;
          if (isTerminalAttempt(status)) terminal ??= status;
        }
      }),
    );
  });

  it('a session, once terminal, never changes, and a success reaching it is an anomaly', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SESSION_EVENTS), { maxLength: 20 }), (events) => {
        let status: SessionStatus = 'open';
        for (const event of events) {
          const result = nextSessionStatus(status, event);
          if (isTerminalSession(status)) {
            expect(result.status).toBe(status);
            expect(result.anomaly !== undefined).toBe(event === 'attempt_succeeded');
          } else {
            expect(result.anomaly).toBeUndefined();
          }
          status = result.status;
        }
      }),
    );
  });
});

describe('a payment story, attempt and session together', () => {
  it('a timeout returns the session to open, and a second attempt succeeds', () => {
    let session: SessionStatus = 'open';
    session = nextSessionStatus(session, 'attempt_started').status;
    const first = nextAttemptStatus('pending', 'status_timeout');
    expect(first.status).toBe('timed_out');
    session = nextSessionStatus(session, sessionEventForAttempt(first.status)!).status;
    expect(session).toBe('open');
    expect(canStartAttempt(session)).toBe(true);

    session = nextSessionStatus(session, 'attempt_started').status;
    expect(canStartAttempt(session)).toBe(false);
    const second = nextAttemptStatus('pending', 'callback_success');
    const final = nextSessionStatus(session, sessionEventForAttempt(second.status)!);
    expect(final).toEqual({ status: 'succeeded', changed: true });

    // The first attempt's late success: the attempt stays timed out, the session stays succeeded.
    expect(nextAttemptStatus(first.status, 'callback_success').anomaly).toBe(
      'success_after_terminal',
    );
    expect(nextSessionStatus(final.status, 'attempt_succeeded')).toEqual({
      status: 'succeeded',
      changed: false,
      anomaly: 'second_success',
    });
  });
});

describe('helpers', () => {
  it('isTerminalAttempt and isTerminalSession', () => {
    expect(ATTEMPT_STATUSES.filter(isTerminalAttempt)).toEqual([
      'succeeded',
      'failed',
      'timed_out',
      'expired',
    ]);
    expect(SESSION_STATUSES.filter(isTerminalSession)).toEqual(['succeeded', 'failed', 'expired']);
  });

  it('canStartAttempt only while open', () => {
    expect(SESSION_STATUSES.filter(canStartAttempt)).toEqual(['open']);
  });

  it('sessionEventForAttempt', () => {
    expect(sessionEventForAttempt('pending')).toBeNull();
    expect(sessionEventForAttempt('succeeded')).toBe('attempt_succeeded');
    expect(sessionEventForAttempt('failed')).toBe('attempt_failed');
    expect(sessionEventForAttempt('timed_out')).toBe('attempt_failed');
    expect(sessionEventForAttempt('expired')).toBe('attempt_failed');
  });

  it('statusFromCode and statusEventFromCode follow the spec’s codes', () => {
    expect(statusFromCode('000000')).toBe('succeeded');
    expect(statusFromCode('000001')).toBe('pending');
    expect(statusFromCode('000005')).toBe('failed');
    expect(statusFromCode('000006')).toBe('timed_out');
    expect(statusFromCode('000002')).toBeUndefined();
    expect(statusFromCode('')).toBeUndefined();
    expect(statusFromCode('toString')).toBeUndefined();
    expect(statusEventFromCode(StatusCode.SUCCESS)).toBe('status_success');
    expect(statusEventFromCode(StatusCode.PENDING)).toBe('status_pending');
    expect(statusEventFromCode(StatusCode.FAILED)).toBe('status_failed');
    expect(statusEventFromCode(StatusCode.TIMEOUT)).toBe('status_timeout');
    expect(statusEventFromCode('999999')).toBeUndefined();
  });

  it('isStatusCode', () => {
    expect(isStatusCode('000006')).toBe(true);
    expect(isStatusCode(6)).toBe(false);
    expect(isStatusCode('__proto__')).toBe(false);
  });
});
