/**
 * Refunds of a checkout session (docs/refunds.md): the session object decides each one against
 * what its attempts' records counted, per currency, in one synchronous step (so concurrent
 * requests cannot pass it), records it, then has it paid as a payout whose owner is this
 * session (the Payout
 * object runs the payment lifecycle every kind shares: unknown create, status queries,
 * `needs_review`, anomalies; worker/payout/). The payout tells the session each change of its
 * status (worker/payout/owner.ts): a failed refund frees its amount, a succeeded one shows on
 * the hosted page.
 * @module
 */
import type { RefundBody } from '../../shared/schemas';
import { isSettledAttempt } from '../../shared/status';
import { fail, type Outcome } from '../durable/outcome';
import type { Task } from '../durable/task-queue';
import type { CreatedBy } from '../keys/created-by';
import type { RefundView } from '../payout/refund-view';
import {
  localRefundView,
  recordRefund,
  runKeptRefundSend,
  sendKeptRefund,
  type RefundChange,
  type RefundKeeper,
} from '../refunds/send-refund';
import { applyRefundChange } from '../refunds/transitions';
import type { SessionContext } from './context';
import { countedByCurrency, type MoneyRecord } from '../payment/money-count';
import { moneyRecords } from '../payment/money-store';
import {
  budgetRefund,
  decideRefund,
  PAYOUT_DESTINATION_KINDS,
  type BudgetPayment,
} from './refund-budget';
import { eraseSettledRefundsLater, sessionRedaction } from './redact';
import {
  differsFromPayer,
  forgetRefundDestination,
  payerPhone,
  refundRow,
  refundRows,
  type RefundRow,
} from './refund-store';
import { amountRule } from './reports';
import { parseJson, type AttemptRow, type SessionRow } from './store';

/** A refund request: the merchant's body, the refund's id and the request that asked. */
export interface RefundRequest extends RefundBody {
  id: string;
  created_by: CreatedBy | null;
}

/** What a refund request answers: the refund, and whether this call created it. */
export interface RefundAnswer {
  created: boolean;
  refund: RefundView;
}

/**
 * An attempt as the budget reads it: what its records counted (worker/payment/money-count.ts).
 * An attempt settled before records were kept counts what its deciding report said (an NGN
 * virtual account no more than the amount: the upstream reverses the excess).
 */
function budgetAttempt(
  session: SessionRow,
  row: AttemptRow,
  records: readonly MoneyRecord[] | undefined,
): BudgetPayment {
  if (records) return { id: row.id, n: row.n, counted: countedByCurrency(records) };
  const reported = parseJson<{ amount?: unknown; currency?: unknown }>(row.reported);
  const amount = typeof reported?.amount === 'number' ? reported.amount : null;
  const currency = (
    typeof reported?.currency === 'string' ? reported.currency : session.currency
  ).toUpperCase();
  const kept =
    amountRule(row, session.currency) === 'reversed_excess' && amount !== null
      ? Math.min(amount, session.amount)
      : amount;
  const legacy =
    row.status === 'succeeded'
      ? { [currency]: kept ?? session.amount }
      : row.status === 'mismatch' && kept !== null
        ? { [currency]: kept }
        : {};
  return { id: row.id, n: row.n, counted: legacy };
}

/** The destination of a refund: the one given, else the payer's phone and the operator's
 * payout method; a method with no payout destination (or an erased phone) needs one given. */
function destinationOf(
  cx: SessionContext,
  attempt: AttemptRow,
  given: RefundBody['destination'],
): Outcome<{ method: string; mobile: string }> {
  if (given) return { ok: true, value: given };
  const missing = (why: string) =>
    fail<{ method: string; mobile: string }>(
      'REFUND_DESTINATION_REQUIRED',
      `${why}: send destination { method, mobile }.`,
      { missing: 'destination', issues: [{ path: 'destination', message: why }] },
    );
  if (!PAYOUT_DESTINATION_KINDS.includes(attempt.kind)) {
    return missing(`A payment by ${attempt.kind} has no payout destination`);
  }
  const mobile = payerPhone(cx.store.sql, attempt.id);
  if (mobile === null) return missing("The payer's phone of this payment is not kept");
  return { ok: true, value: { method: attempt.method, mobile } };
}

/**
 * Decides and records a new refund in one synchronous step (no await: no other request runs
 * in between), with its `refund_send` task as a net for a create that never answers.
 */
