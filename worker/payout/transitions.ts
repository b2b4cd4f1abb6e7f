/**
 * Every write of a payout's `status`: the row is born `pending`, then moves only by
 * `nextPayoutStatus` of shared/status.ts (docs/design.md, "Money rules"). A success applies only
 * when it matches our records (the exact amount, our currency, the upstream reference the
 * create answered), otherwise `mismatch`; a failure after a success changes nothing (an
 * anomaly), a success after a failure reopens the payout (the money left); a failure naming
 * another transaction is an `unmatched_failure` anomaly. Each step sends its merchant webhooks
 * once, with stable ids:
 * `payout.succeeded` (`evt_<ref>_succeeded`), `payout.failed` (`evt_<ref>_failed`) and
 * `payout.anomaly` (`evt_<ref>_anomaly_<kind>`); a payout that pays a refund sends
 * `refund.succeeded`, `refund.failed` and `refund.anomaly` instead (the refund object as data)
 * and tells its session of each change (the `owner` task).
 * @module
 */
import { maskPhone } from '../../shared/phone';
import type { PayoutBody } from '../../shared/schemas';
import {
  isUnsettledAttempt,
  nextPayoutStatus,
  paymentReportAnomaly,
  type AttemptAnomaly,
  type AttemptEvent,
  type AttemptStatus,
  type MoneyDifference,
} from '../../shared/status';
import { allRefs, firstRef, judge } from '../payment/judge';
import { countReported } from '../payment/money-store';
import { learnRefs } from '../payment/ref-store';
import type { AnomalyData } from '../durable/webhook-outbox';
import { parseCreatedBy, type CreatedBy } from '../keys/created-by';
import { expectedOf, type Report } from './report';
import type { PayoutStore } from './store';
import { refundedPayment, refundOf } from './refund-view';
import { stageIndexRow } from './index-row';
import { payoutView } from './view';

/** Writes the new payout, `pending` with its create call `unsent` (worker/payout/create.ts
 * claims it right before the call leaves). */
export function recordPayout(
  store: PayoutStore,
  body: PayoutBody,
  now = Date.now(),
  createdBy: CreatedBy | null = null,
  fingerprint = JSON.stringify(body),
): void {
  store.sql.exec(
    `INSERT INTO payout (reference, status, amount, currency, mobile_masked, method, create_state,
       fingerprint, created_at, updated_at, created_by)
     VALUES (?, 'pending', ?, ?, ?, ?, 'unsent', ?, ?, ?, ?)`,
    body.reference,
    body.amount,
    body.currency,
    maskPhone(body.mobile),
    body.payment_method_type,
    fingerprint,
    now,
    now,
    createdBy ? JSON.stringify(createdBy) : null,
  );
}

/**
 * Matches a final report against our records (worker/payment/judge.ts: the exact amount, the
 * currency, a reference we were given) and applies it. A success without an amount, or naming
 * no upstream reference we can compare, says nothing final while the payout is unsettled:
 * answers what it lacks (a status query tells it). On a settled payout such a success
 * (with its amount) still counts, to report a contradiction.
 */
export function applyReport(
  store: PayoutStore,
  report: Report,
): 'applied' | 'needs_amount' | 'needs_refs' {
  const row = store.row()!;
  let judged = judge(report.read, expectedOf(store, row));
  if (judged.unmatchedFailure) {
    applyEvent(store, 'still_unknown', report, judged.differences, 'unmatched_failure');
    return 'applied';
  }
  if (judged.needsAmount || judged.needsRefs) {
    if (judged.needsRefs && asksStatus(row.status, report)) return 'needs_refs';
    if (judged.needsAmount) return 'needs_amount';
    // Settled: a failure we cannot match is not this payout's; a signed success naming our
    // reference still contradicts a settled payout (an anomaly).
    if (report.outcome !== 'success') return 'applied';
    judged = { ...judged, event: 'confirmed_success', needsRefs: false };
  }
  const learnt = firstRef(judged.learnt);
  if (learnt !== null) {
    learnRefs(store.sql, row.reference, judged.learnt, String(report.reported.source ?? 'report'));
    store.learnUpstreamRef(learnt);
  }
  // Money heard is money counted: what the report says was paid out, even when the status
  // stays (a second success, a success on a reopened or settled payout, a mismatch).
  const counted = countReported(
    store.sql,
    row.reference,
    judged.event,
    judged.kept && { ...judged.kept, refs: allRefs(report.read.upstreamRefs) },
    row.currency,
    String(report.reported.source ?? 'report'),
  );
  applyEvent(store, judged.event, report, judged.differences, null, (counted?.added ?? 0) > 0);
  return 'applied';
}

/**
 * True when a report that cannot be judged yet waits for a status query: while the payout is
 * unsettled, and for a success of a `failed` payout (it would reopen it: the status record,
 * the upstream's answer for our own reference, decides).
 */
export function asksStatus(status: AttemptStatus, report: Pick<Report, 'outcome'>): boolean {
  return isUnsettledAttempt(status) || (status === 'failed' && report.outcome === 'success');
}

