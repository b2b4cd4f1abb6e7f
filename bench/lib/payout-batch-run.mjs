// One payout batch against a fresh dev stack (docs/payout-batches.md), shared by
// `bench/payout-batch.mjs` and the dev-stack test `test/scripts/payout-batch-kill.test.ts`. Its
// rows cycle the sandbox's success, failure, silent success, 000006-then-success and
// 000006-then-failure scripts. It measures rows sent a second and the time to completion, then
// reads what the sandbox made of it: one payout per row, exact counts, one
// `payout_batch.completed`. `kill` SIGKILLs the whole stack (wrangler and both workerd
// processes) with a create in flight once a third of the rows are sent, and restarts it on the same state.
import { randomBytes } from 'node:crypto';
import { startDevStack } from '../../test/support/dev-stack.mjs';
import { closeIdle, request } from './http.mjs';
import { freePort, isolateDevRegistry } from './servers.mjs';
import { removeTempDirs, tempDir } from './temp.mjs';

const ENDINGS = ['000', '001', '003', '007', '008'];
const FAILS = new Set(['001', '008']);
const CREATOR = 'dev-merchant-key';
/** How many creates the sandbox takes but holds the answers of just before the kill, and how
 * long (the one taken first is in flight when the stack is killed). */
const HELD = 4;
const HELD_MS = 3_000;
/** Before the kill, each create waits this long at the sandbox: on a quiet machine a small
 * batch is otherwise all sent between two polls, and the kill would find no row left. */
const PACE_MS = 150;

/** Sets (replaces) the sandbox's fault of one endpoint. */
async function setFault(base, fault) {
  const set = await call(base, 'POST', '/sandbox/control/faults', CREATOR, fault);
  if (set.status !== 201) throw new Error(`fault: ${set.status} ${JSON.stringify(set.json)}`);
}

