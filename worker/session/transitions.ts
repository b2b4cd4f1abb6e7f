/**
 * Every write of a session's or an attempt's `status`, and of an attempt's input flag: the
 * initial rows, then each change through the machines of shared/status.ts (docs/design.md,
 * "Money rules"). The status writes are the only SQL here (test/scripts/status-writes.test.ts
 * keeps them here); the rows and the input flag are written through worker/session/store.ts. An attempt's money status changes only in {@link transition}, on the
 * upstream's answer matched against our records; our deadlines only close the payer's input
 * ({@link setInput}).
 * @module
 */
import type { MoneyDifference, ReportedMoney } from '../../shared/money-report';
import {
  ATTEMPT_STATUSES,
  SESSION_STATUSES,
  holdsSession,
  mayHoldMoney,
  nextAttemptStatus,
  nextInput,
  nextSessionStatus,
  paidAgainAnomaly,
  questionsMoney,
  type AttemptAnomaly,
  type AttemptEvent,
  type InputEvent,
  type SessionEvent,
} from '../../shared/status';
import type { LapseReason } from '../../shared/view';
import type { Counted } from '../payment/money-count';
import { countReported, moneyRecords } from '../payment/money-store';
import { LAPSE_BY_KIND, windowCloses } from './as-of';
import type { SessionContext } from './context';
import { MAX_ATTEMPTS } from './public-view';
import type { AttemptRow, SessionInit, SessionStore } from './store';
import { queueAnomaly, queueWebhook, type AnomalyDetail } from './webhooks';

/** Codes of a refusal of the shop's configuration: no payer's failure, so no checkout.failed
 * (an integration.error says it). */
const INTEGRATION_FAILURES: ReadonlySet<string | null> = new Set([
  'MERCHANT_UNAVAILABLE',
  'UPSTREAM_AUTH',
]);

/** What settles an attempt besides its event: the failure it reports, what a success said. */
export interface TransitionDetail {
  failure?: { code: string | null; message: string | null } | null;
  reported?: ReportedMoney | null;
  differences?: MoneyDifference[];
  /** A matching success paid above the amount (a collection other than an NGN virtual
   * account): a success, and one `checkout.anomaly` `overpaid`. */
  overpaid?: { expected: number; reported: number } | null;
  /** For a success naming its amount: what the upstream kept, with the references the report
   * names (counted on the attempt, worker/payment/money-count.ts), and where it was heard. */
  kept?: { amount: number; currency: string | null; refs: string[]; source: string } | null;
}

/** Writes the session row, in the machine's initial status (the caller opened the tables). */
export function openSession(
  cx: SessionContext,
  input: SessionInit,
  terms: { fingerprint: string; subMerchantId: string | null; now: number; expiresAt: number },
): void {
  cx.store.insertSession(input, SESSION_STATUSES[0], terms);
}

/** Writes a new attempt in the machine's initial status and lets it hold the session. */
export function openAttempt(
  cx: SessionContext,
  row: Pick<
    AttemptRow,
    'id' | 'n' | 'country_id' | 'method' | 'kind' | 'mobile_masked' | 'next' | 'expires_at'
  >,
  now: number,
): void {
  cx.store.insertAttempt(row, ATTEMPT_STATUSES[0], now);
  sessionEvent(cx.store, 'attempt_started');
}

/** The failure an attempt's new status records. */
function failureOf(
  status: AttemptRow['status'],
  detail: TransitionDetail,
): { code: string | null; message: string } | null {
  switch (status) {
    case 'succeeded':
      return null;
    case 'mismatch':
      return { code: 'MISMATCH', message: mismatchMessage(detail.differences ?? []) };
    case 'needs_review':
      return {
        code: 'NEEDS_REVIEW',
        message: 'The payment service has not confirmed this payment; the shop must check it.',
      };
    default:
      return {
        code: detail.failure?.code ?? null,
        message: detail.failure?.message ?? 'The payment failed.',
      };
  }
}

/**
 * The one function that changes an attempt's money status: applies the event through the
 * attempt machine, records the anomaly it reports, then the session's consequence, and pushes
 * the new view. Settled states absorb; contradictions become `checkout.anomaly`.
 *
 * @example
 * transition(cx, attemptId, 'confirmed_failed', { failure: { code: null, message: 'Refused.' } });
 */
