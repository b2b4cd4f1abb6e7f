/**
 * Sending a payout batch (docs/payout-batches.md, "Sending"): the `send` task hands the next
 * rows, at most `PAYOUT_BATCH_CONCURRENCY` side by side, to their Payout objects (the one payout
 * lifecycle), and schedules itself again at once while rows are left, so alarms drive the batch
 * and no request waits on it. The `follow` task reads the sent rows' payouts until each settled.
 *
 * No row is ever sent twice: a row is marked `sending` in the same synchronous step, before its
 * Payout object is asked. After an eviction or a crash the record decides: a `sending` row is
 * asked again under the same reference (the Payout object's create is idempotent by reference,
 * so it answers what became of it and sends nothing new); a `queued` row was never handed over.
 * A queued row whose reference already holds a payout was used before the batch sent it: it is
 * refused (`reference_used`), never counted as the batch's.
 * @module
 */
import { MAX_REFERENCE_LENGTH } from '../../shared/references';
import type { PayoutBody } from '../../shared/schemas';
import type { Outcome } from '../durable/outcome';
import type { Created } from '../payout/create';
import { payoutStub } from '../stubs';
import { completeIfDone, pause } from './lifecycle';
import type { BatchContext } from './context';
import type { BatchStore, BatchTaskKind, RowRecord } from './store';

/** How soon the sent rows' payouts are read again after a read that found a change. */
export const FOLLOW_EVERY_MS = 1_000;

/**
 * The longest wait between reads once reads find nothing new (1, 2, 4, 8, then 11 s). Past
 * workerd's 10 s of idleness a Payout object that nothing else wakes is let go, so a batch
 * waiting on late outcomes does not hold its followed payouts (and their databases) alive.
 */
export const FOLLOW_CAP_MS = 11_000;

/** The wait before the follow read after `quiet` reads in a row found nothing new. */
export function followDelay(quiet: number): number {
  return Math.min(FOLLOW_EVERY_MS * 2 ** Math.min(quiet, 10), FOLLOW_CAP_MS);
}

/** How long after its calls' timeout a running task's watchdog comes due. */
const WATCHDOG_GRACE_MS = 1_000;

/** Rows whose payouts one `follow` run reads. */
const FOLLOW_PAGE = 100;

/** The upstream's refusal that pauses a batch rather than failing its row. */
const SHORT_BALANCE = /insufficient wallet balance/i;

/**
 * The reference of a row's n-th send, `<reference>.<n>`, cut to the longest reference (a cut
 * one that meets another payout is refused as used, never sent twice).
 */
export function retryReference(reference: string, n: number): string {
  const suffix = `.${n}`;
  return reference.slice(0, MAX_REFERENCE_LENGTH - suffix.length) + suffix;
}

/** The payout a row sends now (its reference is the row's current payout reference). */
function payoutOf(row: RowRecord): PayoutBody {
  return { ...(JSON.parse(row.body) as PayoutBody), reference: row.payout_reference };
}

/** Writes what the Payout object answered about one row. */
function recordAnswer(
  store: BatchStore,
  row: RowRecord,
  resumed: boolean,
  outcome: Outcome<Created>,
): void {
  if (outcome.ok) {
    const { created, payout } = outcome.value;
    if (!created && !resumed) {
      // The reference held a payout before this batch handed the row over.
      store.setRow(row.line, {
        state: 'canceled',
        failure: 'reference_used: a payout with this reference existed before the batch sent it',
      });
      return;
    }
    store.setRow(row.line, {
      state: 'sent',
      payout_status: payout.status,
      upstream_reference: payout.upstream_reference,
      failure: payout.failure?.message ?? null,
    });
    return;
  }
  const upstream = String(outcome.body.error.details?.upstream_message ?? '');
  if (outcome.body.error.code === 'UPSTREAM_REJECTED' && SHORT_BALANCE.test(upstream)) {
    // Refused, not charged: the row waits for `resume` under a new payout reference (its first
    // payout is failed for good and keeps its own record).
    store.setRow(row.line, {
      state: 'queued',
      payout_reference: retryReference(row.reference, row.tries + 1),
      failure: null,
    });
    pause(store, upstream);
    return;
  }
  if (outcome.body.error.code === 'SESSION_CONFLICT' && !resumed) {
    store.setRow(row.line, {
      state: 'canceled',
      failure: 'reference_used: a payout with this reference and other terms exists',
    });
    return;
  }
  store.setRow(row.line, {
    state: 'sent',
    payout_status: 'failed',
    failure: upstream || outcome.body.error.message,
  });
}

