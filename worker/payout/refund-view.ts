/**
 * What a refund looks like outside its Payout object (a refund is a payout whose owner is a
 * session, worker/payout/store.ts): the merchant's `refund` object (`POST /v1/sessions/:id/refunds`,
 * `GET /v1/refunds/:id`, the `refund.*` webhooks) and its row in the query index.
 * @module
 */
import type { AttemptStatus, MoneyDifference } from '../../shared/status';
import type { WebhookRecord } from '../durable/webhook-outbox';
import type { RefundSummary } from '../index-store/tables';
import type { CreateState, PayoutRow, RefundOwner } from './store';
import type { PayoutView } from './view';
import type * as z from 'zod';
import type { refundCreatedSchema, refundDetailSchema } from '../views/refund';

/** A refund as the merchant sees it. */
export type RefundView = z.output<typeof refundCreatedSchema>;

/** What a refund's owner refunded: a session's attempt, or a payment-link payment. */
export function refundedPayment(
  owner: RefundOwner,
): Pick<RefundView, 'session' | 'attempt' | 'link_payment'> {
  return owner.kind === 'link_refund'
    ? { session: null, attempt: null, link_payment: owner.attempt_id }
    : { session: owner.session_id, attempt: owner.attempt_id, link_payment: null };
}

/** The refund of a payout view and its owner. */
export function refundOf(payout: PayoutView, owner: RefundOwner): RefundView {
  return {
    id: payout.reference,
    object: 'refund',
    ...refundedPayment(owner),
    amount: payout.amount,
    currency: payout.currency,
    status: payout.status,
    destination: {
      method: payout.payment_method_type,
      mobile: payout.mobile,
      differs_from_payer: owner.differs_from_payer,
    },
    reason: owner.reason,
    reference: owner.merchant_reference,
    sub_merchant_id: owner.sub_merchant_id,
    upstream_reference: payout.upstream_reference,
    create_state: payout.create_state,
    failure: payout.failure,
    differences: payout.differences,
    created: payout.created_at,
    updated: payout.updated_at,
  };
}

/** A refund with its webhooks and erasure, as `GET /v1/refunds/:id` shows it. */
export type RefundDetail = z.output<typeof refundDetailSchema>;

/** The refund with its webhooks and erasure. */
export function refundDetail(payout: PayoutView, owner: RefundOwner): RefundDetail {
  return { ...refundOf(payout, owner), webhooks: payout.webhooks, redacted_at: payout.redacted_at };
}

/**
 * The amount a settled report says was paid out, when it differs from ours (a `mismatch` on the
 * amount); else the refund's own amount. The session counts the larger against its budget.
 */
export function settledAmount(row: PayoutRow, differences: MoneyDifference[] | null): number {
  const amount = differences?.find((d) => d.field === 'amount')?.reported;
  return typeof amount === 'number' ? amount : row.amount;
}

/** A refund's summary row in the query index (`counted`: what its reports counted as paid
 * out, JSON per currency; null: none). */
export function refundSummary(
  row: PayoutRow,
  owner: RefundOwner,
  nextCheckAt: number | null,
  counted: string | null = null,
): RefundSummary {
  const refunded = refundedPayment(owner);
  return {
    id: row.reference,
    session_id: refunded.session,
    attempt_id: refunded.attempt,
    link_payment_id: refunded.link_payment,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    reference: owner.merchant_reference,
    sub_merchant_id: owner.sub_merchant_id,
    upstream_reference: row.upstream_ref,
    created_at: row.created_at,
    updated_at: row.updated_at,
    settled_at: row.status === 'pending' ? null : row.updated_at,
    next_check_at: row.status === 'pending' ? nextCheckAt : null,
    counted,
  };
}