export function transition(
  cx: SessionContext,
  attemptId: string,
  event: AttemptEvent,
  detail: TransitionDetail,
): void {
  const row = cx.store.attempt(attemptId);
  const session = cx.store.session();
  if (!row || !session) return;
  const step = nextAttemptStatus(row.status, event);
  const counted = countKept(cx.store, row, event, detail);
  const refundable =
    counted && counted.added > 0
      ? { amount: counted.added, currency: counted.record.currency }
      : null;
  const anomaly = (
    kind: AnomalyDetail['kind'],
    target: AttemptRow,
    message: string,
    extra: Pick<AnomalyDetail, 'refundable' | 'seq' | 'differences'> = {},
  ) =>
    queueAnomaly(cx, target, {
      kind,
      message,
      expected: {
        amount: session.amount,
        currency: session.currency,
        upstream_reference: target.create_ref ?? target.upstream_ref,
      },
      reported: detail.reported ?? null,
      differences: detail.differences ?? [],
      ...extra,
    });
  if (!step.changed) {
    cx.log('event_absorbed', attemptId, { event, status: row.status });
    if (step.anomaly) {
      const paidBack = step.anomaly === 'success_after_failure' ? { refundable } : {};
      anomaly(step.anomaly, row, anomalyMessage(step.anomaly, row.status), paidBack);
    }
    // Money counted before this report (a movement grown, or another one after the first):
    // on a failed attempt, the first money is its success_after_failure, more is paid again.
    const countedBefore = counted !== null && (counted.repeat || counted.record.seq > 1);
    const again = counted ? paidAgainAnomaly(row.status, counted, countedBefore) : null;
    if (again && counted) {
      anomaly(again, row, paidAgainMessage(again, counted), {
        refundable,
        seq: `${counted.record.seq}_${counted.record.amount}`,
      });
    }
    // Money heard on a settled attempt: the session's books and state follow.
    if (refundable) settleSession(cx);
    cx.bump();
    return;
  }
  const failure = failureOf(step.status, detail);
  cx.store.sql.exec(
    `UPDATE attempts SET status = ?, failure_code = ?, failure_message = ?,
       reported = COALESCE(?, reported), updated_at = ? WHERE id = ?`,
    step.status,
    failure?.code ?? null,
    failure?.message ?? null,
    detail.reported
      ? JSON.stringify({ ...detail.reported, differences: detail.differences ?? [] })
      : null,
    Date.now(),
    attemptId,
  );
  cx.log('attempt_' + step.status, attemptId, { event, amount: detail.reported?.amount ?? null });
  cx.tasks.cancel(`reconcile:${attemptId}`);
  cx.tasks.cancel(`input:${attemptId}`);
  const updated = cx.store.attempt(attemptId)!;
  if (step.anomaly) anomaly(step.anomaly, updated, failure?.message ?? 'Anomaly.', { refundable });
  if (step.status === 'succeeded') {
    const result = sessionEvent(cx.store, 'attempt_succeeded');
    if (result.anomaly) {
      queueAnomaly(cx, updated, {
        kind: result.anomaly,
        message: 'A second payment succeeded for a checkout that was already paid: refund one.',
        reported: detail.reported ?? null,
        refundable,
      });
    } else {
      queueWebhook(cx, `evt_${session.id}_succeeded`, 'checkout.succeeded', updated);
      cx.tasks.cancel('session_expiry');
    }
    if (detail.overpaid) {
      const { expected, reported } = detail.overpaid;
      anomaly(
        'overpaid',
        updated,
        `The payer paid ${reported} for ${expected}: refund the difference.`,
        {
          differences: [{ field: 'amount', expected, reported }],
          refundable: { amount: reported - expected, currency: session.currency },
        },
      );
    }
  } else if (
    step.status === 'failed' &&
    cx.store.session()!.status !== 'succeeded' &&
    questionedAttempts(cx.store).length === 0 &&
    !INTEGRATION_FAILURES.has(failure?.code ?? null)
  ) {
    queueWebhook(cx, `evt_${attemptId}_failed`, 'checkout.failed', updated);
  }
  settleSession(cx);
  cx.bump();
}

