/**
 * Collection callbacks of a session: stored first (a repeat changes nothing), then judged
 * against our records (worker/session/reports.ts) and applied through
 * worker/session/transitions.ts, or kept `deferred` until the reference a success must match is
 * known (docs/design.md, "Money rules").
 * @module
 */
import type { ExpectedMoney } from '../../shared/money-report';
import type { SessionContext } from './context';
import { judgeCallback, text, type JudgedReport } from './reports';
import type { AttemptRow } from './store';
import { transition } from './transitions';

/** A callback, verified and parsed by the hook route. */
export interface CollectionCallback {
  digest: string;
  params: Record<string, unknown> & {
    payment_step?: number;
    status?: string;
    statusCode?: string;
    amount?: number;
    reference?: string;
    depositId?: string;
    third_party_reference_1?: string;
  };
  body: string;
}

/** What a success of this attempt must carry. */
export function expectedMoney(cx: SessionContext, row: AttemptRow): ExpectedMoney {
  const session = cx.store.session()!;
  return {
    amount: session.amount,
    currency: session.currency,
    upstreamRef: row.create_ref ?? row.upstream_ref,
  };
}

/**
 * Applies a verified collection callback. Stored first (duplicates change nothing), then
 * judged: a non-terminal report (payment_step 1, `000006`, any other status) is stored and
 * changes nothing; a success counts only when it matches our records.
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
  const judged = judgeCallback(params, expectedMoney(cx, row));
  if (judged.event === 'still_unknown') {
    cx.store.markCallback(callback.digest, 'ignored');
    cx.log('callback_ignored', row.id, {
      payment_step: paymentStep,
      status: text(params.status),
      statusCode: text(params.statusCode),
    });
  } else if (row.create_state === 'sending' && cx.creating.has(row.id)) {
    // The create's answer carries the reference a success must match: judge it then.
    cx.store.markCallback(callback.digest, 'deferred');
    cx.log('callback_deferred', row.id, null);
  } else if (judged.outcome === 'success' && expectedMoney(cx, row).upstreamRef === null) {
    // The create's answer was lost: learn the upstream's reference from a status query
    // before believing a success (it is judged again then).
    cx.store.markCallback(callback.digest, 'deferred');
    cx.log('callback_deferred', row.id, { until: 'status_query' });
    cx.tasks.schedule(`reconcile:${row.id}`, 'reconcile', Date.now(), row.id);
  } else {
    applyJudged(cx, row.id, judged, callback.digest);
  }
  return { known: true, duplicate: false };
}

/**
 * Judges again the callbacks that waited for the create's answer or for a status query. A
 * success still without a reference to match waits on (an upstream with no record of the
 * collection cannot have taken money for it; the not-found count decides).
 */
export function applyDeferredCallbacks(cx: SessionContext, attemptId: string): void {
  for (const callback of cx.store.deferredCallbacks(attemptId)) {
    const expected = expectedMoney(cx, cx.store.attempt(attemptId)!);
    const judged = judgeCallback(JSON.parse(callback.body) as Record<string, unknown>, expected);
    if (judged.outcome === 'success' && expected.upstreamRef === null) continue;
    applyJudged(cx, attemptId, judged, callback.digest);
  }
}

/** True when a needs_review attempt holds a success that waits for the upstream's reference. */
export function waitsForReference(cx: SessionContext, row: AttemptRow): boolean {
  return row.status === 'needs_review' && cx.store.deferredCallbacks(row.id).length > 0;
}

/**
 * Applies a judged report (a callback's, or a status record's with `digest` null): a matching
 * reference is remembered, then the event goes through {@link transition}.
 */
export function applyJudged(
  cx: SessionContext,
  attemptId: string,
  judged: JudgedReport,
  digest: string | null,
): void {
  if (digest !== null) cx.store.markCallback(digest, judged.event);
  if (judged.reported.upstreamRef && judged.differences.length === 0) {
    cx.store.learnUpstreamRef(attemptId, judged.reported.upstreamRef);
  }
  transition(cx, attemptId, judged.event, {
    failure: judged.failure,
    reported: judged.outcome === 'success' ? judged.reported : null,
    differences: judged.differences,
  });
}