function reserveRefund(
  cx: SessionContext,
  session: SessionRow,
  request: RefundRequest,
): Outcome<RefundRow> {
  const attempts = cx.store.attempts();
  const records = moneyRecords(cx.store.sql);
  const decided = decideRefund(
    { amount: request.amount, payment: request.attempt, currency: request.currency },
    attempts.map((a) => budgetAttempt(session, a, records.get(a.id))),
    refundRows(cx.store.sql).map((r) => budgetRefund(r, records.get(r.id))),
    session.currency,
  );
  if (!decided.ok) return decided;
  const attempt = attempts.find((a) => a.id === decided.value.payment.id)!;
  const destination = destinationOf(cx, attempt, request.destination);
  if (!destination.ok) return destination;
  const row = recordRefund(cx.store.sql, cx.tasks, request, {
    payment: attempt.id,
    amount: decided.value.amount,
    currency: decided.value.currency,
    destination: destination.value,
  });
  cx.log('refund_requested', attempt.id, {
    refund: request.id,
    amount: decided.value.amount,
    currency: decided.value.currency,
  });
  cx.bump();
  return { ok: true, value: row };
}

/** The session as the keeper of its refunds (worker/refunds/send-refund.ts). */
function keeperOf(cx: SessionContext, session: SessionRow): RefundKeeper {
  return {
    env: cx.env,
    sql: cx.store.sql,
    owner: (row) => ({
      kind: 'refund',
      session_id: session.id,
      attempt_id: row.attempt_id,
      sub_merchant_id: session.sub_merchant_id ?? null,
      reason: row.reason,
      merchant_reference: row.reference,
      differs_from_payer: differsFromPayer(cx.store.sql, row),
    }),
    sent: (id) => {
      cx.tasks.cancel(`refund:${id}`);
      // A refund asked after the session's erasure: its number and reason were needed to send
      // the payout only, and the session's erasure is already past.
      if (sessionRedaction(cx)) forgetRefundDestination(cx.store.sql, id);
    },
    changed: (id, change) => refundChanged(cx, id, change),
  };
}

/** Sends the refund's payout (once) and answers the refund as the Payout object has it, else
 * as the session does. */
async function sendRefund(cx: SessionContext, id: string): Promise<RefundView> {
  const session = cx.store.session()!;
  const sent = await sendKeptRefund(keeperOf(cx, session), id);
  return sent ?? localRefundView(keeperOf(cx, session), refundRow(cx.store.sql, id)!);
}

/**
 * `POST /v1/sessions/:id/refunds`: the refund under `request.id` (the same id again answers
 * the existing refund), or why not: NOT_PAID, REFUND_EXCEEDS_PAID, REFUND_DESTINATION_REQUIRED.
 */
export async function requestRefund(
  cx: SessionContext,
  request: RefundRequest,
): Promise<Outcome<RefundAnswer>> {
  const session = cx.store.session();
  if (!session) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
  if (refundRow(cx.store.sql, request.id)) {
    return { ok: true, value: { created: false, refund: await sendRefund(cx, request.id) } };
  }
  const reserved = reserveRefund(cx, session, request);
  if (!reserved.ok) return reserved;
  return { ok: true, value: { created: true, refund: await sendRefund(cx, request.id) } };
}

/** The `refund_send` task: a refund whose payout create never answered is sent now. */
export async function runRefundSend(cx: SessionContext, task: Task<string>): Promise<void> {
  const session = cx.store.session();
  if (!session) {
    cx.tasks.cancel(task.key);
    return;
  }
  await runKeptRefundSend(keeperOf(cx, session), cx.tasks, task);
}

/** The payout of a refund changed status (told by it): the budget and the hosted page follow. */
export function refundChanged(cx: SessionContext, id: string, change: RefundChange): void {
  const before = applyRefundChange(cx.store.sql, id, change);
  if (!before) return;
  if (before.status !== change.status) {
    cx.log(`refund_${change.status}`, before.attempt_id, { refund: id, amount: before.amount });
    // A refund of an erased session: its payout is erased as soon as it settles.
    if (isSettledAttempt(change.status)) eraseSettledRefundsLater(cx);
  }
  cx.bump();
}

/** What the session's succeeded refunds paid back in its own currency (the hosted page's
 * figure). */
export function refundedAmount(cx: SessionContext): number {
  if (!cx.tables.exists) return 0;
  const currency = cx.store.session()?.currency;
  return refundRows(cx.store.sql)
    .filter((r) => r.status === 'succeeded' && r.currency === currency)
    .reduce((sum, r) => sum + r.amount, 0);
}