/**
 * Counts what a verified success says the upstream kept on its attempt (money heard is money
 * counted, whatever the attempt's status); answers what it added, or null for any other event.
 */
function countKept(
  store: SessionStore,
  row: AttemptRow,
  event: AttemptEvent,
  detail: TransitionDetail,
): Counted | null {
  const kept = detail.kept ?? null;
  const currency = store.session()!.currency;
  const counted = countReported(store.sql, row.id, event, kept, currency, kept?.source ?? '');
  if (counted === null) return null;
  if (counted.added > 0) {
    // The attempt's index row (the settlement report reads its counted money) changes too.
    store.updateAttempt(row.id, { updated_at: Date.now() });
    store.log('money_counted', row.id, {
      amount: counted.added,
      currency: counted.record.currency,
      total: counted.record.amount,
    });
  }
  return counted;
}

/** The attempts that hold the payer's money without paying the session (shared/status.ts,
 * `questionsMoney`), first one first. */
function questionedAttempts(store: SessionStore): AttemptRow[] {
  const counted = moneyRecords(store.sql);
  return store.attempts().filter((a) => questionsMoney(a.status, counted.has(a.id)));
}

/**
 * Moves an attempt's input flag (never its money status), then the session's consequence.
 *
 * @example
 * setInput(cx, attemptId, 'input_lapsed', 'otp_locked');
 */
export function setInput(
  cx: SessionContext,
  attemptId: string,
  event: InputEvent,
  reason?: LapseReason,
): void {
  const row = cx.store.attempt(attemptId);
  if (!row) return;
  const input = nextInput(row.input, event);
  if (input === row.input) return;
  const lapse = input === 'lapsed' ? (reason ?? LAPSE_BY_KIND[row.kind]) : null;
  cx.store.writeInput(attemptId, input, lapse, Date.now());
  cx.log(`input_${input}`, attemptId, input === 'lapsed' ? { reason: reason ?? null } : null);
  cx.tasks.cancel(`input:${attemptId}`);
  settleSession(cx);
  cx.bump();
}

/** Applies a session event through the machine (logging `data` with the change); answers its
 * result. */
function sessionEvent(
  store: SessionStore,
  event: SessionEvent,
  data: Record<string, unknown> | null = null,
) {
  const result = nextSessionStatus(store.session()!.status, event);
  if (result.changed) {
    store.sql.exec('UPDATE session SET status = ?', result.status);
    store.log('session_' + result.status, null, data);
  }
  return result;
}

/**
 * The merchant closes an `open` session now (`POST /v1/sessions/:id/expire`,
 * worker/session/merchant-expire.ts): `open → expired` through the machine, one
 * `checkout.expired` with `reason: "merchant"`, the new view pushed to the payer's stream.
 * Only while no attempt may hold money (rule 13: `expired` means nobody paid); answers whether
 * the session moved.
 *
 * @example
 * if (!expireByMerchant(cx)) return fail('PAYMENT_IN_PROGRESS', '…');
 */
export function expireByMerchant(cx: SessionContext): boolean {
  const session = cx.store.session();
  if (!session || cx.store.attemptStatuses().some(mayHoldMoney)) return false;
  if (!sessionEvent(cx.store, 'expire', { reason: 'merchant' }).changed) return false;
  cx.tasks.cancel('session_expiry');
  queueWebhook(cx, `evt_${session.id}_expired`, 'checkout.expired', cx.store.latestAttempt(), {
    reason: 'merchant',
  });
  cx.bump();
  return true;
}

/**
 * Brings the session in line with its attempts and its deadline (docs/design.md, "Money
 * rules", rules 13 and 14):
 * - an attempt `mismatch` or `needs_review`, or `failed` then reported paid (money held or maybe
 *   held, not paying the session) makes it `requires_action`, with one `checkout.requires_action`
 *   (its `reason`: the attempt's status, or `success_after_failure`); once none is, it opens
 *   again;
 * - released when no attempt holds it;
 * - expired when open past its time, but only once no attempt may hold money (an unsettled one
 *   is still asked about: its answer decides between `expired`, `succeeded` and
 *   `requires_action`);
 * - closed when every attempt failed and none is left.
 */
