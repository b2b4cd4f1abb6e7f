/**
 * Status queries (docs/upstream-api.md, "POST /api/v3/get-unified-transaction-status"): how a
 * payout whose outcome is unknown gets settled without a callback (docs/design.md, "Money rules").
 * Only a failure (`failed`/`000005`) or three "not created" answers while the create's fate is
 * unknown mean not charged; `000006`, pending, payment_step 1 and any unreadable answer are
 * unknown: asked again with backoff up to `RECONCILE_HORIZON_HOURS`
 * (worker/durable/reconcile-backoff.ts), then `needs_review` and one `payout.anomaly` (a later
 * answer still settles it).
 * @module
 */
import { statusRecordOutcome } from '../../shared/status';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import type { Config } from '../config';
import { NOT_CREATED_LIMIT, pastHorizon, scheduleNextQuery } from '../durable/reconcile-backoff';
import type { Task } from '../durable/task-queue';
import type { ProxyEnv } from '../env';
import { callUpstream, type UpstreamResult } from '../upstream';
import { finalReport, notChargedReport, type Reported } from './report';
import type { PayoutRow, PayoutStore, TaskKind } from './store';
import { applyEvent, applyReport } from './transitions';

/** An unknown answer in a few words (kept as `last_answer`). */
function unknownAnswer(result: UpstreamResult): Reported {
  if (result.kind === 'timeout') return { source: 'status_query', answer: 'timeout' };
  if (result.kind === 'unavailable') {
    return { source: 'status_query', answer: 'unavailable', http_status: result.status ?? null };
  }
  if (result.kind === 'rejected') {
    return { source: 'status_query', answer: 'refused', http_status: result.status };
  }
  const data = (result.body.data ?? {}) as Record<string, unknown>;
  return {
    source: 'status_query',
    answer: 'record',
    status: data.status ?? null,
    status_code: data.status_code ?? null,
  };
}

/**
 * True while nobody knows whether the upstream has the payout: the create got no readable
 * answer (or the object lost it mid-call) and the upstream never showed it knows the payout.
 * Only then does a "not created" answer count; after an accepted create it is a glitch.
 */
function createFateUnknown(store: PayoutStore, row: PayoutRow, config: Config): boolean {
  if (store.reconcile().heard === 1) return false;
  if (row.create_state === 'unknown') return true;
  return (
    row.create_state === 'sending' && Date.now() - row.created_at > 2 * config.upstreamTimeoutMs
  );
}

/**
 * One status query, applied. Answers true when the outcome is still unknown afterwards. With
 * `horizon`, an unknown answer past the reconcile horizon makes the payout `needs_review` (one
 * anomaly).
 */
export async function queryStatus(
  env: ProxyEnv,
  store: PayoutStore,
  config: Config,
  horizon: boolean,
): Promise<boolean> {
  const before = store.row()!;
  const result = await callUpstream(env, config, UPSTREAM_PATHS.status, {
    params: { id: before.reference, type: 'payout' },
  });
  // Other events ran during the call: read everything again.
  const row = store.row()!;
  if (result.kind === 'ok') {
    store.markHeard();
    const data = (result.body.data ?? {}) as Record<string, unknown>;
    const outcome = statusRecordOutcome(data);
    if (outcome !== 'unknown') {
      applyReport(
        store,
        finalReport('status_query', outcome, {
          status: data.status,
          status_code: data.status_code,
          amount: data.amount,
          currency: data.currency,
          upstream_reference: data.ref,
          failureReason: data.failureReason,
        }),
      );
      return false;
    }
  } else if (
    result.kind === 'rejected' &&
    result.status === 400 &&
    createFateUnknown(store, row, config)
  ) {
    const count = store.countNotCreated();
    if (count >= NOT_CREATED_LIMIT) {
      applyEvent(
        store,
        'confirmed_failed',
        notChargedReport(
          `The payment service has no record of this payout (${count} status queries).`,
          {
            source: 'status_query',
            answer: 'not_created',
            http_status: 400,
            message: result.message,
            count,
          },
        ),
      );
      return false;
    }
  }
  store.setLastAnswer(unknownAnswer(result));
  if (horizon && row.status === 'pending' && pastHorizon(config, row.created_at)) {
    applyEvent(store, 'horizon_reached', {
      outcome: 'unknown',
      money: {},
      failure: null,
      reported: {},
    });
    return false;
  }
  return true;
}

/**
 * The `reconcile` task: one status query while the payout is pending, then the next one
 * scheduled with backoff while the outcome stays unknown.
 */
export async function runReconcileTask(
  env: ProxyEnv,
  store: PayoutStore,
  config: Config,
  task: Task<TaskKind>,
): Promise<void> {
  const { tasks } = store.open();
  const row = store.row();
  if (!row || row.status !== 'pending') {
    tasks.cancel(task.key);
    return;
  }
  const unknown = await queryStatus(env, store, config, true);
  const after = store.row();
  if (!unknown || !after || after.status !== 'pending') return;
  scheduleNextQuery(tasks, task, config, after.created_at);
}
