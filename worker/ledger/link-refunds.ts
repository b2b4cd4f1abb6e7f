/**
 * Refunds of payment-link payments
 * (docs/refunds.md, "`POST /v1/payment-links/:id/payments/:ref/refunds`"): the ledger shard
 * that holds the payment keeps its refunds (the `refunds` table every keeper shares,
 * worker/session/refund-store.ts) and decides each one against what the payment's report
 * counted (worker/ledger/link-refund-budget.ts) in one synchronous step, then has it paid as a
 * payout whose owner is this shard (worker/refunds/send-refund.ts): the same lifecycle, the
 * same `refund.*` webhooks and the same index rows as a session's refunds. The payer's number
 * of a link payment is not kept, so a refund names its destination.
 * @module
 */
import type { LinkRefundBody } from '../../shared/schemas';
import { fail, type Outcome } from '../durable/outcome';
import type { CreatedBy } from '../keys/created-by';
import type { RefundView } from '../payout/refund-view';
import { moneyRecords } from '../payment/money-store';
import { paymentWithRef } from '../payment/ref-store';
import {
  localRefundView,
  recordRefund,
  runKeptRefundSend,
  sendKeptRefund,
  type RefundKeeper,
} from '../refunds/send-refund';
import { applyRefundChange } from '../refunds/transitions';
import { forgetRefundDestination, refundRow, refundRows } from '../session/refund-store';
import { decideLinkRefund } from './link-refund-budget';
import type { LedgerContext } from './context';
import type { LedgerStore, LinkPaymentRow } from './store';

/** The task kind of a link refund's send net. */
export const LINK_REFUND_SEND = 'refund_send';

/** A refund request of a link payment: the merchant's body, the refund's id, who asked. */
export interface LinkRefundRequest extends LinkRefundBody {
  id: string;
  created_by: CreatedBy | null;
}

/** What a refund request answers: the refund, and whether this call created it. */
export interface LinkRefundAnswer {
  created: boolean;
  refund: RefundView;
}

/** What a ledger shard lends its refunds: its context, and its name (the refund's payout
 * tells it each change). */
export type LinkRefundHost = LedgerContext & { name: string };

/**
 * The payment `linkId` (`null`: a link created elsewhere) was paid by, named by its key or any
 * upstream reference it was given; undefined when this shard has no such payment on that link.
 */
export function linkPaymentNamed(
  store: LedgerStore,
  linkId: string | null,
  ref: string,
): LinkPaymentRow | undefined {
  const key = store.linkPayment(ref) ? ref : paymentWithRef(store.sql, [ref]);
  const row = key === null ? undefined : store.linkPayment(key);
  return row && row.link_id === linkId ? row : undefined;
}

/** The shard as the keeper of its link payments' refunds. */
function keeperOf(host: LinkRefundHost): RefundKeeper {
  return {
    env: host.env,
    sql: host.store.sql,
    owner: (row) => ({
      kind: 'link_refund',
      session_id: host.name,
      attempt_id: row.attempt_id,
      sub_merchant_id: null,
      reason: row.reason,
      merchant_reference: row.reference,
      // A link payment's payer number is never kept, so no destination can show it is theirs.
      differs_from_payer: true,
    }),
    sent: (id) => {
      host.store.open().tasks.cancel(`refund:${id}`);
      // The number and reason were needed to send the payout only: nothing else here erases
      // them later (the payout keeps the reason until its own retention).
      forgetRefundDestination(host.store.sql, id);
    },
    changed: (id, change) => void applyRefundChange(host.store.sql, id, change),
  };
}

/** Sends the refund's payout (once) and answers the refund as its payout has it, else ours. */
async function sendLinkRefund(host: LinkRefundHost, id: string): Promise<RefundView> {
  const keeper = keeperOf(host);
  return (
    (await sendKeptRefund(keeper, id)) ?? localRefundView(keeper, refundRow(host.store.sql, id)!)
  );
}

/**
 * `POST /v1/payment-links/:id/payments/:ref/refunds`: the refund under `request.id` (the same
 * id again answers the existing refund), or why not: NOT_FOUND, NOT_PAID, CURRENCY_MISMATCH,
 * REFUND_EXCEEDS_PAID.
 * Decided and recorded with no await in between, so concurrent requests cannot pass the budget.
 */
export async function requestLinkRefund(
  host: LinkRefundHost,
  linkId: string | null,
  ref: string,
  request: LinkRefundRequest,
): Promise<Outcome<LinkRefundAnswer>> {
  const payment = linkPaymentNamed(host.store, linkId, ref);
  if (!payment) return fail('NOT_FOUND', 'This payment link has no payment with that reference.');
  if (refundRow(host.store.sql, request.id)) {
    return { ok: true, value: { created: false, refund: await sendLinkRefund(host, request.id) } };
  }
  const link = payment.link_id === null ? undefined : host.store.linkById(payment.link_id);
  const decided = decideLinkRefund(
    { amount: request.amount, currency: request.currency },
    payment,
    link?.currency ?? payment.currency,
    moneyRecords(host.store.sql),
    refundRows(host.store.sql),
  );
  if (!decided.ok) return decided;
  recordRefund(host.store.sql, host.store.open().tasks, request, {
    payment: payment.key,
    amount: decided.value.amount,
    currency: decided.value.currency,
    destination: request.destination,
  });
  console.info(`link_refund_requested ${request.id}`);
  return { ok: true, value: { created: true, refund: await sendLinkRefund(host, request.id) } };
}

/** The `refund_send` task of a shard (see worker/refunds/send-refund.ts). */
export function runLinkRefundSend(
  host: LinkRefundHost,
  task: { key: string; ref: string | null },
): Promise<void> {
  return runKeptRefundSend(keeperOf(host), host.store.open().tasks, task);
}
