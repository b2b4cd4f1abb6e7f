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
import { maskPhone } from '../../shared/phone';
import type { PayoutBody, RefundBody } from '../../shared/schemas';
import type { AttemptStatus } from '../../shared/status';
import { fail, type Outcome } from '../durable/outcome';
import type { Task } from '../durable/task-queue';
import { parseCreatedBy, type CreatedBy } from '../keys/created-by';
import type { RefundView } from '../payout/refund-view';
import type { RefundOwner } from '../payout/store';
import { payoutStub } from '../stubs';
import type { SessionContext } from './context';
import { countedByCurrency, type MoneyRecord } from '../payment/money-count';
import { moneyRecords } from '../payment/money-store';
import {
  decideRefund,
  PAYOUT_DESTINATION_KINDS,
  type BudgetPayment,
  type BudgetRefund,
} from './refund-budget';
import { insertRefund, payerPhone, refundRow, refundRows, type RefundRow } from './refund-store';
import { amountRule } from './reports';
import { parseJson, type AttemptRow, type SessionRow } from './store';

/** How long a refund's payout may stay unsent (its create never answered: an eviction, an
 * error) before the `refund_send` task sends it (the Payout object records it once). */
export const REFUND_SEND_RETRY_MS = 30_000;

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

function budgetRefund(row: RefundRow): BudgetRefund {
  return {
    payment_id: row.attempt_id,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    settled_amount: row.settled_amount,
  };
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
    refundRows(cx.store.sql).map(budgetRefund),
    session.currency,
  );
  if (!decided.ok) return decided;
  const attempt = attempts.find((a) => a.id === decided.value.payment.id)!;
  const destination = destinationOf(cx, attempt, request.destination);
  if (!destination.ok) return destination;
  const now = Date.now();
  insertRefund(cx.store.sql, {
    id: request.id,
    attempt_id: attempt.id,
    amount: decided.value.amount,
    currency: decided.value.currency,
    method: destination.value.method,
    mobile: destination.value.mobile,
    mobile_masked: maskPhone(destination.value.mobile),
    reason: request.reason ?? null,
    reference: request.reference ?? null,
    created_by: request.created_by ? JSON.stringify(request.created_by) : null,
    created_at: now,
  });
  cx.tasks.schedule(`refund:${request.id}`, 'refund_send', now + REFUND_SEND_RETRY_MS, request.id);
  cx.log('refund_requested', attempt.id, {
    refund: request.id,
    amount: decided.value.amount,
    currency: decided.value.currency,
  });
  cx.bump();
  return { ok: true, value: refundRow(cx.store.sql, request.id)! };
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

/** The refund as the session knows it (before the Payout object answered). */
function localView(session: SessionRow, row: RefundRow): RefundView {
  const at = (ms: number) => new Date(ms).toISOString();
  return {
    id: row.id,
    object: 'refund',
    session: session.id,
    attempt: row.attempt_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    destination: { method: row.method, mobile: row.mobile_masked },
    reason: row.reason,
    reference: row.reference,
    sub_merchant_id: session.sub_merchant_id ?? null,
    upstream_reference: null,
    create_state: 'sending',
    failure: null,
    differences: null,
    created: at(row.created_at),
    updated: at(row.updated_at),
  };
}

/**
 * Has the refund's payout created (once: the Payout object records it before calling the
 * upstream and answers the same terms with the existing payout), then answers the refund as
 * the Payout object has it. A create that throws leaves the `refund_send` task to try again.
 */
async function sendRefund(cx: SessionContext, id: string): Promise<RefundView> {
  const session = cx.store.session()!;
  let row = refundRow(cx.store.sql, id)!;
  const stub = payoutStub(cx.env, id);
  try {
    if (row.sent === 0 && row.mobile !== null) {
      const owner: RefundOwner = {
        kind: 'refund',
        session_id: session.id,
        attempt_id: row.attempt_id,
        sub_merchant_id: session.sub_merchant_id ?? null,
        reason: row.reason,
        merchant_reference: row.reference,
      };
      await stub.create(payoutOf(row, row.mobile), parseCreatedBy(row.created_by), owner);
      cx.store.sql.exec('UPDATE refunds SET sent = 1 WHERE id = ?', id);
      cx.tasks.cancel(`refund:${id}`);
    }
    const found = await stub.refund();
    if (!found.ok) return localView(session, refundRow(cx.store.sql, id)!);
    const refund = found.value;
    const settled = refund.differences?.find((d) => d.field === 'amount')?.reported;
    refundChanged(cx, id, {
      status: refund.status,
      settled_amount: typeof settled === 'number' ? settled : refund.amount,
    });
    return refund;
  } catch (error) {
    console.warn(`refund_send_failed ${error instanceof Error ? error.name : 'error'}`);
    row = refundRow(cx.store.sql, id)!;
    return localView(session, row);
  }
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
  const row = task.ref ? refundRow(cx.store.sql, task.ref) : undefined;
  if (!row || row.sent === 1 || row.mobile === null) {
    cx.tasks.cancel(task.key);
    return;
  }
  await sendRefund(cx, row.id);
  // Still unsent (the Payout object could not be reached): throw, so the queue retries.
  if (refundRow(cx.store.sql, row.id)?.sent !== 1) throw new Error('refund payout not created');
}

/** How far a payout's status has come: a later report never moves a refund back. */
const STAGE: Readonly<Record<AttemptStatus, number>> = {
  pending: 0,
  needs_review: 1,
  succeeded: 2,
  failed: 2,
  mismatch: 2,
};

/** The payout of a refund changed status (told by it): the budget and the hosted page follow. */
export function refundChanged(
  cx: SessionContext,
  id: string,
  change: { status: AttemptStatus; settled_amount: number },
): void {
  const row = refundRow(cx.store.sql, id);
  if (!row) return;
  if (row.status === change.status && row.settled_amount === change.settled_amount) return;
  // Told twice, out of order (the create's answer and the payout's own task): never back.
  if (STAGE[change.status] < STAGE[row.status]) return;
  cx.store.sql.exec(
    'UPDATE refunds SET status = ?, settled_amount = ?, updated_at = ? WHERE id = ?',
    change.status,
    change.settled_amount,
    Date.now(),
    id,
  );
  if (row.status !== change.status) {
    cx.log(`refund_${change.status}`, row.attempt_id, { refund: id, amount: row.amount });
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

/** Whether every refund's payout is recorded by its Payout object (the session may be erased). */
export function refundsSent(cx: SessionContext): boolean {
  return refundRows(cx.store.sql).every((r) => r.sent === 1);
}
