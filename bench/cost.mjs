/**
 * Cost per payment: the operations Cloudflare bills for one M-PESA payment,
 * from session creation to the delivered webhook, and for each status query of an attempt that
 * stays pending; counted by the dev-only counting build of the proxy
 * (worker/dev-cost/entry.ts, `GET /dev/cost`) on a stack of its own, with webhooks sent to a
 * Node receiver here (as a merchant's server would be: not a request to the proxy).
 * @module
 */
import { createServer } from 'node:http';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { startDevStack } from '../test/support/dev-stack.mjs';
import { AMOUNT, PENDING_MOBILE, createSession, nextPayer, payerIp } from './lib/api.mjs';
import { request } from './lib/http.mjs';
import { freePort, root } from './lib/servers.mjs';
import { tempDir } from './lib/temp.mjs';

/** A Kenyan number the sandbox approves (and calls back about). */
const PAYING_MOBILE = '254712345000';
/** Status queries of the pending attempt counted (delays 1, 2, 4 s: about 7 s). */
const PENDING_CHECKS = 3;

/**
 * Workers Paid list prices, USD per million operations beyond the included amounts (read
 * 2026-11-25): https://developers.cloudflare.com/workers/platform/pricing/ ,
 * https://developers.cloudflare.com/durable-objects/platform/pricing/ ,
 * https://developers.cloudflare.com/d1/platform/pricing/ .
 */
export const LIST_PRICES = {
  worker_requests: 0.3,
  do_requests: 0.15,
  storage_rows_read: 0.001,
  storage_rows_written: 1.0,
  d1_rows_read: 0.001,
  d1_rows_written: 1.0,
  subrequests: 0,
};

/** @typedef {Record<string, number>} Counts */

/** Reads (or with `reset`, zeroes) the stack's counters; neither request is counted. */
export async function counters(base, reset = false) {
  const res = await request(reset ? 'POST' : 'GET', `${base}/dev/cost${reset ? '/reset' : ''}`);
  if (reset) return {};
  if (res.status !== 200) throw new Error(`GET /dev/cost answered ${res.status}`);
  return /** @type {Counts} */ (JSON.parse(res.text));
}

/** Resolves once `check()` holds (checked every 100 ms), failing after `ms`. */
export async function until(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`cost: no ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The counts once the stack is quiet: read until two reads 1 s apart agree (the index batch
 * waits 250 ms, a webhook's delivery answers at once; nothing else is due).
 */
export async function settled(base) {
  let last = JSON.stringify(await counters(base));
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = JSON.stringify(await counters(base));
    if (now === last) return /** @type {Counts} */ (JSON.parse(now));
    last = now;
  }
}

/** A webhook receiver on a free port: records each event's type, session and batch; answers 200. */
export async function startReceiver() {
  /** @type {{ type: string, session: string, batch?: string }[]} */
  const events = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      try {
        const event = JSON.parse(body);
        events.push({
          type: event.type,
          session: event.data?.session_id ?? event.data?.id,
          batch: event.data?.batch_id,
        });
      } catch {
        /* not an event */
      }
      res.writeHead(200).end();
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://127.0.0.1:${port}/webhooks`, events, close: () => server.close() };
}

/** Starts an M-PESA attempt for `mobile` as the widget does. */
async function startAttempt(base, sessionId, mobile) {
  const res = await request('POST', `${base}/v1/checkout/${sessionId}/attempts`, {
    headers: {
      'content-type': 'application/json',
      origin: base,
      'cf-connecting-ip': payerIp(nextPayer()),
    },
    body: JSON.stringify({ country_id: 1, method: 'send money', mobile }),
  });
  if (res.status !== 201) throw new Error(`POST attempts answered ${res.status}: ${res.text}`);
}

/**
 * Measures one paid session and the status queries of a pending one.
 * @returns {Promise<{ payment: Counts, pendingCheck: Counts, checks: number }>}
 */
