/**
 * Small statistics helpers for the benchmarks.
 * @module
 */

/**
 * The p-th percentile (0–100) by the nearest-rank method: the smallest value with at least
 * p% of the sample at or below it.
 *
 * @example
 * percentile([5, 1, 3, 2, 4], 50); // 3
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/**
 * The median.
 *
 * @example
 * median([3, 1, 2]); // 2
 * @param {number[]} values
 */
export function median(values) {
  return percentile(values, 50);
}

/**
 * Rounds to `digits` decimals (results stay numbers).
 *
 * @example
 * round(1.23456, 2); // 1.23
 * @param {number} value
 * @param {number} digits
 */
export function round(value, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Fisher–Yates shuffle in place with a seeded generator, so a run is reproducible.
 *
 * @example
 * shuffle([1, 2, 3], mulberry32(42));
 * @template T
 * @param {T[]} items
 * @param {() => number} random
 * @returns {T[]}
 */
export function shuffle(items, random) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/**
 * A small seeded PRNG (mulberry32) answering floats in [0, 1).
 *
 * @example
 * const random = mulberry32(7); random(); // 0.…
 * @param {number} seed
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs `task(i)` for i in [0, count) with at most `concurrency` in flight; answers the results
 * in index order.
 *
 * @example
 * await pool(100, 8, (i) => fetch(url(i)));
 * @template T
 * @param {number} count
 * @param {number} concurrency
 * @param {(i: number) => Promise<T>} task
 * @returns {Promise<T[]>}
 */
export async function pool(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
