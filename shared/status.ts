/**
 * The money state machines (docs/design.md, "Money rules"), as pure functions: every change of
 * an attempt, a payout or a session goes through {@link nextAttemptStatus}, {@link nextInput} or
 * {@link nextSessionStatus}.
 *
 * Two ideas drive them:
 * - **Only the upstream settles money.** An attempt (or payout) leaves `pending` only on a
 *   verified upstream answer: a matching success, a success that does not match (`mismatch`),
 *   a failure (`failed`/`000005`, a refused create, a confirmed "not created"), or after a
 *   bounded horizon of unknown answers (`needs_review`, which a later answer still settles).
 * - **Our clocks only stop input.** OTP, redirect, prompt and virtual-account deadlines move the
 *   attempt's *input* flag (`awaiting` → `lapsed`), never its money status.
 *
 * Attempt: `pending` → `succeeded` | `failed` | `mismatch` | `needs_review` (→ a settled state).
 * Session: `open` → `pending` → `succeeded` | `failed` | `expired` | `requires_action`; an
 * attempt that releases the session (it settled without success, or its input lapsed) returns it
 * to `open`; an attempt that holds or may hold the payer's money without paying the session
 * (`mismatch`, `needs_review`, or `failed` then reported paid) makes it `requires_action`,
 * never `expired` or `failed` (even from there: money was heard); a
 * matching success completes a session that has no other success, even an expired or closed one.
 *
 * What one upstream report says (success, failure, unknown; matching our records) is read by
 * shared/money-report.ts, whose names are re-exported here.
 * @module
 */
import type { MoneyDifference, ReportedOutcome } from './money-report';

/** Every attempt status, the initial one first. */
export const ATTEMPT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'mismatch',
  'needs_review',
] as const;

/** An attempt (one upstream collection) or a payout: what the upstream did with the money. */
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * Whether the payer can still act on an attempt: `awaiting` (a code to enter, a prompt to
 * approve, an account to pay into), `given` (an accepted OTP, an approved redirect: only the
 * upstream's answer is missing), `lapsed` (the input window closed without the payer's input).
 */
export type AttemptInput = 'awaiting' | 'given' | 'lapsed';

/** Every session status, the initial one first. */
export const SESSION_STATUSES = [
  'open',
  'pending',
  'succeeded',
  'failed',
  'expired',
  'requires_action',
] as const;

/** A checkout session. */
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Every attempt event (see {@link AttemptEvent}). */
export const ATTEMPT_EVENTS = [
  'confirmed_success',
  'confirmed_mismatch',
  'confirmed_failed',
  'still_unknown',
  'horizon_reached',
] as const;

/**
 * What the upstream (or our patience) says about an attempt's money:
 * - `confirmed_success`: a verified success that matches our records (amount ≥ expected, the
 *   upstream reference we were given, the currency);
 * - `confirmed_mismatch`: a verified success that does not match them;
 * - `confirmed_failed`: `failed`/`000005`, a refused create, or a confirmed "not created";
 * - `still_unknown`: pending, `000006`, no answer, an unreadable answer;
 * - `horizon_reached`: we asked for long enough; a person must look.
 */
export type AttemptEvent = (typeof ATTEMPT_EVENTS)[number];

/**
 * A report that contradicts what is already settled (the status does not change; the merchant
 * gets an anomaly event):
 * - `success_after_failure`: money taken for an attempt the upstream had declared failed;
 * - `failure_after_success`: a failure for an attempt the upstream had declared paid;
 * - `mismatch`: the attempt itself became `mismatch` (reported when it happens);
 * - `needs_review`: the attempt reached the horizon without an answer;
 * - `unmatched_failure`: a failure naming a reference we were never given for this payment
 *   (worker/payment/judge.ts): it is not this payment's failure, and changes nothing.
 */
export type AttemptAnomaly =
  | 'success_after_failure'
  | 'failure_after_success'
  | 'mismatch'
  | 'needs_review'
  | 'unmatched_failure';

