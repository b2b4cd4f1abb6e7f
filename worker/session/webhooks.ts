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
  body: { attempt: string; amount: number };
}

/**
 * The exact refund call that settles an anomaly, or null: `overpaid` refunds the excess,
 * `second_success` the second payment, `mismatch` what the payer paid (when its report names an
 * amount in our currency).
 *
 * @example
 * refundCall('cs_x', attempt, { kind: 'overpaid', differences: [{ field: 'amount', expected: 1000, reported: 1200 }], … });
 * // { method: 'POST', path: '/v1/sessions/cs_x/refunds', body: { attempt: 'cs_x.1', amount: 200 } }
 */
export function refundCall(
  sessionId: string,
  sessionAmount: number,
  attempt: AttemptRow,
  detail: AnomalyDetail,
): RefundCall | null {
  const reported = typeof detail.reported?.amount === 'number' ? detail.reported.amount : null;
  let amount: number | null = null;
  if (detail.kind === 'overpaid') {
    const diff = detail.differences?.find((d) => d.field === 'amount');
    amount =
      diff && typeof diff.reported === 'number' && typeof diff.expected === 'number'
        ? diff.reported - diff.expected
        : null;
  } else if (detail.kind === 'second_success') {
    amount = reported ?? sessionAmount;
  } else if (detail.kind === 'mismatch') {
    const otherCurrency = detail.differences?.some((d) => d.field === 'currency') ?? false;
    amount = otherCurrency ? null : reported;
  }
  if (amount === null || amount <= 0) return null;
  return {
    method: 'POST',
    path: `/v1/sessions/${sessionId}/refunds`,
    body: { attempt: attempt.id, amount },
  };
}

/** Logs an anomaly and queues its `checkout.anomaly` (one per attempt and kind); one that
 * money settles carries the refund call that does it (`refund`). */
export function queueAnomaly(cx: SessionContext, attempt: AttemptRow, detail: AnomalyDetail): void {
  cx.log('anomaly', attempt.id, { kind: detail.kind, message: detail.message });
  const session = cx.store.session()!;
  const refund = refundCall(session.id, session.amount, attempt, detail);
  queueWebhook(cx, `evt_${attempt.id}_anomaly_${detail.kind}`, 'checkout.anomaly', attempt, {
    anomaly: refund ? { ...detail, refund } : detail,
  });
}
