/**
 * The query index at volume: `sessions` synthetic sessions (one attempt each) written to the
 * local D1 through the objects' guarded upsert (`POST /dev/index/bulk`, development mode
 * only), then list latency over them: `GET /v1/sessions` first pages with and without
 * filters, and pages deep in the list by cursor, one request at a time.
 * @module
 */
import { devVars } from './lib/credentials.mjs';
import { request } from './lib/http.mjs';
import { percentile, pool, round } from './lib/stats.mjs';

const json = { 'content-type': 'application/json' };

/**
 * @example
 * await measureIndex({ base, sessions: 20000, lists: 400 });
 * @param {{ base: string, sessions: number, lists: number, probe?: { start(): Promise<void> | void, stop(): Promise<unknown> | unknown } }} options
 */
export async function measureIndex({ base, sessions, lists, probe }) {
  const run = Date.now().toString(36);
  const chunk = 500;
  const baseTime = Date.now() - sessions * 1000;
  await probe?.start();
  const started = performance.now();
  const written = await pool(Math.ceil(sessions / chunk), 4, async (i) => {
    const res = await request('POST', `${base}/dev/index/bulk`, {
      headers: json,
      body: JSON.stringify({
        run,
        start: i * chunk,
        count: Math.min(chunk, sessions - i * chunk),
        batch: 100,
        base_time: baseTime,
      }),
    });
    if (res.status !== 200)
      throw new Error(`POST /dev/index/bulk answered ${res.status}: ${res.text}`);
    return JSON.parse(res.text).rows;
  });
  const writeSeconds = (performance.now() - started) / 1000;
  const rows = written.reduce((a, b) => a + b, 0);

  const auth = { authorization: `Bearer ${devVars().MERCHANT_API_KEY}` };
  const queries = [
    'limit=20',
    'limit=100',
    'status=succeeded&limit=20',
    'currency=KES&limit=20',
    'method=mtn&limit=20',
    'sub_merchant_id=7d3c8a6e-2f14-4b9a-9c1e-5a0f3b2d1e01&limit=20',
    `created_gte=${new Date(baseTime + 5000 * 1000).toISOString()}&created_lt=${new Date(baseTime + 6000 * 1000).toISOString()}&limit=50`,
  ];
  // Cursors deep in the list (page 50 of 20 rows), for the "next page" case.
  let cursor = null;
  for (let p = 0; p < 50; p++) {
    const res = await request(
      'GET',
      `${base}/v1/sessions?limit=20${cursor ? `&starting_after=${cursor}` : ''}`,
      { headers: auth },
    );
    cursor = JSON.parse(res.text).next_cursor;
  }
  queries.push(`limit=20&starting_after=${cursor}`);
  const latencies = [];
  let rowsSeen = 0;
  for (let i = 0; i < lists; i++) {
    const res = await request('GET', `${base}/v1/sessions?${queries[i % queries.length]}`, {
      headers: auth,
    });
    if (res.status !== 200) throw new Error(`GET /v1/sessions answered ${res.status}: ${res.text}`);
    rowsSeen += JSON.parse(res.text).data.length;
    latencies.push(res.ms);
  }
  const probed = await probe?.stop();
  return {
    results: {
      index_sessions: sessions,
      index_rows_written: rows,
      index_writes_per_s: round(rows / writeSeconds, 0),
      index_list_ms_p50: round(percentile(latencies, 50)),
      index_list_ms_p99: round(percentile(latencies, 99)),
      index_list_requests: lists,
      index_list_rows_per_request: round(rowsSeen / lists, 1),
    },
    probe: probed,
  };
}