/**
 * The `send` task: the rows left `sending` by an eviction first, then the next queued ones,
 * each marked `sending` before any is asked. Throws (the queue retries with backoff) when a
 * Payout object could not be reached; those rows stay `sending` and are asked again.
 */
export async function runSend(cx: BatchContext): Promise<void> {
  const { store, env } = cx;
  const { tasks } = store.open();
  const batch = store.batch();
  if (batch?.status !== 'sending') {
    tasks.cancel('send');
    return;
  }
  const config = cx.config;
  // While the calls are out the task stays, due after they must have answered: an eviction
  // or a crash now leaves the alarm to resume from the rows' records.
  watch(store, 'send', config.upstreamTimeoutMs);
  const limit = config.payoutBatchConcurrency;
  const resumed = store.rowsIn('sending', limit);
  const fresh = store.rowsIn('queued', limit - resumed.length);
  // The sent record, written before any Payout object is asked (one synchronous step).
  for (const row of fresh) store.claim(row.line);
  const createdBy = { request_id: batch.batch_id, key_id: batch.approved_by?.key_id ?? '' };
  const work = [
    ...resumed.map((row) => ({ row, resumed: true })),
    ...fresh.map((row) => ({ row: { ...row, tries: row.tries + 1 }, resumed: false })),
  ];
  const answers = await Promise.allSettled(
    work.map(async ({ row }) =>
      payoutStub(env, row.payout_reference).create(payoutOf(row), createdBy),
    ),
  );
  let unreachable = 0;
  answers.forEach((answer, i) => {
    const { row, resumed: again } = work[i]!;
    if (answer.status === 'fulfilled') recordAnswer(store, row, again, answer.value);
    else unreachable += 1;
  });
  tasks.cancel('send');
  planNext(store);
  if (unreachable > 0) throw new Error(`${unreachable} payout objects could not be reached`);
}

/** The `follow` task: reads the sent, unsettled rows' payouts (a page per run). */
export async function runFollow(cx: BatchContext): Promise<void> {
  const { store, env } = cx;
  const { tasks } = store.open();
  const quiet = tasks.get('follow')?.tries ?? 0;
  watch(store, 'follow', cx.config.upstreamTimeoutMs);
  const open = store.unsettled(FOLLOW_PAGE);
  const views = await Promise.all(open.map((row) => payoutStub(env, row.payout_reference).view()));
  let changed = false;
  views.forEach((view, i) => {
    if (!view.ok) return;
    changed ||= view.value.status !== open[i]!.payout_status;
    store.setRow(open[i]!.line, {
      payout_status: view.value.status,
      upstream_reference: view.value.upstream_reference,
      failure: view.value.failure?.message ?? null,
    });
  });
  tasks.cancel('follow');
  planNext(store, changed ? 0 : quiet + 1);
}

/** Keeps a running task scheduled as its own watchdog, due once its calls must have ended. */
export function watch(store: BatchStore, kind: BatchTaskKind, timeoutMs: number): void {
  store.open().tasks.schedule(kind, kind, Date.now() + timeoutMs + WATCHDOG_GRACE_MS, null);
}

/**
 * Schedules what the batch does next: more rows now, a read of its payouts soon (after `quiet`
 * reads that found nothing new: see followDelay), or its end.
 */
export function planNext(store: BatchStore, quiet = 0): void {
  const { tasks } = store.open();
  const batch = store.batch();
  if (!batch) return;
  const sendable = store.rowsIn('sending', 1).length + store.rowsIn('queued', 1).length;
  if (batch.status === 'sending' && sendable > 0) tasks.schedule('send', 'send', Date.now(), null);
  if (store.unsettled(1).length > 0 && !tasks.get('follow')) {
    tasks.schedule('follow', 'follow', Date.now() + followDelay(quiet), null, quiet);
  }
  completeIfDone(store);
}