/** The result of applying one event. */
export interface Transition<S, A> {
  /** The status after the event (the same one when nothing changed). */
  status: S;
  /** True when `status` differs from the status before. */
  changed: boolean;
  /** Set when the event must be reported to the merchant as an anomaly. */
  anomaly?: A;
}

/**
 * True when an attempt's money is settled (the upstream answered for good). `needs_review`
 * is not settled: a later upstream answer still settles it.
 *
 * @example
 * isSettledAttempt('mismatch'); // true
 * isSettledAttempt('needs_review'); // false
 */
export function isSettledAttempt(status: AttemptStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'mismatch';
}

/** True while the upstream may still settle an attempt (`pending` or `needs_review`). */
export function isUnsettledAttempt(status: AttemptStatus): boolean {
  return !isSettledAttempt(status);
}

const UNSETTLED_TARGET: Readonly<Record<AttemptEvent, AttemptStatus | null>> = {
  confirmed_success: 'succeeded',
  confirmed_mismatch: 'mismatch',
  confirmed_failed: 'failed',
  still_unknown: null,
  horizon_reached: 'needs_review',
};

/**
 * The attempt (and payout) state machine. `pending` and `needs_review` move to the upstream's
 * answer (`needs_review` ignores further unknowns); settled states absorb every event,
 * reporting the contradictions as an {@link AttemptAnomaly}.
 *
 * @example
 * nextAttemptStatus('pending', 'confirmed_success'); // { status: 'succeeded', changed: true }
 * nextAttemptStatus('pending', 'confirmed_mismatch');
 * // { status: 'mismatch', changed: true, anomaly: 'mismatch' }
 * nextAttemptStatus('failed', 'confirmed_success');
 * // { status: 'failed', changed: false, anomaly: 'success_after_failure' }
 */
export function nextAttemptStatus(
  status: AttemptStatus,
  event: AttemptEvent,
): Transition<AttemptStatus, AttemptAnomaly> {
  if (!isSettledAttempt(status)) {
    const target = UNSETTLED_TARGET[event];
    if (target === null || target === status) return { status, changed: false };
    if (target === 'mismatch') return { status: target, changed: true, anomaly: 'mismatch' };
    if (target === 'needs_review') {
      return { status: target, changed: true, anomaly: 'needs_review' };
    }
    return { status: target, changed: true };
  }
  if (status === 'failed' && (event === 'confirmed_success' || event === 'confirmed_mismatch')) {
    return { status, changed: false, anomaly: 'success_after_failure' };
  }
  if (status !== 'failed' && event === 'confirmed_failed') {
    return { status, changed: false, anomaly: 'failure_after_success' };
  }
  return { status, changed: false };
}

/**
 * The payout (money out) machine: the attempt machine, except that a verified success for a
 * `failed` payout reopens it, to `succeeded` (or `mismatch` when it disagrees with our
 * records), with the `success_after_failure` anomaly: the upstream's definite answer is that
 * the money left, so a refund it pays holds its amount again. Money in keeps the attempt
 * machine (a session settles a success after a failure its own way).
 *
 * @example
 * nextPayoutStatus('failed', 'confirmed_success');
 * // { status: 'succeeded', changed: true, anomaly: 'success_after_failure' }
 * nextPayoutStatus('succeeded', 'confirmed_failed');
 * // { status: 'succeeded', changed: false, anomaly: 'failure_after_success' }
 */
export function nextPayoutStatus(
  status: AttemptStatus,
  event: AttemptEvent,
): Transition<AttemptStatus, AttemptAnomaly> {
  const step = nextAttemptStatus(status, event);
  if (step.anomaly !== 'success_after_failure') return step;
  const reopened = event === 'confirmed_success' ? 'succeeded' : 'mismatch';
  return { status: reopened, changed: true, anomaly: 'success_after_failure' };
}

/**
 * The anomaly a report raises on a payout or payment-link payment: the machine's, or `mismatch`
 * when a payment already paid is reported paid again with another amount, currency or
 * reference (sessions report that as their own `second_success` instead).
 *
 * @example
 * paymentReportAnomaly('succeeded', 'confirmed_mismatch'); // 'mismatch'
 * paymentReportAnomaly('failed', 'confirmed_success'); // 'success_after_failure'
 */
