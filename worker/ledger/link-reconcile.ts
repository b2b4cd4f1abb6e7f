/**
 * Status queries of payment-link payments that only unknown reports told us of (pending,
 * `000006`, payment_step 1, a success without an amount on our link): the same backoff and
 * horizon as every payment (worker/durable/reconcile-backoff.ts; docs/design.md, "Money
 * rules", rule 8), asked by the payment's upstream reference as a `payin`. A final record is
 * judged like a callback (worker/ledger/link-payments.ts); anything else is unknown and asked
 * again, until the horizon makes the payment `needs_review`.
 * @module
 */
import { transactionRecordSchema } from '../../shared/schemas';
import { statusRecordOutcome } from '../../shared/status';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import { validate } from '../../shared/validation';
import type { Config } from '../config';
import { firstQueryDelay, pastHorizon, scheduleNextQuery } from '../durable/reconcile-backoff';
import type { Task, TaskQueue } from '../durable/task-queue';
import type { ProxyEnv } from '../env';
import { callUpstream } from '../upstream';
import { applyLinkHorizon, applyLinkReport, textOf, type LedgerParts } from './link-payments';
import { linkById } from './links';
import { linkPayment } from './store';

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

/**
 * The `reconcile` task of a ledger shard: one status query of a pending payment, applied;
 * the next one scheduled with backoff while the answer stays unknown, until the horizon.
 */
export async function runLinkReconcile<K extends string>(
  env: ProxyEnv,
  config: Config,
  sql: SqlStorage,
  parts: LedgerParts,
  tasks: TaskQueue<K>,
  task: Task<K>,
): Promise<void> {
  const key = task.ref ?? '';
  const row = linkPayment(sql, key);
  if (!row || row.status !== 'pending' || !row.upstream_reference) {
    tasks.cancel(task.key);
    return;
  }
  const result = await callUpstream(env, config, UPSTREAM_PATHS.status, {
    params: { id: row.upstream_reference, type: 'payin' },
  });
  // An unreadable record is unknown, like any other answer that is not final.
  const record = result.kind === 'ok' ? validate(transactionRecordSchema, result.body.data) : null;
  if (record?.ok) {
    const data = record.value;
    const outcome = statusRecordOutcome(data);
    if (outcome !== 'unknown') {
      const link = row.link_id ? (linkById(sql, row.link_id) ?? null) : null;
      const applied = await applyLinkReport(sql, parts, link, {
        source: 'status_query',
        outcome,
        amount: data.amount ?? null,
        currency: textOf(data.currency),
        // Asked by this reference: the record is this payment's.
        upstreamRef: row.upstream_reference,
        reference: row.reference,
        paymentType: textOf(data.payment_method_type),
        digest: '',
      });
      if (!applied.query) {
        tasks.cancel(task.key);
        return;
      }
    }
  }
  // Unknown: a pending record, 000006, a success without an amount, a 400, a timeout, a 5xx.
  if (pastHorizon(config, row.created_at)) {
    applyLinkHorizon(sql, parts, key);
    tasks.cancel(task.key);
    return;
  }
  scheduleNextQuery(tasks, task, config, row.created_at);
}