/** A JSON call to the stack. */
async function call(base, method, path, key, body) {
  const headers = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(method, base + path, {
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.text ? JSON.parse(res.text) : null };
}

// A readiness poll's interval: the batch's own progress is the event waited for.
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** The sandbox's payouts, and how many each row's reference became. */
async function sandboxPayouts(base, rows) {
  const path = `/sandbox/control/transactions?limit=${rows.length}`;
  const txs = (await call(base, 'GET', path, CREATOR)).json.transactions;
  const made = new Map(rows.map((r) => [r.reference, 0]));
  for (const tx of txs) {
    const ref = tx.third_party_reference_1;
    if (made.has(ref)) made.set(ref, made.get(ref) + 1);
  }
  return { txs, made };
}

/** How many of the rows the sandbox has received. */
async function paidOut(base, rows) {
  const { made } = await sandboxPayouts(base, rows);
  return [...made.values()].filter((n) => n > 0).length;
}

/**
 * Runs one batch of `rows` rows and answers its figures and checks (`ok`: no row sent twice or
 * never, counts exact, no row canceled, one `.completed`).
 * @param {{ rows: number, kill?: boolean, timeScale?: number, pollMs?: number,
 *   vars?: Record<string, string>,
 *   sample?: (persistTo: string) => { stop(): object }, log?: (line: string) => void }} options
 */
export async function runPayoutBatch(options) {
  const { rows: count, kill = false, timeScale = 20, pollMs = 500 } = options;
  const approver = `uc_test_approver_${randomBytes(32).toString('base64url')}`;
  isolateDevRegistry();
  const port = await freePort();
  const persistTo = tempDir('uc-batch-run-');
  const vars = {
    MERCHANT_API_KEYS: JSON.stringify([{ key: approver, scope: 'full' }]),
    SANDBOX_TIME_SCALE: String(timeScale),
    ...options.vars,
  };
  const start = () => startDevStack({ port, inspectorPort: port + 1000, persistTo, vars });
  let stack = await start();
  try {
    const tag = Date.now().toString(36);
    const rows = Array.from({ length: count }, (_, i) => ({
      reference: `batch-${tag}-${i + 1}`,
      amount: 100,
      currency: 'UGX',
      mobile: `256772111${ENDINGS[i % ENDINGS.length]}`,
      method: 'mtn',
    }));
    const created = await call(stack.base, 'POST', '/v1/payout-batches', CREATOR, { rows });
    if (created.status !== 201)
      throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
    const id = created.json.id;
    if (kill)
      await setFault(stack.base, {
        endpoint: 'payouts',
        fault: 'delay',
        count: 2 * count,
        delay_ms: PACE_MS,
      });
    const approved = await call(stack.base, 'POST', `/v1/payout-batches/${id}/approve`, approver);
    if (approved.status !== 200)
      throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.json)}`);
    const t0 = performance.now();
    const sampler = options.sample?.(persistTo);
    let sentAt = null;
    let killedAt = null;
    let heldFrom = null;
    let view;
    for (;;) {
      view = (await call(stack.base, 'GET', `/v1/payout-batches/${id}`, CREATOR)).json;
      if (sentAt === null && view.progress.sent === view.progress.total) sentAt = performance.now();
      if (view.status === 'completed') break;
      // The kill lands while a create is out: once the sandbox has a third of the rows, it
      // takes the next creates but holds their answers (`answer_lost`, HELD_MS); the stack is
      // killed as soon as it has taken one. That row's payout exists upstream and in its Payout
      // object, and only the batch's own record says it was the batch's.
      const upstream = kill && killedAt === null ? await paidOut(stack.base, rows) : 0;
      if (kill && heldFrom === null && upstream >= count / 3) {
        // Replaces the pacing: the sandbox keeps one fault an endpoint.
        await setFault(stack.base, {
          endpoint: 'payouts',
          fault: 'answer_lost',
          count: HELD,
          delay_ms: HELD_MS,
        });
        // Counted after the fault is set: every payout the sandbox takes from now on is held.
        heldFrom = await paidOut(stack.base, rows);
      }
      if (kill && killedAt === null && heldFrom !== null && upstream > heldFrom) {
        process.kill(-stack.pgid, 'SIGKILL');
        await stack.stop();
        killedAt = upstream;
        options.log?.(`killed the stack at ${killedAt} rows sent; restarting`);
        stack = await start();
        continue;
      }
      if (performance.now() - t0 > 15 * 60_000)
        throw new Error(`not completed: ${JSON.stringify(view)}`);
      await pause(pollMs);
    }
    const done = performance.now();
    const alive = sampler?.stop() ?? null;
    const { txs, made } = await sandboxPayouts(stack.base, rows);
    const twice = [...made.values()].filter((n) => n > 1).length;
    const never = [...made.values()].filter((n) => n === 0).length;
    const failed = rows.filter((r) => FAILS.has(r.mobile.slice(-3))).length;
    // The completion's webhook is delivered by the batch's alarm a moment after: waited for.
    let completed = 0;
    for (let i = 0; i < 120 && completed === 0; i++) {
      const webhooks =
        (await call(stack.base, 'GET', '/dev/webhooks', CREATOR)).json.webhooks ?? [];
      completed = webhooks.filter(
        (w) => w.body?.type === 'payout_batch.completed' && w.body?.data?.batch_id === id,
      ).length;
      if (completed === 0) await pause(pollMs);
    }
    const results = {
      rows: count,
      killed_at: killedAt,
      rows_sent_per_second:
        sentAt === null ? null : Number((count / ((sentAt - t0) / 1000)).toFixed(1)),
      seconds_to_send: sentAt === null ? null : Number(((sentAt - t0) / 1000).toFixed(1)),
      seconds_to_complete: Number(((done - t0) / 1000).toFixed(1)),
      sandbox_transactions: txs.length,
      rows_sent_twice: twice,
      rows_never_sent: never,
      counts: view.counts,
      counts_exact:
        view.counts.succeeded === count - failed &&
        view.counts.failed === failed &&
        view.counts.canceled === 0,
      completed_webhooks: completed,
      ...(alive && {
        peak_live_objects: alive.objects,
        peak_live_by_class: alive.byClass,
        peak_open_files: alive.files,
        peak_rss_mib: alive.rssMiB,
      }),
    };
    const ok =
      twice === 0 && never === 0 && txs.length === count && results.counts_exact && completed === 1;
    return { ok, results };
  } finally {
    await stack.stop();
    closeIdle();
    removeTempDirs();
  }
}
