/**
 * The merchant webhooks a session queues (docs/design.md, "Which webhook when"): each under a
 * stable event id, written once to the outbox, which delivers it.
 * @module
 */
import type { MoneyDifference, ReportedMoney } from '../../shared/money-report';
import { isUnsettledAttempt, type AttemptAnomaly, type SessionAnomaly } from '../../shared/status';
import type { WebhookType } from '../durable/webhook-outbox';
import { parseCreatedBy } from '../keys/created-by';
import type { SessionContext } from './context';
import { merchantAttempt } from './merchant-view';
import { parseJson, type AttemptRow } from './store';

/** What an anomaly webhook reports besides the session and the attempt. */
export interface AnomalyDetail {
  kind: AttemptAnomaly | SessionAnomaly | 'overpaid';
  message: string;
  expected?: { amount: number; currency: string; upstream_reference: string | null };
  reported?: ReportedMoney | null;
  differences?: MoneyDifference[];
  /** What the anomaly leaves to refund of the attempt (money counted, worker/payment/money-count.ts):
   * its webhook carries the refund call that does it. */
  refundable?: { amount: number; currency: string } | null;
  /** Tells a later anomaly of the same kind on the same attempt apart (its event id). */
  seq?: string;
}

/**
 * Queues one webhook about the session (and an attempt), with `extra` fields; an id already
 * queued changes nothing.
 *
 * @example
 * queueWebhook(cx, `evt_${session.id}_succeeded`, 'checkout.succeeded', attempt);
 */
export function queueWebhook(
  cx: SessionContext,
  id: string,
  type: WebhookType,
  attempt: AttemptRow | undefined,
  extra: Record<string, unknown> = {},
): void {
  const session = cx.store.session()!;
  cx.outbox.enqueue(id, type, {
    session_id: session.id,
    reference: session.reference,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    metadata: parseJson(session.metadata),
    sub_merchant_id: session.sub_merchant_id ?? null,
    attempt: attempt ? merchantAttempt(attempt) : null,
    unsettled_attempts: cx.store.attemptStatuses().filter(isUnsettledAttempt).length,
    // The merchant API request that created the session: its id and the key id that acted.
    request: parseCreatedBy(session.created_by),
    ...extra,
  });
}

/** The merchant API call that refunds what an anomaly says was paid too much. */
export interface RefundCall {
  method: 'POST';
  path: string;
  body: { attempt: string; amount: number; currency: string };
}

/**
 * The exact refund call that settles an anomaly, as the session's refund route takes it: the
 * attempt, the amount and the currency its report counted (`overpaid`: the excess;
 * `second_success`, `mismatch`, `success_after_failure`: what was kept), or null when nothing
 * is left to refund.
 *
 * @example
 * refundCall('cs_x', attempt, { amount: 200, currency: 'KES' });
 * // { method: 'POST', path: '/v1/sessions/cs_x/refunds', body: { attempt: 'cs_x.1', amount: 200, currency: 'KES' } }
 */
export function refundCall(
  sessionId: string,
  attempt: AttemptRow,
  refundable: AnomalyDetail['refundable'],
): RefundCall | null {
  if (!refundable || refundable.amount <= 0) return null;
  return {
    method: 'POST',
    path: `/v1/sessions/${sessionId}/refunds`,
    body: { attempt: attempt.id, amount: refundable.amount, currency: refundable.currency },
  };
}

/** Logs an anomaly and queues its `checkout.anomaly` (one per attempt, kind and `seq`); one that
 * money settles carries the refund call that does it (`refund`). */
export function queueAnomaly(cx: SessionContext, attempt: AttemptRow, detail: AnomalyDetail): void {
  cx.log('anomaly', attempt.id, { kind: detail.kind, message: detail.message });
  const session = cx.store.session()!;
  const { refundable, seq, ...shown } = detail;
  const refund = refundCall(session.id, attempt, refundable);
  const id = `evt_${attempt.id}_anomaly_${detail.kind}${seq ? `_${seq}` : ''}`;
  queueWebhook(cx, id, 'checkout.anomaly', attempt, {
    anomaly: refund ? { ...shown, refund } : shown,
  });
}
