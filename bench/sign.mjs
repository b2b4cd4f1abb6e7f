/**
 * Envelope signatures per second inside workerd: the bench-only Worker in bench/sign-worker/
 * runs shared/signing.ts `signEnvelope` n times per request. Inside workerd the clock stands
 * still while code runs (it only moves on I/O), so the time is taken outside: the median time
 * of a request signing n envelopes minus the median time of an empty request (n=0), over
 * interleaved rounds after a warm-up.
 * @module
 */
import { request } from './lib/http.mjs';
import { median, round } from './lib/stats.mjs';

/**
 * Measures `sign_per_s` against a running sign worker.
 *
 * @example
 * await measureSign({ base, n: 50_000, rounds: 15 });
 * @param {{ base: string, n: number, rounds: number }} options
 */
export async function measureSign({ base, n, rounds }) {
  const call = async (count) => {
    const res = await request('GET', `${base}/sign?n=${count}`);
    if (res.status !== 200 || JSON.parse(res.text).n !== count) {
      throw new Error(`sign worker answered ${res.status}: ${res.text.slice(0, 200)}`);
    }
    return res.ms;
  };
  for (let i = 0; i < 3; i++) await call(n); // JIT warm-up
  const full = [];
  const empty = [];
  for (let i = 0; i < rounds; i++) {
    empty.push(await call(0));
    full.push(await call(n));
  }
  const seconds = (median(full) - median(empty)) / 1000;
  return {
    sign_per_s: round(n / seconds, 0),
    sign_us_per_envelope: round((seconds * 1e6) / n, 2),
  };
}
