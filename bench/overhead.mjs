/**
 * Proxy overhead: starting an attempt through the proxy (`POST /v1/checkout/:id/attempts`:
 * validation, limiter, Session DO writes, signing, the upstream call through the service
 * binding, the view) versus calling the sandbox's collection endpoint directly with an
 * envelope signed beforehand (the sandbox alone, its own `wrangler dev`). Both are one HTTP
 * round trip from Node over loopback with the same params; the pairs are interleaved and their
 * order alternates, so drift and noise hit both sides alike.
 * @module
 */
import { createSession, nextPayer, PENDING_MOBILE, AMOUNT, startAttempt } from './lib/api.mjs';
import { request } from './lib/http.mjs';
import { signed } from './lib/signing.mjs';
import { median, percentile, pool, round } from './lib/stats.mjs';

/**
 * One direct call to the sandbox's collection endpoint; answers the time to the full body.
 *
 * @param {string} sandboxBase
 * @param {string} body
 */
async function directCall(sandboxBase, body) {
  const res = await request('POST', `${sandboxBase}/api/v4/service-unified-collections`, {
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
  });
  if (res.status !== 200 || JSON.parse(res.text).success !== true) {
    throw new Error(`direct collection answered ${res.status}: ${res.text.slice(0, 200)}`);
  }
  return res.ms;
}

/**
 * Measures `pairs` interleaved proxy/direct pairs after `warmup` discarded pairs.
 *
 * `probe`, when given, runs around the measured pairs (see ingest.mjs).
 *
 * @example
 * await measureOverhead({ stackBase, sandboxBase, pairs: 300, warmup: 30 });
 * @param {{ stackBase: string, sandboxBase: string, pairs: number, warmup: number, probe?: { start(): Promise<void> | void, stop(): Promise<unknown> | unknown } }} options
 */
export async function measureOverhead({ stackBase, sandboxBase, pairs, warmup, probe }) {
  const total = pairs + warmup;
  const run = Date.now().toString(36);
  const sessions = await pool(total, 4, (i) => createSession(stackBase, `bench-ovh-${run}-${i}`));
  const bodies = await pool(total, 8, async (i) =>
    JSON.stringify(
      await signed({
        amount: AMOUNT,
        currency: 'KES',
        country_id: 1,
        payment_method_type: 'send money',
        callback_url: `${stackBase}/hooks/collections`,
        third_party_reference_1: `${sessions[i]}.1`,
        third_party_reference_2: `bench-ovh-${run}-${i}`,
        mobile: PENDING_MOBILE,
      }),
    ),
  );
  const proxy = [];
  const direct = [];
  for (let i = 0; i < total; i++) {
    if (i === warmup) await probe?.start();
    let p;
    let d;
    if (i % 2 === 0) {
      p = (await startAttempt(stackBase, sessions[i], nextPayer())).ms;
      d = await directCall(sandboxBase, bodies[i]);
    } else {
      d = await directCall(sandboxBase, bodies[i]);
      p = (await startAttempt(stackBase, sessions[i], nextPayer())).ms;
    }
    if (i >= warmup) {
      proxy.push(p);
      direct.push(d);
    }
  }
  const probed = await probe?.stop();
  const overhead = proxy.map((p, i) => p - direct[i]);
  const results = {
    proxy_overhead_ms_p50: round(median(overhead)),
    proxy_overhead_ms_p99: round(percentile(overhead, 99)),
    proxy_overhead_ratio_p50: round(median(proxy) / median(direct)),
    proxy_attempt_ms_p50: round(median(proxy)),
    proxy_attempt_ms_p99: round(percentile(proxy, 99)),
    direct_collection_ms_p50: round(median(direct)),
    direct_collection_ms_p99: round(percentile(direct, 99)),
  };
  return { results, probe: probed };
}
