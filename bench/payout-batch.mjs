// `node bench/payout-batch.mjs [--rows 1000] [--kill]`: one payout batch against a fresh dev
// stack (docs/payout-batches.md). Its rows mix the sandbox's success, failure, silent success,
// 000006-then-success and 000006-then-failure scripts (the sandbox's clock at 20x, so the late
// ones settle in seconds). Measures rows sent a second and the time to completion, then checks
// that the sandbox made exactly one payout per row, that the counts are exact and that
// `payout_batch.completed` came once. `--kill` SIGKILLs the whole stack (wrangler and both
// workerd processes) once a third of the rows are sent, restarts it on the same state, and the
// batch must finish with no row sent twice.
import { randomBytes } from 'node:crypto';
import { startDevStack } from '../test/support/dev-stack.mjs';
import { closeIdle, request } from './lib/http.mjs';
import { sampleLiveObjects } from './lib/live-objects.mjs';
import { freePort, isolateDevRegistry } from './lib/servers.mjs';
import { removeTempDirs, tempDir } from './lib/temp.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const ROWS = Number(arg('--rows', '1000'));
const KILL = process.argv.includes('--kill');
const ENDINGS = ['000', '001', '003', '007', '008'];
const FAILS = new Set(['001', '008']);

const CREATOR = 'dev-merchant-key';
const APPROVER = `uc_test_approver_${randomBytes(32).toString('base64url')}`;

isolateDevRegistry();
const port = await freePort();
const persistTo = tempDir('uc-bench-batch-');
const vars = {
  MERCHANT_API_KEYS: JSON.stringify([{ key: APPROVER, scope: 'full' }]),
  SANDBOX_TIME_SCALE: '20',
};
const start = () => startDevStack({ port, inspectorPort: port + 1000, persistTo, vars });

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

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

let stack = await start();
try {
  const tag = Date.now().toString(36);
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    reference: `bench-${tag}-${i + 1}`,
    amount: 100,
    currency: 'UGX',
    mobile: `256772111${ENDINGS[i % ENDINGS.length]}`,
    method: 'mtn',
  }));
  const created = await call(stack.base, 'POST', '/v1/payout-batches', CREATOR, { rows });
  if (created.status !== 201)
    throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
  const id = created.json.id;
  const approved = await call(stack.base, 'POST', `/v1/payout-batches/${id}/approve`, APPROVER);
  if (approved.status !== 200)
    throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.json)}`);
  const t0 = performance.now();
  // The objects the stack keeps alive while the batch runs (bench/lib/live-objects.mjs).
  const sampler = sampleLiveObjects(persistTo);
  let sentAt = null;
  let killed = false;
  let view;
  for (;;) {
    // A readiness poll of the batch's own progress (this script is the batch's only client).
    const res = await call(stack.base, 'GET', `/v1/payout-batches/${id}`, CREATOR);
    view = res.json;
    if (sentAt === null && view.progress.sent === view.progress.total) sentAt = performance.now();
    if (view.status === 'completed') break;
    if (KILL && !killed && view.progress.sent >= ROWS / 3) {
      process.kill(-stack.pgid, 'SIGKILL');
      await stack.stop();
      killed = true;
      console.error(`killed the stack at ${view.progress.sent} rows sent; restarting`);
      stack = await start();
      continue;
    }
    if (performance.now() - t0 > 15 * 60_000)
      throw new Error(`not completed: ${JSON.stringify(view)}`);
    await pause(500);
  }
  const done = performance.now();
  const alive = sampler.stop();
  const txs = (await call(stack.base, 'GET', '/sandbox/control/transactions?limit=1000', CREATOR))
    .json.transactions;
  const made = new Map(rows.map((r) => [r.reference, 0]));
  for (const tx of txs) {
    const ref = tx.third_party_reference_1;
    if (made.has(ref)) made.set(ref, made.get(ref) + 1);
  }
  const twice = [...made.values()].filter((n) => n > 1).length;
  const never = [...made.values()].filter((n) => n === 0).length;
  const failed = rows.filter((r) => FAILS.has(r.mobile.slice(-3))).length;
  // The completion's webhook is delivered by the batch's alarm a moment after: waited for.
  let completed = 0;
  for (let i = 0; i < 60 && completed === 0; i++) {
    const webhooks = (await call(stack.base, 'GET', '/dev/webhooks', CREATOR)).json.webhooks ?? [];
    completed = webhooks.filter(
      (w) => w.body?.type === 'payout_batch.completed' && w.body?.data?.batch_id === id,
    ).length;
    if (completed === 0) await pause(500);
  }
  const results = {
    rows: ROWS,
    killed,
    rows_sent_per_second:
      sentAt === null ? null : Number((ROWS / ((sentAt - t0) / 1000)).toFixed(1)),
    seconds_to_send: sentAt === null ? null : Number(((sentAt - t0) / 1000).toFixed(1)),
    seconds_to_complete: Number(((done - t0) / 1000).toFixed(1)),
    sandbox_transactions: txs.length,
    rows_sent_twice: twice,
    rows_never_sent: never,
    counts_exact: view.counts.succeeded === ROWS - failed && view.counts.failed === failed,
    completed_webhooks: completed,
    peak_live_objects: alive.objects,
    peak_live_by_class: alive.byClass,
    peak_open_files: alive.files,
    peak_rss_mib: alive.rssMiB,
  };
  console.log(JSON.stringify(results, null, 2));
  const ok = twice === 0 && never === 0 && results.counts_exact && completed === 1;
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
  closeIdle();
  removeTempDirs();
}
