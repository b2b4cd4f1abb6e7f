/**
 * Sending a payout batch (docs/payout-batches.md, "Sending"): the `send` task keeps at most
 * `PAYOUT_BATCH_CONCURRENCY` creates in flight to the rows' Payout objects (the one payout
 * lifecycle), a slot taking the next row as soon as its create answered, and schedules itself
 * again at once while rows are left, so alarms drive the batch and no request waits on it. The
 * `follow` task reads the sent rows' payouts until each settled.
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

/** How long one `send` run hands rows over before the batch's other tasks get the alarm. */
export const SEND_RUN_MS = 1_000;

/** How often a long `send` run moves its watchdog on (a write, not one per row). */
const WATCH_REFRESH_MS = WATCHDOG_GRACE_MS / 2;

/** Rows whose payouts one `follow` run reads. */
export const FOLLOW_PAGE = 100;

/** Where a `follow` sweep is (kept in its task's `ref`): the last line read, and whether a
 * read of this sweep found a change. */
interface Sweep {
  after: number;
  changed: boolean;
}

function sweepOf(ref: string | null | undefined): Sweep {
  const sweep = ref ? (JSON.parse(ref) as Partial<Sweep>) : {};
  return { after: sweep.after ?? 0, changed: sweep.changed ?? false };
}

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
 * The `send` task: a pool of at most `PAYOUT_BATCH_CONCURRENCY` creates in flight, each slot
 * taking the next row as soon as its own call has answered (one slow Payout object holds its
 * slot, not the others). The rows left `sending` by an eviction go first, then the queued ones,
 * each marked `sending` in the same synchronous step as, and before, its Payout object is
 * asked. A row's later outcome is the payout's own (its callback, its status queries): the
 * `follow` task counts it when it comes, so no slot waits for it. A run hands rows over for at
 * most {@link SEND_RUN_MS}, then the alarm's other tasks run and the task comes due again at
 * once. Throws (the queue retries with backoff) when a Payout object could not be reached; those
 * rows stay `sending` and are asked again.
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
  const createdBy = { request_id: batch.batch_id, key_id: batch.approved_by?.key_id ?? '' };
  const until = Date.now() + SEND_RUN_MS;
  // A run holds no row yet: every `sending` row was left by an earlier run that did not end.
  const resumed = store.rowsIn('sending', -1);
  let unreachable = 0;
  let watchedAt = 0;
  const next = (): { row: RowRecord; resumed: boolean } | null => {
    if (unreachable > 0 || Date.now() >= until || store.batch()?.status !== 'sending') return null;
    // While calls are out the task stays, due after they must have answered: an eviction or
    // a crash now leaves the alarm to resume from the rows' records.
    if (Date.now() - watchedAt >= WATCH_REFRESH_MS) {
      watch(store, 'send', config.upstreamTimeoutMs);
      watchedAt = Date.now();
    }
    const again = resumed.shift();
    if (again) return { row: again, resumed: true };
    const [row] = store.rowsIn('queued', 1);
    if (!row) return null;
    // The sent record, written before the Payout object is asked (one synchronous step).
    store.claim(row.line);
    return { row: { ...row, tries: row.tries + 1 }, resumed: false };
  };
  const slot = async (): Promise<void> => {
    for (let work = next(); work; work = next()) {
      let answer: Outcome<Created>;
      try {
        answer = await payoutStub(env, work.row.payout_reference).create(
          payoutOf(work.row),
          createdBy,
        );
      } catch {
        unreachable += 1;
        continue;
      }
      recordAnswer(store, work.row, work.resumed, answer);
    }
  };
  await Promise.all(Array.from({ length: config.payoutBatchConcurrency }, slot));
  tasks.cancel('send');
  planNext(store);
  if (unreachable > 0) throw new Error(`${unreachable} payout objects could not be reached`);
}

/**
 * The `follow` task: reads the sent, unsettled rows' payouts, a page per run. A sweep reads
 * every unsettled row, a page a second (so rows settled further down are counted even while
 * the first page waits on late outcomes); the wait before the next sweep grows while sweeps
 * find nothing new (see followDelay).
 */
export async function runFollow(cx: BatchContext): Promise<void> {
  const { store, env } = cx;
  const { tasks } = store.open();
  const task = tasks.get('follow');
  const quiet = task?.tries ?? 0;
  const sweep = sweepOf(task?.ref);
  watch(store, 'follow', cx.config.upstreamTimeoutMs);
  const open = store.unsettled(FOLLOW_PAGE, sweep.after);
  const views = await Promise.all(open.map((row) => payoutStub(env, row.payout_reference).view()));
  let changed = sweep.changed;
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
  const last = open.at(-1);
  if (open.length === FOLLOW_PAGE && last) {
    // More rows after this page: the sweep goes on a second later (at most a page of reads a
    // second, each a billed request to a Payout object).
    const next: Sweep = { after: last.line, changed };
    tasks.schedule('follow', 'follow', Date.now() + FOLLOW_EVERY_MS, JSON.stringify(next), quiet);
  }
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