export function paymentReportAnomaly(
  status: AttemptStatus,
  event: AttemptEvent,
): AttemptAnomaly | null {
  const step = nextAttemptStatus(status, event);
  if (step.anomaly) return step.anomaly;
  return status === 'succeeded' && event === 'confirmed_mismatch' ? 'mismatch' : null;
}

/**
 * The anomaly of a verified report of money on an attempt already paid (`succeeded` or
 * `mismatch`, which the machine does not move; or `failed` with money counted before this
 * report: a success after its failure already was), once counted
 * (worker/payment/money-count.ts): more money on a movement already counted is `overpaid` (the
 * extra is refundable), a new movement is `second_success` (all of it is); a report adding
 * nothing is no anomaly. The first money on a failed attempt is `success_after_failure`
 * instead (the machine's anomaly).
 *
 * @example
 * paidAgainAnomaly('succeeded', { added: 200, repeat: true }); // 'overpaid'
 * paidAgainAnomaly('succeeded', { added: 1000, repeat: false }); // 'second_success'
 * paidAgainAnomaly('succeeded', { added: 0, repeat: true }); // null
 * paidAgainAnomaly('failed', { added: 1200, repeat: false }, true); // 'second_success'
 * paidAgainAnomaly('failed', { added: 1000, repeat: false }, false); // null
 */
export function paidAgainAnomaly(
  status: AttemptStatus,
  counted: { added: number; repeat: boolean },
  countedBefore = false,
): 'overpaid' | 'second_success' | null {
  const paid =
    status === 'succeeded' || status === 'mismatch' || (status === 'failed' && countedBefore);
  if (!paid || counted.added <= 0) return null;
  return counted.repeat ? 'overpaid' : 'second_success';
}

/**
 * True when an attempt holds the payer's money without paying the session, so the shop must
 * act: {@link needsShop}, or an attempt `failed` whose money a later verified report counted
 * (a success after a failure: the machine keeps it `failed`, the money is there).
 *
 * @example
 * questionsMoney('failed', true); // true: the session becomes requires_action
 * questionsMoney('failed', false); // false
 */
export function questionsMoney(status: AttemptStatus, moneyCounted: boolean): boolean {
  return needsShop(status) || (status === 'failed' && moneyCounted);
}

/**
 * What can happen to an attempt's input: `input_given` (an OTP accepted, a redirect approved),
 * `input_lapsed` (its window closed, the OTP locked after wrong codes, the payer cancelled).
 */
export type InputEvent = 'input_given' | 'input_lapsed';

/**
 * The input flag: `awaiting` moves once, to `given` or `lapsed`; both absorb.
 *
 * @example
 * nextInput('awaiting', 'input_given'); // 'given'
 * nextInput('given', 'input_lapsed'); // 'given'
 */
export function nextInput(input: AttemptInput, event: InputEvent): AttemptInput {
  if (input !== 'awaiting') return input;
  return event === 'input_given' ? 'given' : 'lapsed';
}

/**
 * True when an attempt keeps its session `pending`: the upstream has not settled it and the
 * payer either can still act on it or already did (so paying again could charge twice).
 *
 * @example
 * holdsSession('pending', 'given'); // true
 * holdsSession('pending', 'lapsed'); // false: a new attempt may start
 */
export function holdsSession(status: AttemptStatus, input: AttemptInput): boolean {
  return status === 'pending' && input !== 'lapsed';
}

/**
 * True when an attempt's outcome needs the shop to look before the payer pays again: a success
 * that does not match our records, or one the upstream never confirmed.
 *
 * @example
 * needsShop('needs_review'); // true: no new attempt, the view says "contact the shop"
 */
export function needsShop(status: AttemptStatus): status is 'mismatch' | 'needs_review' {
  return status === 'mismatch' || status === 'needs_review';
}

/**
 * True while an attempt may hold the payer's money without having paid the session: not yet
 * settled (`pending`, `needs_review`) or paid with a difference (`mismatch`). A session with one
 * never says `expired` or `failed` (nobody paid).
 *
 * @example
 * mayHoldMoney('pending'); // true
 * mayHoldMoney('failed'); // false
 */
