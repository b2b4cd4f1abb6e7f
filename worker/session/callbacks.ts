/**
 * Collection callbacks of a session: stored first (a repeat changes nothing), then judged
 * against our records (worker/payment/judge.ts, through worker/session/reports.ts) and applied
 * through worker/session/transitions.ts, or kept `deferred` until the reference a success must
 * match is known, or until a status record says the amount a success left out
 * (docs/design.md, "Money rules").
 * @module
 */
import {
  collectionCallbackParamsSchema,
  type CollectionCallbackParams,
} from '../../shared/schemas';
import { isUnsettledAttempt } from '../../shared/status';
import { validate } from '../../shared/validation';
import { allRefs, firstRef, judge, type Judgement, type Report } from '../payment/judge';
import { learnRefs } from '../payment/ref-store';
import { failureOf } from '../payment/status-answer';
import type { SessionContext } from './context';
import type { SessionStore } from './store';
import { callbackReport, expectedOf, text } from './reports';
import { transition } from './transitions';
import { queueAnomaly } from './webhooks';

/** A callback, verified and parsed by the hook route. */
export interface CollectionCallback {
  digest: string;
  params: CollectionCallbackParams;
  /** The params as they came (JSON): stored, and read again by {@link storedParams}. */
  body: string;
}

/**
 * The params of a stored callback, read again with the schema they passed when they came;
 * null when they no longer pass it (then they settle nothing: unknown is not "no").
 */
function storedParams(body: string): CollectionCallbackParams | null {
  const parsed = validate(collectionCallbackParamsSchema, JSON.parse(body));
  return parsed.ok ? parsed.value : null;
}

/**
 * Applies a verified collection callback. Stored first (duplicates change nothing), then
 * judged: a non-terminal report (payment_step 1, `000006`, any other status) is stored and
 * changes nothing; a success counts only when it matches our records; a success without an
 * amount waits for a status query to say it.
 *
 * @example
 * const { duplicate } = applyCallback(cx, { digest, params, body });
 */
export function applyCallback(
  cx: SessionContext,
  callback: CollectionCallback,
): { known: boolean; duplicate: boolean } {
  if (!cx.store.session()) return { known: false, duplicate: false };
  const { params } = callback;
  const attemptId = text(params.third_party_reference_1);
  const paymentStep = typeof params.payment_step === 'number' ? params.payment_step : null;
  const inserted = cx.store.insertCallback({
    digest: callback.digest,
    attempt_id: attemptId,
    received_at: Date.now(),
    status: text(params.status),
    status_code: text(params.statusCode),
    payment_step: paymentStep,
    body: callback.body,
  });
  if (!inserted) return { known: true, duplicate: true };
  const row = attemptId ? cx.store.attempt(attemptId) : undefined;
  if (!row) {
    cx.log('callback_unmatched', attemptId, { reference: text(params.reference) });
    return { known: true, duplicate: false };
  }
  const expected = expectedOf(cx.store, row);
  const report = callbackReport(params);
  let judged = judge(report, expected);
  const failure = failureOf(params.failureReason);
  const waits = judged.needsAmount || judged.needsRefs;
  if (
    row.create_state === 'sending' &&
    cx.creating.has(row.id) &&
    (waits || judged.event !== 'still_unknown')
  ) {
    // The create's answer carries the reference a success must match: judge it then.
    cx.store.markCallback(callback.digest, 'deferred');
    cx.log('callback_deferred', row.id, null);
  } else if (waits && isUnsettledAttempt(row.status)) {
    // A success without its amount, or naming no upstream reference we were given (the
    // create's answer was lost, or the upstream's references differ by role): a status query
    // says what it needs; it is judged again then.
    cx.store.markCallback(callback.digest, 'deferred');
    cx.log('callback_deferred', row.id, {
      until: 'status_query',
      missing: judged.needsAmount ? 'amount' : 'reference',
    });
    scheduleQueryNow(cx, row.id);
  } else {
    if (waits && !judged.needsAmount && report.outcome === 'success') {
      // The attempt is settled: a signed success naming our reference still contradicts a
      // failure (an anomaly), whatever upstream reference it gives. A failure we cannot match
      // is not this attempt's: it is ignored.
      judged = { ...judged, event: 'confirmed_success', needsRefs: false };
    }
    if (judged.event === 'still_unknown' && !judged.unmatchedFailure) {
      cx.store.markCallback(callback.digest, 'ignored');
      cx.log('callback_ignored', row.id, {
        payment_step: paymentStep,
        status: text(params.status),
        statusCode: text(params.statusCode),
      });
    } else {
      applyJudged(cx, row.id, { report, judged, failure }, callback.digest);
    }
  }
  return { known: true, duplicate: false };
}

