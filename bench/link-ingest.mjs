/**
 * Payment-link callback ingest under a storm: `payments` distinct hosted-checkout payments
 * (one upstream reference each), one credited callback per payment plus 0–2 duplicates (half
 * exact replays, half the same params signed again), shuffled with a fixed seed and POSTed to
 * `/hooks/payment-links` by concurrent senders. Then the merchant's payment-link webhooks are
 * read back: `link_ingest_lost` counts payments without their `payment_link.paid` event,
 * `link_ingest_extra` events beyond one per payment.
 * @module
 */
import { devVars } from './lib/credentials.mjs';
import { request } from './lib/http.mjs';
import { stormBodies } from './lib/signing.mjs';
import { mulberry32, percentile, pool, round } from './lib/stats.mjs';

const json = { 'content-type': 'application/json' };

/**
 * Params of a credited hosted-checkout payment callback.
 * @param {string} upstreamRef
 * @param {number} i
 */
function paidParams(upstreamRef, i) {
  return {
    amount: 1500,
    currency: 'KES',
    depositId: upstreamRef,
    mobile: '254712345000',
    name: 'Bench Payer',
    payment_step: 2,
    reference: upstreamRef,
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: `PL-BENCH-${i % 50}`,
  };
}

/**
 * Runs the storm and checks that every payment got exactly one `payment_link.paid`.
 *
 * @example
 * await measureLinkIngest({ base, payments: 2000, concurrency: 32 });
 * @param {{ base: string, payments: number, concurrency: number, seed?: number, probe?: { start(): Promise<void> | void, stop(): Promise<unknown> | unknown } }} options
 */
export async function measureLinkIngest({ base, payments, concurrency, seed = 20261124, probe }) {
  const random = mulberry32(seed);
  const run = Date.now().toString(36);
  const refs = Array.from({ length: payments }, (_, i) => `PLB-${run}-${i}`);
  const { bodies, duplicates } = await stormBodies(
    refs.map((ref, i) => paidParams(ref, i)),
    random,
  );

  const latencies = [];
  let refused = 0;
  await probe?.start();
  const started = performance.now();
  await pool(bodies.length, concurrency, async (i) => {
    const res = await request('POST', `${base}/hooks/payment-links`, {
      headers: json,
      body: bodies[i],
    });
    latencies.push(res.ms);
    if (res.status !== 200) refused += 1;
  });
  const seconds = (performance.now() - started) / 1000;
  const probed = await probe?.stop();

  const res = await request('GET', `${base}/v1/webhooks/payment-links`, {
    headers: { authorization: `Bearer ${devVars().MERCHANT_API_KEY}` },
  });
  if (res.status !== 200) throw new Error(`GET /v1/webhooks/payment-links answered ${res.status}`);
  /** @type {{ id: string, type: string }[]} */
  const webhooks = JSON.parse(res.text).webhooks;
  const paid = new Map();
  for (const hook of webhooks) {
    if (hook.type === 'payment_link.paid' && hook.id.startsWith(`evt_pl_PLB-${run}-`)) {
      paid.set(hook.id, (paid.get(hook.id) ?? 0) + 1);
    }
  }
  const lost = refs.filter((ref) => !paid.has(`evt_pl_${ref}_paid`)).length;
  const extra = [...paid.values()].reduce((sum, n) => sum + n - 1, 0);
  const results = {
    link_ingest_callbacks_per_s: round(bodies.length / seconds, 0),
    link_ingest_lost: lost,
    link_ingest_extra: extra,
    link_ingest_refused: refused,
    link_ingest_callbacks: bodies.length,
    link_ingest_duplicate_share: round(duplicates / bodies.length, 3),
    link_ingest_callback_ms_p50: round(percentile(latencies, 50)),
    link_ingest_callback_ms_p99: round(percentile(latencies, 99)),
  };
  return { results, probe: probed };
}
