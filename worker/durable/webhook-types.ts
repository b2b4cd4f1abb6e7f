/**
 * The types of a Durable Object's webhook outbox (worker/durable/webhook-outbox.ts): the events
 * it sends, an outbox row, and a webhook with its delivery history as the merchant API shows it.
 * @module
 */
import type { DeliveryState } from './webhook-transitions';

/** Events the proxy sends to MERCHANT_WEBHOOK_URL. */
export type WebhookType =
  | 'checkout.succeeded'
  | 'checkout.failed'
  | 'checkout.expired'
  | 'checkout.anomaly'
  | 'checkout.requires_action'
  /** The upstream refused the shop's configuration (e.g. an unknown `sub_merchant_id`). */
  | 'integration.error'
  | 'payout.succeeded'
  | 'payout.failed'
  | 'payout.anomaly'
  /** A refund (a payout whose owner is a session) settled, or its report is an anomaly. */
  | 'refund.succeeded'
  | 'refund.failed'
  /** A refund canceled before it was ever sent (`POST /v1/refunds/:id/cancel`). */
  | 'refund.canceled'
  | 'refund.anomaly'
  /** A payout batch was approved, paused by the wallet's balance, or finished
   * (docs/payout-batches.md); each of its rows keeps its own `payout.*`. */
  | 'payout_batch.approved'
  | 'payout_batch.paused'
  | 'payout_batch.completed'
  | 'payment_link.paid'
  | 'payment_link.anomaly';

/**
 * Data of a `payout.anomaly` or `payment_link.anomaly` event: a report that contradicts what
 * is settled, a success that does not match our records, or an outcome still unknown at the
 * reconcile horizon. `expected` is what we recorded (or settled), `reported` what the upstream
 * said (null when it said nothing, e.g. `needs_review` after no answer at all).
 */
export interface AnomalyData {
  reference: string;
  /** `success_after_failure`, `failure_after_success`, `mismatch`, `needs_review`,
   * `unmatched_failure`. */
  kind: string;
  expected: Record<string, unknown>;
  reported: Record<string, unknown> | null;
}

/** An event in the outbox. */
export interface OutboxRow extends DeliveryState {
  id: string;
  type: WebhookType;
  payload: string;
}

/** A webhook and its delivery history, as the merchant API shows it. */
export interface WebhookRecord {
  id: string;
  type: WebhookType;
  status: OutboxRow['status'];
  tries: number;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  deliveries: { at: string; status: number | null; error: string | null; duration_ms: number }[];
}