/** Asks about an attempt now (its backoff goes on from there). */
function scheduleQueryNow(cx: SessionContext, attemptId: string): void {
  const task = cx.tasks.get(`reconcile:${attemptId}`);
  cx.tasks.schedule(`reconcile:${attemptId}`, 'reconcile', Date.now(), attemptId, task?.tries ?? 0);
}

/**
 * Judges again the callbacks that waited for the create's answer or for a status query. A
 * success still without a reference to match waits on. After a status record (`afterRecord`),
 * a success that names no amount has served (it showed the collection exists; the record says
 * the money): it is kept as `superseded` and settles nothing.
 */
export function applyDeferredCallbacks(
  cx: SessionContext,
  attemptId: string,
  afterRecord = false,
): void {
  for (const callback of cx.store.deferredCallbacks(attemptId)) {
    const expected = expectedOf(cx.store, cx.store.attempt(attemptId)!);
    const params = storedParams(callback.body);
    if (params === null) continue;
    const report = callbackReport(params);
    const judged = judge(report, expected);
    if (judged.needsRefs) continue;
    if (judged.needsAmount) {
      if (afterRecord) cx.store.markCallback(callback.digest, 'superseded');
      continue;
    }
    const failure = failureOf(params.failureReason);
    applyJudged(cx, attemptId, { report, judged, failure }, callback.digest);
  }
}

/** True when a needs_review attempt holds a callback that waits for a status query. */
export function waitsForReference(store: SessionStore, attemptId: string): boolean {
  return store.deferredCallbacks(attemptId).length > 0;
}

/** One report and its judgement, with the failure it gives. */
export interface JudgedReport {
  report: Report;
  judged: Judgement;
  failure: { code: string | null; message: string | null } | null;
}

/**
 * Applies a judged report (a callback's, or a status record's with `digest` null): the
 * references of a matching one are remembered, then the event goes through {@link transition}.
 */
export function applyJudged(
  cx: SessionContext,
  attemptId: string,
  { report, judged, failure }: JudgedReport,
  digest: string | null,
): void {
  if (digest !== null) cx.store.markCallback(digest, judged.event);
  const learnt = firstRef(judged.learnt);
  if (learnt !== null) {
    const source = digest === null ? 'status_query' : 'callback';
    learnRefs(cx.store.sql, attemptId, judged.learnt, source);
    cx.store.learnUpstreamRef(attemptId, learnt);
  }
  const success = judged.event === 'confirmed_success' || judged.event === 'confirmed_mismatch';
  transition(cx, attemptId, judged.event, {
    failure,
    reported: success
      ? {
          amount: report.amount,
          currency: report.currency,
          upstreamRef: firstRef(report.upstreamRefs),
        }
      : null,
    differences: judged.differences,
    overpaid: judged.overpaid,
    kept:
      success && judged.kept
        ? {
            ...judged.kept,
            refs: allRefs(report.upstreamRefs),
            source: digest === null ? 'status_query' : 'callback',
          }
        : null,
  });
  if (judged.unmatchedFailure) {
    // Not this attempt's failure (it names another transaction): nothing changes, the
    // merchant is told once.
    const session = cx.store.session()!;
    const attempt = cx.store.attempt(attemptId)!;
    queueAnomaly(cx, attempt, {
      kind: 'unmatched_failure',
      message:
        'A failure report named a reference this payment was never given: it changes nothing; check which transaction it is about.',
      expected: {
        amount: session.amount,
        currency: session.currency,
        upstream_reference: attempt.create_ref ?? attempt.upstream_ref,
      },
      reported: null,
      differences: judged.differences,
    });
  }
}