export async function measureCost() {
  const receiver = await startReceiver();
  const port = await freePort();
  const stack = await startDevStack({
    port,
    inspectorPort: await freePort(),
    persistTo: tempDir('uc-bench-cost-'),
    costCounters: true,
    vars: {
      MERCHANT_WEBHOOK_URL: receiver.url,
      // Status queries 1, 2, 4… s apart; the sandbox calls back 8 s after the payer approves,
      // so the paid attempt is asked about while pending too, as in production.
      RECONCILE_DELAY_SECONDS: '1',
      SANDBOX_CALLBACK_DELAY_MS: '8000',
    },
  });
  try {
    const base = stack.base;
    // One paid session, from its creation to its delivered webhook (and the index writes after).
    await counters(base, true);
    const paid = await createSession(base, `cost-paid-${Date.now()}`);
    await startAttempt(base, paid, PAYING_MOBILE);
    await until(
      () => receiver.events.some((e) => e.session === paid && e.type === 'checkout.succeeded'),
      60_000,
      'checkout.succeeded webhook',
    );
    const payment = await settled(base);

    // A pending attempt (the sandbox never answers it): the counts of its status queries only.
    const pending = await createSession(base, `cost-pending-${Date.now()}`);
    await startAttempt(base, pending, PENDING_MOBILE);
    await settled(base);
    await counters(base, true);
    await until(
      async () => (await counters(base)).subrequests >= PENDING_CHECKS,
      60_000,
      `${PENDING_CHECKS} status queries`,
    );
    const checks = await settled(base);
    const pendingCheck = Object.fromEntries(
      Object.entries(checks).map(([k, v]) => [k, v / checks.subrequests]),
    );
    return { payment, pendingCheck, checks: checks.subrequests, amount: AMOUNT };
  } finally {
    receiver.close();
    await stack.stop();
  }
}

const fmt = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const usd = (n) => (n === 0 ? '$0' : n >= 1 ? `$${n.toFixed(2)}` : `$${n.toPrecision(2)}`);

/** The dollar figure of some counts at list price (alarms are Durable Object requests). */
function priceOf(counts, key) {
  const n = key === 'do_requests' ? counts.do_requests + counts.alarms : counts[key];
  return (n * (LIST_PRICES[key] ?? 0)) / 1e6;
}

const ROWS = [
  ['worker_requests', 'Worker requests'],
  ['do_requests', 'Durable Object requests (stub calls; the cost adds the alarms)'],
  ['alarms', 'Alarms (priced as Durable Object requests)'],
  ['storage_rows_read', 'DO storage rows read'],
  ['storage_rows_written', 'DO storage rows written'],
  ['d1_queries', 'D1 queries'],
  ['d1_rows_read', 'D1 rows read'],
  ['d1_rows_written', 'D1 rows written'],
  ['subrequests', 'Subrequests (upstream, webhooks)'],
];

/**
 * The cost table (markdown): each count for the paid session and per status query of a
 * pending attempt, beside the list price of a million and the cost of a million payments.
 * @param {{ payment: Counts, pendingCheck: Counts }} cost
 */
export function costTable({ payment, pendingCheck }) {
  const lines = [
    '| Operation | One paid payment | Each status query while pending | List price (per million) | A million payments |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  let total = 0;
  for (const [key, label] of ROWS) {
    const price = key in LIST_PRICES ? usd(LIST_PRICES[key]) : '(in DO requests)';
    const dollars = key in LIST_PRICES ? priceOf(payment, key) * 1e6 : null;
    if (dollars !== null) total += dollars;
    lines.push(
      `| ${label} | ${fmt(payment[key])} | ${fmt(pendingCheck[key])} | ${key === 'alarms' || key === 'd1_queries' ? '—' : price} | ${dollars === null || key === 'd1_queries' ? '—' : usd(dollars)} |`,
    );
  }
  lines.push(`| **Total at list price** | | | | **${usd(total)}** |`);
  return lines.join('\n');
}

/**
 * Writes the table between `<!-- bench:cost:start -->` and `<!-- bench:cost:end -->` of
 * docs/benchmarks.md (nothing else is touched).
 * @param {string} block markdown
 */
export function writeCostTable(block) {
  const file = path.join(root, 'docs/benchmarks.md');
  const start = '<!-- bench:cost:start -->';
  const end = '<!-- bench:cost:end -->';
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error('docs/benchmarks.md has no bench:cost markers');
  writeFileSync(
    file,
    text.slice(0, i) + `${start}\n\n${block.trim()}\n\n${end}` + text.slice(j + end.length),
  );
}
