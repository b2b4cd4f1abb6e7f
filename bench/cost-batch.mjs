/**
 * Cost per payout batch row: the operations Cloudflare bills for a batch row, from the batch's
 * creation to its `payout_batch.completed` webhook, counted by the same dev-only counting build
 * as the cost per payment (bench/cost.mjs, worker/dev-cost/). Two batches of paying rows (the
 * sandbox pays numbers ending 000 at once) on one stack: the small one's counts are the
 * batch's own part plus its rows, and the difference between the two, divided by the extra
 * rows, is what each row adds.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { startDevStack } from '../test/support/dev-stack.mjs';
import { counters, settled, startReceiver, until } from './cost.mjs';
import { devVars } from './lib/credentials.mjs';
import { request } from './lib/http.mjs';
import { freePort } from './lib/servers.mjs';
import { tempDir } from './lib/temp.mjs';

const APPROVER = `uc_test_approver_${randomBytes(32).toString('base64url')}`;

/** A JSON call with `key`. */
async function call(base, method, path, key, body) {
  const headers = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(method, base + path, {
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text);
}

/** Sends one batch of `rows` paying rows and answers the counts until it is settled. */
async function batchCounts(base, receiver, rows) {
  await counters(base, true);
  const tag = `${Date.now().toString(36)}-${rows}`;
  const batch = await call(base, 'POST', '/v1/payout-batches', devVars().MERCHANT_API_KEY, {
    rows: Array.from({ length: rows }, (_, i) => ({
      reference: `cost-${tag}-${i + 1}`,
      amount: 100,
      currency: 'UGX',
      mobile: '256772111000',
      method: 'mtn',
    })),
  });
  await call(base, 'POST', `/v1/payout-batches/${batch.id}/approve`, APPROVER);
  await until(
    () => receiver.events.some((e) => e.type === 'payout_batch.completed' && e.batch === batch.id),
    180_000,
    'payout_batch.completed webhook',
  );
  return settled(base);
}

/**
 * Measures a batch of `small` rows and one of `large`.
 * @returns {Promise<{ small: Record<string, number>, large: Record<string, number>, perRow: Record<string, number>, rows: [number, number] }>}
 */
export async function measureBatchCost(small = 5, large = 25) {
  const receiver = await startReceiver();
  const stack = await startDevStack({
    port: await freePort(),
    inspectorPort: await freePort(),
    persistTo: tempDir('uc-bench-cost-batch-'),
    costCounters: true,
    vars: {
      MERCHANT_WEBHOOK_URL: receiver.url,
      MERCHANT_API_KEYS: JSON.stringify([{ key: APPROVER, scope: 'full' }]),
    },
  });
  try {
    const a = await batchCounts(stack.base, receiver, small);
    const b = await batchCounts(stack.base, receiver, large);
    const perRow = Object.fromEntries(
      Object.keys(b).map((k) => [k, ((b[k] ?? 0) - (a[k] ?? 0)) / (large - small)]),
    );
    return { small: a, large: b, perRow, rows: [small, large] };
  } finally {
    receiver.close();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { isolateDevRegistry } = await import('./lib/servers.mjs');
  const { closeIdle } = await import('./lib/http.mjs');
  const { removeTempDirs } = await import('./lib/temp.mjs');
  isolateDevRegistry();
  try {
    const cost = await measureBatchCost();
    console.log(JSON.stringify(cost, null, 2));
  } finally {
    closeIdle();
    removeTempDirs();
  }
}