function settleSession(cx: SessionContext, now = Date.now()): void {
  const session = cx.store.session();
  if (!session || session.status === 'succeeded') return;
  const statuses = cx.store.attemptStatuses();
  const latest = cx.store.latestAttempt();
  const held = questionedAttempts(cx.store)[0];
  if (held) {
    if (sessionEvent(cx.store, 'money_in_question').changed) {
      cx.tasks.cancel('session_expiry');
      queueWebhook(cx, `evt_${session.id}_requires_action`, 'checkout.requires_action', held, {
        action: 'refund_or_accept',
        reason: held.status === 'failed' ? 'success_after_failure' : held.status,
        message: REQUIRES_ACTION_MESSAGE[held.status],
      });
    }
    return;
  }
  if (session.status === 'requires_action') sessionEvent(cx.store, 'money_cleared');
  if (
    cx.store.session()!.status === 'pending' &&
    !(latest && holdsSession(latest.status, latest.input))
  ) {
    sessionEvent(cx.store, 'attempt_released');
  }
  if (cx.store.session()!.status !== 'open') return;
  if (now >= session.expires_at) {
    // `expired` means nobody paid: an attempt the upstream may still settle waits for it.
    if (statuses.some(mayHoldMoney)) return;
    if (sessionEvent(cx.store, 'expire').changed) {
      cx.tasks.cancel('session_expiry');
      queueWebhook(cx, `evt_${session.id}_expired`, 'checkout.expired', latest);
    }
    return;
  }
  if (session.attempt_count >= MAX_ATTEMPTS) {
    if (statuses.every((status) => status === 'failed')) {
      sessionEvent(cx.store, 'close');
    }
  }
}

/**
 * Writes what the clock decided: closes the input of attempts whose window has passed (lapsed,
 * or given for a code whose answer never came: `windowCloses`) and
 * expires the session when due. Run by the tasks (the session's expiry, the sweep) and before a
 * payer's action (a new attempt, an OTP); never by a read, which shows the same from `now`
 * (worker/session/as-of.ts). An OTP being checked keeps its input.
 */
export function applyClock(cx: SessionContext): void {
  if (!cx.tables.exists) return;
  const now = Date.now();
  for (const id of cx.store.inputWindowsClosed(now)) {
    if (cx.otpChecking !== id) setInput(cx, id, windowCloses(cx.store.attempt(id)!));
  }
  const before = cx.store.session()?.status;
  settleSession(cx, now);
  if (cx.store.session()?.status !== before) cx.bump();
}

/** What `checkout.requires_action` tells the shop, by the status of the attempt that holds
 * money (`failed`: reported paid after it failed). */
const REQUIRES_ACTION_MESSAGE: Readonly<Record<AttemptRow['status'], string>> = {
  pending: '',
  succeeded: '',
  needs_review:
    'The payment service has not confirmed a payment of this checkout: check it with the payment service, then refund it or accept it as payment.',
  mismatch: 'A payment of this checkout does not match it: refund it, or accept it as payment.',
  failed:
    'A payment of this checkout reported failed was then reported paid: refund it, or accept it as payment.',
};

function paidAgainMessage(kind: 'overpaid' | 'second_success', counted: Counted): string {
  const { record, added } = counted;
  return kind === 'overpaid'
    ? `The payment service reported ${record.amount} ${record.currency} for a payment already counted for ${record.amount - added}: refund the difference.`
    : `The payment service reported a second payment of ${added} ${record.currency} for an attempt already paid: refund it.`;
}

function mismatchMessage(differences: readonly MoneyDifference[]): string {
  const parts = differences.map((d) => `${d.field} ${d.reported} (expected ${d.expected})`);
  return `The payment does not match this checkout: ${parts.join(', ') || 'unknown difference'}.`;
}

function anomalyMessage(kind: AttemptAnomaly, status: string): string {
  switch (kind) {
    case 'success_after_failure':
      return `The payment service reported a success for an attempt it had reported ${status}.`;
    case 'failure_after_success':
      return `The payment service reported a failure for an attempt already ${status}.`;
    default:
      return `Anomaly: ${kind}.`;
  }
}
