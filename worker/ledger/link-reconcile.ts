/**
 * A payment-link payment's side of the status query (worker/payment/reconcile-step.ts holds the
 * rules every payment shares; docs/design.md, "Money rules", rules 8 and 14): a payment only
 * unknown reports told us of (pending, `000006`, payment_step 1, a success without an amount)
 * is asked about by its upstream reference as a `payin`. A final record is judged like a
 * callback (worker/ledger/link-payments.ts). "Not created" answers never fail a link payment:
 * a verified callback already named its reference, so it exists, and the answer is unknown
 * like any other. At the horizon the payment becomes `needs_review` (one anomaly; a later final
 * report still settles it).
 * @module
 */
import type { Config } from '../config';
import { firstQueryDelay, scheduleNextQuery } from '../durable/reconcile-backoff';
import type { Task, TaskQueue } from '../durable/task-queue';
import type { Report } from '../payment/judge';
import { reconcileStep, type PaymentPort } from '../payment/reconcile-step';
import { recordReport, type StatusRecord } from '../payment/status-answer';
import { askStatus } from '../payment/status-query';
import type { LedgerContext } from './context';
import { applyLinkHorizon, applyToPayment, textOf } from './link-payments';
import type { LinkPaymentRow } from './store';

/** The task kind of a link payment's status query. */
export const LINK_RECONCILE = 'reconcile';

/** The task key of a payment's status query. */
const taskKey = (key: string) => `${LINK_RECONCILE}:${key}`;

/**
 * Schedules the first status query of a pending payment, unless one is already scheduled (a
 * second unknown report does not restart the backoff).
 */
export function scheduleLinkQuery<K extends string>(
  tasks: TaskQueue<K | typeof LINK_RECONCILE>,
  config: Config,
  key: string,
): void {
  if (tasks.get(taskKey(key))) return;
  tasks.schedule(taskKey(key), LINK_RECONCILE, Date.now() + firstQueryDelay(config), key);
}

/** What a status record of a link payment reports. It was asked by the payment's upstream
 * reference, so its references are given (learnt, not compared), and its own
 * third_party_reference_1 (the upstream's name of the link) is not ours to compare. */
function recordRead(record: StatusRecord): Report {
  return { ...recordReport(record), ownRef: null };
}

/** A link payment's {@link PaymentPort}. */
function linkPort(cx: LedgerContext, task: Task<string>, row: LinkPaymentRow): PaymentPort {
  const { store, config } = cx;
  const link = row.link_id ? (store.linkById(row.link_id) ?? null) : null;
  return {
    createdAt: row.created_at,
    pending: () => store.linkPayment(row.key)?.status === 'pending',
    // A callback named the payment's reference: "not created" is never inferred for it.
    mayInferNotCreated: () => false,
    countNotCreated: () => 0,
    notCreated: () => undefined,
    // Its references are learnt when the record is judged (a record is asked by the payment's
    // reference, so they are given, not compared).
    recordSeen: () => undefined,
    applyRecord: (record) =>
      void applyToPayment(store, link, row.key, {
        source: 'status_query',
        read: recordRead(record),
        // Asked by this reference: the record is this payment's.
        upstreamRef: row.upstream_reference,
        reference: row.reference,
        paymentType: textOf(record.data.payment_method_type),
        digest: '',
      }),
    unknown: () => undefined,
    horizonReached: () => applyLinkHorizon(store, row.key),
    scheduleNext: () => scheduleNextQuery(store.open().tasks, task, config, row.created_at),
  };
}

/**
 * The `reconcile` task of a ledger shard: one status query of a pending payment through the
 * shared step; the next one scheduled with backoff while the answer stays unknown, until the
 * horizon.
 */
export async function runLinkReconcile(cx: LedgerContext, task: Task<string>): Promise<void> {
  const { store, env, config } = cx;
  const { tasks } = store.open();
  const row = store.linkPayment(task.ref ?? '');
  if (!row || row.status !== 'pending' || !row.upstream_reference) {
    tasks.cancel(task.key);
    return;
  }
  await reconcileStep(
    linkPort(cx, task, row),
    () => askStatus(env, config, row.upstream_reference, 'payin'),
    config,
    true,
  );
  if (store.linkPayment(row.key)?.status !== 'pending') tasks.cancel(task.key);
}