export function mayHoldMoney(status: AttemptStatus): boolean {
  return status === 'pending' || needsShop(status);
}

/** Every session event (see {@link SessionEvent}). */
export const SESSION_EVENTS = [
  'attempt_started',
  'attempt_succeeded',
  'attempt_released',
  'expire',
  'close',
  'money_in_question',
  'money_cleared',
] as const;

/**
 * What a session learns: `attempt_started`, `attempt_succeeded` (a matching success),
 * `attempt_released` (the attempt that held the session settled without success, reached
 * needs_review, or its input lapsed), `expire` (the session's time ran out, or the merchant
 * expired it, while open and no attempt may hold money), `close` (no attempts left), `money_in_question` (an attempt is
 * `mismatch` or `needs_review`, or was paid after it failed: the shop must refund or accept), `money_cleared` (no attempt is
 * any longer).
 */
export type SessionEvent = (typeof SESSION_EVENTS)[number];

/** A second matching success on a session already paid: a double payment (a refund case). */
export type SessionAnomaly = 'second_success';

/**
 * True when a session takes no new attempt and no new input. `expired` and `failed` can still
 * become `succeeded` when an attempt that was unsettled then settles paid.
 */
export function isTerminalSession(status: SessionStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'expired';
}

/**
 * True when a new attempt may start: the session is open (not held by an attempt, not final).
 */
export function canStartAttempt(status: SessionStatus): boolean {
  return status === 'open';
}

/**
 * The session state machine.
 * - `attempt_started`: `open` → `pending`;
 * - `attempt_succeeded`: any state but `succeeded` → `succeeded` (a late success completes a
 *   session with no other success); `succeeded` reports `second_success`;
 * - `attempt_released`: `pending` → `open`;
 * - `expire`: `open` → `expired`; `close`: `open` → `failed`;
 * - `money_in_question`: `open`, `pending`, `expired` or `failed` → `requires_action` (money
 *   heard: nobody-paid states no longer hold); `money_cleared`: `requires_action` → `open`.
 * Any other pair changes nothing.
 *
 * @example
 * nextSessionStatus('open', 'attempt_started'); // { status: 'pending', changed: true }
 * nextSessionStatus('expired', 'attempt_succeeded'); // { status: 'succeeded', changed: true }
 * nextSessionStatus('succeeded', 'attempt_succeeded');
 * // { status: 'succeeded', changed: false, anomaly: 'second_success' }
 */
export function nextSessionStatus(
  status: SessionStatus,
  event: SessionEvent,
): Transition<SessionStatus, SessionAnomaly> {
  if (event === 'attempt_succeeded') {
    return status === 'succeeded'
      ? { status, changed: false, anomaly: 'second_success' }
      : { status: 'succeeded', changed: true };
  }
  const next: SessionStatus | null =
    event === 'attempt_started' && status === 'open'
      ? 'pending'
      : event === 'attempt_released' && status === 'pending'
        ? 'open'
        : event === 'expire' && status === 'open'
          ? 'expired'
          : event === 'close' && status === 'open'
            ? 'failed'
            : event === 'money_in_question' &&
                status !== 'succeeded' &&
                status !== 'requires_action'
              ? 'requires_action'
              : event === 'money_cleared' && status === 'requires_action'
                ? 'open'
                : null;
  return next === null ? { status, changed: false } : { status: next, changed: true };
}

/**
 * The attempt event for one report: a success becomes `confirmed_success` or, when it does not
 * match our records, `confirmed_mismatch`.
 *
 * @example
 * reportEvent('success', []); // 'confirmed_success'
 * reportEvent('failed', []); // 'confirmed_failed'
 * reportEvent('unknown', []); // 'still_unknown'
 */
export function reportEvent(
  outcome: ReportedOutcome,
  differences: readonly MoneyDifference[],
): AttemptEvent {
  if (outcome === 'success') {
    return differences.length === 0 ? 'confirmed_success' : 'confirmed_mismatch';
  }
  return outcome === 'failed' ? 'confirmed_failed' : 'still_unknown';
}

export * from './money-report';