/**
 * Moves the payout by one event of the payout machine (`nextPayoutStatus`: a success reopens a
 * failed payout), then sends what the step calls for. Settled, or a person must look: the
 * automatic status queries stop. `unmatched` raises that anomaly for a report that is not
 * this payout's (a failure naming another transaction); `counted`: the report added money
 * counted (worker/payment/money-store.ts), which the refund's keeper and the index learn.
 */
export function applyEvent(
  store: PayoutStore,
  event: AttemptEvent,
  report: Report,
  differences: MoneyDifference[] = [],
  unmatched: 'unmatched_failure' | null = null,
  counted = false,
): void {
  const row = store.row();
  if (!row) return;
  const { tasks, outbox } = store.open();
  const step = nextPayoutStatus(row.status, event);
  if (step.changed) {
    const failure = step.status === 'failed' ? report.failure : null;
    store.sql.exec(
      `UPDATE payout SET status = ?, failure_code = ?, failure_message = ?, updated_at = ?`,
      step.status,
      failure?.code ?? null,
      step.status === 'failed' ? (failure?.message ?? 'The payout failed.') : null,
      Date.now(),
    );
    if (step.status === 'mismatch') store.setDifferences(differences);
    tasks.cancel('reconcile');
  }
  const updated = payoutView(store)!;
  const owner = store.owner();
  // The keeper of the refund budget learns each change (a failed refund frees its amount) and
  // each movement of money counted (a refund paid out twice holds both).
  if ((step.changed || counted) && owner) {
    tasks.schedule('owner', 'owner', Date.now(), owner.session_id);
  }
  if (counted && !step.changed) {
    store.sql.exec('UPDATE payout SET updated_at = ?', Date.now());
  }
  const refund = owner
    ? {
        ...refundOf(updated, owner),
        session_id: refundedPayment(owner).session,
        request: parseCreatedBy(row.created_by),
      }
    : null;
  if (step.changed && refund && updated.create_state === 'canceled') {
    outbox.enqueue(`evt_${row.reference}_canceled`, 'refund.canceled', refund);
  } else if (step.changed && (step.status === 'succeeded' || step.status === 'failed')) {
    const id = `evt_${row.reference}_${step.status}`;
    const succeeded = step.status === 'succeeded';
    if (refund) outbox.enqueue(id, succeeded ? 'refund.succeeded' : 'refund.failed', refund);
    else
      outbox.enqueue(id, succeeded ? 'payout.succeeded' : 'payout.failed', {
        reference: updated.reference,
        status: updated.status,
        amount: updated.amount,
        currency: updated.currency,
        mobile: updated.mobile,
        payment_method_type: updated.payment_method_type,
        upstream_reference: updated.upstream_reference,
        failure: updated.failure,
        // The merchant API request that created the payout: its id and the key id that acted.
        request: parseCreatedBy(row.created_by),
      });
  }
  // A success report that disagrees with a payout already paid is reported too (once).
  const kind = unmatched ?? paymentReportAnomaly(row.status, event);
  if (kind !== null) {
    const data: AnomalyData & Record<string, unknown> = {
      reference: row.reference,
      kind,
      message: anomalyMessage(kind, refund !== null),
      status: updated.status,
      expected: {
        status: row.status,
        amount: row.amount,
        currency: row.currency,
        upstream_reference: row.upstream_ref,
      },
      reported: kind === 'needs_review' ? store.lastAnswer() : report.reported,
      differences,
      ...(refund ? { session_id: refund.session_id, refund } : {}),
    };
    const type = refund ? 'refund.anomaly' : 'payout.anomaly';
    outbox.enqueue(`evt_${row.reference}_anomaly_${kind}`, type, data);
    console.warn(`${refund ? 'refund' : 'payout'}_anomaly ${kind}`);
  }
  stageIndexRow(store);
}

/** What the merchant should do about an anomaly of a payout (or of the refund it pays). */
function anomalyMessage(kind: AttemptAnomaly, isRefund: boolean): string {
  const noun = isRefund ? 'refund' : 'payout';
  switch (kind) {
    case 'success_after_failure':
      return isRefund
        ? 'The refund was reported failed, then paid: it is succeeded and holds its amount again. If you refunded this payment again meanwhile, the payer was paid twice: recover the excess from the payer.'
        : 'The payout was reported failed, then paid: it is succeeded. If you sent it again meanwhile, the recipient was paid twice: recover the excess.';
    case 'failure_after_success':
      return `The payment service reported a failure for a ${noun} it had reported paid: its status stays; check the payment service's statement.`;
    case 'mismatch':
      return `The ${noun} was paid out with other terms than asked: check the differences with the payment service.`;
    case 'needs_review':
      return `No definite answer came for this ${noun}: ask the payment service, then reconcile it.`;
    case 'unmatched_failure':
      return `A failure report named a reference this ${noun} was never given: it changes nothing; check which transaction it is about.`;
  }
}
