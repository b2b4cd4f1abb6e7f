// `node bench/console-list.mjs [--sessions 10000] [--requests 200] [--lighthouse]`: the console's Payments list
// at volume. Writes `--sessions` synthetic sessions (one attempt each, a masked phone) to the
// local D1 of a fresh dev stack through the objects' guarded upsert (`POST /dev/index/bulk`),
// then times the first page of 50 rows as the Payments page asks for it: through the console
// API (`/console/api/v1/sessions`, the development identity), unfiltered and with each search
// the page offers, one request at a time after 20 warm-up ones. Loopback round trips: an upper
// bound on the server time (target ≤ 300 ms). `--lighthouse`: then Lighthouse's accessibility
// score of every page (as finance; a real paid payment for the payment page), with
// `$LIGHTHOUSE` (default `npx --yes lighthouse@12.2.3`) and CHROME_PATH (default
// /usr/bin/chromium). Prints JSON; the figures go to docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { cli } from '../scripts/cli.mjs';
import { startDevStack } from '../test/support/dev-stack.mjs';
import { closeIdle, request } from './lib/http.mjs';
import { freePort, isolateDevRegistry } from './lib/servers.mjs';
import { percentile, pool, round } from './lib/stats.mjs';
import { removeTempDirs, tempDir } from './lib/temp.mjs';

const { values } = cli(import.meta.url, {
  sessions: { type: 'string', default: '10000' },
  requests: { type: 'string', default: '200' },
  lighthouse: { type: 'boolean', default: false },
});
const SESSIONS = Number(values.sessions);
const REQUESTS = Number(values.requests);
const WARM_UP = 20;
const LIGHTHOUSE = values.lighthouse;
const PAGES = [
  '',
  'payments',
  'payment',
  'attention',
  'refunds',
  'payouts',
  'webhooks',
  'reports',
  'health',
];
const CHUNK = 500;

isolateDevRegistry();
const port = await freePort();
const stack = await startDevStack({
  port,
  inspectorPort: port + 1000,
  persistTo: tempDir('uc-bench-console-'),
});
try {
  const run = Date.now().toString(36);
  const baseTime = Date.now() - SESSIONS * 1000;
  const started = performance.now();
  await pool(Math.ceil(SESSIONS / CHUNK), 4, async (i) => {
    const res = await request('POST', `${stack.base}/dev/index/bulk`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        run,
        start: i * CHUNK,
        count: Math.min(CHUNK, SESSIONS - i * CHUNK),
        batch: 100,
        base_time: baseTime,
      }),
    });
    if (res.status !== 200) throw new Error(`/dev/index/bulk answered ${res.status}: ${res.text}`);
  });
  const writeSeconds = (performance.now() - started) / 1000;
  // The Payments page's own request (limit 50) and each of its searches.
  const searches = {
    first_page: '',
    status: 'status=succeeded',
    phone_last: 'phone_last=123',
    amount: 'amount=1500',
    method: 'method=mtn',
    reference: `reference=bench-${run}-${Math.floor(SESSIONS / 2)}`,
  };
  const headers = { cookie: 'uc_console_dev=finance', accept: 'application/json' };
  const figures = {};
  for (const [name, query] of Object.entries(searches)) {
    const url = `${stack.base}/console/api/v1/sessions?limit=50${query ? `&${query}` : ''}`;
    const times = [];
    let rows = 0;
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const res = await request('GET', url, { headers });
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.text}`);
      if (i >= WARM_UP) times.push(res.ms);
      rows = JSON.parse(res.text).data.length;
    }
    figures[name] = {
      p50_ms: round(percentile(times, 50)),
      p99_ms: round(percentile(times, 99)),
      rows,
    };
  }
  const accessibility = LIGHTHOUSE ? await lighthouseScores(stack.base) : undefined;
  console.log(
    JSON.stringify(
      {
        sessions: SESSIONS,
        requests: REQUESTS,
        write_s: round(writeSeconds, 1),
        figures,
        accessibility,
      },
      null,
      2,
    ),
  );
} finally {
  await stack.stop();
  closeIdle();
  removeTempDirs();
}

/** A session paid through the checkout API (the sandbox pays a number ending 000 at once). */
async function paidSession(base) {
  const key = { authorization: 'Bearer dev-merchant-key', 'content-type': 'application/json' };
  const made = await request('POST', `${base}/v1/sessions`, {
    headers: key,
    body: JSON.stringify({ amount: 1500, currency: 'KES', reference: `lh-${Date.now()}` }),
  });
  const { id } = JSON.parse(made.text);
  await request('POST', `${base}/v1/checkout/${id}/attempts`, {
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ country_id: 1, method: 'send money', mobile: '254712345000' }),
  });
  return id;
}

/** Lighthouse's accessibility score (0–100) of every page, and the audits that failed. */
async function lighthouseScores(base) {
  const session = await paidSession(base);
  const [bin, ...pre] = (process.env.LIGHTHOUSE ?? 'npx --yes lighthouse@12.2.3').split(' ');
  const scores = {};
  for (const page of PAGES) {
    const url = `${base}/console/${page === 'payment' ? `payments/${session}` : page}`;
    const out = execFileSync(
      bin,
      [
        ...pre,
        url,
        '--only-categories=accessibility',
        '--output=json',
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox',
        `--extra-headers=${JSON.stringify({ Cookie: 'uc_console_dev=finance' })}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(out.toString());
    const failed = Object.values(report.audits)
      .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    scores[page || 'home'] = {
      score: Math.round(report.categories.accessibility.score * 100),
      failed,
    };
  }
  return scores;
}
