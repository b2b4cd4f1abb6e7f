/**
 * The keeper's side of every refund (docs/refunds.md): a refund is decided and recorded by the
 * object that keeps its budget (a session, worker/session/refunds.ts; a payment-link payment's
 * ledger shard, worker/ledger/link-refunds.ts), in its `refunds` table
 * (worker/session/refund-store.ts), then paid as a payout whose owner is that keeper (the
 * Payout object runs the payment lifecycle every kind shares). This module sends a recorded
 * refund's payout once and applies each change its payout tells.
 * @module
 */
import type { PayoutBody } from '../../shared/schemas';
import type { AttemptStatus } from '../../shared/status';
import type { ProxyEnv } from '../env';
import { maskPhone } from '../../shared/phone';
import { parseCreatedBy, type CreatedBy } from '../keys/created-by';
import { refundedPayment, type RefundView } from '../payout/refund-view';
import type { RefundOwner } from '../payout/store';
import { insertRefund, refundRow, type RefundRow } from '../session/refund-store';
import { payoutStub } from '../stubs';
import type { MoneyRecord } from '../payment/money-count';
import { mirrorMoney } from '../payment/money-store';

/** A change of a refund's payout, as the payout tells its keeper. */
export interface RefundChange {
  status: AttemptStatus;
  settled_amount: number;
  /** What the payout's reports counted as paid out (worker/payment/money-store.ts); absent:
   * not told (the keeper keeps what it has). */
  paid_out?: MoneyRecord[];
}

/** What the keeper of a refund lends the shared steps. */
export interface RefundKeeper {
  env: ProxyEnv;
  sql: SqlStorage;
  /** Who the refund's payout pays for (the keeper and the payment refunded). */
  owner(row: RefundRow): RefundOwner;
  /** The refund's payout is recorded by its Payout object: its `refund_send` net is done. */
  sent(id: string): void;
  /** Applies a change the payout told (worker/refunds/transitions.ts, `applyRefundChange`). */
  changed(id: string, change: RefundChange): void;
}

/** How long a refund's payout may stay unsent (its create never answered: an eviction, an
 * error) before the keeper's `refund_send` task sends it (the Payout object records it once). */
export const REFUND_SEND_RETRY_MS = 30_000;

/** The keeper's task queue, as far as a refund needs it. */
interface SendTasks {
  schedule(key: string, kind: 'refund_send', dueAt: number, ref: string): void;
}

/** What the merchant asked of a refund, besides its amount. */
export interface RefundAsk {
  id: string;
  reason?: string | undefined;
  reference?: string | undefined;
  created_by: CreatedBy | null;
}

/** A refund as its keeper decided it. */
export interface DecidedRefund {
  /** The payment refunded: an attempt id, or a link payment's key. */
  payment: string;
  amount: number;
  currency: string;
  destination: { method: string; mobile: string };
}

/**
 * Records a decided refund, `pending` and not yet sent, with its `refund_send` task as a net
 * for a create that never answers.
 */
export function recordRefund(
  sql: SqlStorage,
  tasks: SendTasks,
  ask: RefundAsk,
  decided: DecidedRefund,
): RefundRow {
  const now = Date.now();
  insertRefund(sql, {
    id: ask.id,
    attempt_id: decided.payment,
    amount: decided.amount,
    currency: decided.currency,
    method: decided.destination.method,
    mobile: decided.destination.mobile,
    mobile_masked: maskPhone(decided.destination.mobile),
    reason: ask.reason ?? null,
    reference: ask.reference ?? null,
    created_by: ask.created_by ? JSON.stringify(ask.created_by) : null,
    created_at: now,
  });
  tasks.schedule(`refund:${ask.id}`, 'refund_send', now + REFUND_SEND_RETRY_MS, ask.id);
  return refundRow(sql, ask.id)!;
}

/** The payout that pays a refund. */
function payoutOf(row: RefundRow, mobile: string): PayoutBody {
  return {
    amount: row.amount,
    currency: row.currency,
    mobile,
    payment_method_type: row.method,
    reference: row.id,
    ...(row.reason !== null ? { narration: row.reason } : {}),
  };
}

/**
 * Has the refund's payout created (once: the Payout object records it before calling the
 * upstream and answers the same terms with the existing payout), then answers the refund as
 * the Payout object has it, or null while it has none (the keeper answers its own view). A
 * create that throws leaves the keeper's `refund_send` task to try again.
 */
export async function sendKeptRefund(keeper: RefundKeeper, id: string): Promise<RefundView | null> {
  const row = refundRow(keeper.sql, id)!;
  const stub = payoutStub(keeper.env, id);
  try {
    if (row.sent === 0 && row.mobile !== null) {
      await stub.create(
        payoutOf(row, row.mobile),
        parseCreatedBy(row.created_by),
        keeper.owner(row),
      );
      keeper.sql.exec('UPDATE refunds SET sent = 1 WHERE id = ?', id);
      keeper.sent(id);
    }
    const found = await stub.refund();
    if (!found.ok) return null;
    const refund = found.value;
    const settled = refund.differences?.find((d) => d.field === 'amount')?.reported;
    keeper.changed(id, {
      status: refund.status,
      settled_amount: typeof settled === 'number' ? settled : refund.amount,
    });
    return refund;
  } catch (error) {
    console.warn(`refund_send_failed ${error instanceof Error ? error.name : 'error'}`);
    return null;
  }
}

/** The `refund_send` task of a keeper: a refund whose payout create never answered is sent
 * now; one still unsent (the Payout object could not be reached) throws, so the queue retries. */
export async function runKeptRefundSend(
  keeper: RefundKeeper,
  tasks: { cancel(key: string): void },
  task: { key: string; ref: string | null },
): Promise<void> {
  const row = task.ref ? refundRow(keeper.sql, task.ref) : undefined;
  if (!row || row.sent === 1 || row.mobile === null) {
    tasks.cancel(task.key);
    return;
  }
  await sendKeptRefund(keeper, row.id);
  if (refundRow(keeper.sql, row.id)?.sent !== 1) throw new Error('refund payout not created');
}

/** The refund as its keeper knows it (before the Payout object answered). */
export function localRefundView(keeper: RefundKeeper, row: RefundRow): RefundView {
  const at = (ms: number) => new Date(ms).toISOString();
  const owner = keeper.owner(row);
  return {
    id: row.id,
    object: 'refund',
    ...refundedPayment(owner),
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    destination: {
      method: row.method,
      mobile: row.mobile_masked,
      differs_from_payer: owner.differs_from_payer,
    },
    reason: row.reason,
    reference: row.reference,
    sub_merchant_id: owner.sub_merchant_id,
    upstream_reference: null,
    create_state: 'sending',
    failure: null,
    differences: null,
    created: at(row.created_at),
    updated: at(row.updated_at),
  };
}
