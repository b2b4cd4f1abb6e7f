// `npm run reindex`: rebuilds the query index (D1) from the Durable Objects, the source of
// truth. It lists the objects, then asks each (POST /v1/admin/reindex, merchant key, 100 per
// request) to send every row of theirs again at its current version; rows already current
// change nothing, so it is safe to run at any time, and as often as wanted.
//
//   npm run reindex                        # local: the `npm run dev` stack (.wrangler/state)
//   npm run reindex -- --state DIR --base http://127.0.0.1:8799
//   npm run reindex -- --remote --base https://pay.shop.example
//
// Local objects are the SQLite files of wrangler's state directory (their names are the
// object ids). Remote objects come from Cloudflare's API (CLOUDFLARE_ACCOUNT_ID and
// CLOUDFLARE_API_TOKEN with Workers Scripts read). The merchant key is MERCHANT_API_KEY,
// else .dev.vars's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cli } from './cli.mjs';

const { values: args } = cli(import.meta.url, {
  remote: { type: 'boolean' },
  base: { type: 'string' },
  state: { type: 'string' },
  worker: { type: 'string' },
});
const flag = (name) => args[name.slice(2)] === true;
const option = (name, fallback) => args[name.slice(2)] ?? fallback;
const remote = flag('--remote');
const base = option('--base', 'http://127.0.0.1:8787').replace(/\/$/, '');
const state = path.resolve(option('--state', '.wrangler/state'));
const workerName = option('--worker', remote ? 'unified-checkout' : 'unified-checkout-dev');
const CLASSES = { sessions: 'CheckoutSession', payouts: 'Payout', ledgers: 'Ledger' };

function merchantKey() {
  if (process.env.MERCHANT_API_KEY) return process.env.MERCHANT_API_KEY;
  const file = path.resolve('.dev.vars');
  const line = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('MERCHANT_API_KEY='))
    : undefined;
  if (!line) throw new Error('Set MERCHANT_API_KEY (or keep a .dev.vars with it).');
  return line.slice('MERCHANT_API_KEY='.length).replace(/^"|"$/g, '').trim();
}

/** Object ids of one class in wrangler's local state. */
function localIds(className) {
  const dir = path.join(state, 'v3', 'do', `${workerName}-${className}`);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => /^([0-9a-f]{64})\.sqlite$/.exec(f)?.[1])
    .filter(Boolean);
}

/** Object ids of one class from Cloudflare's API. */
async function remoteIds(className) {
  const account = process.env.CLOUDFLARE_ACCOUNT_ID;
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!account || !token) throw new Error('Set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN.');
  const api = `https://api.cloudflare.com/client/v4/accounts/${account}/workers/durable_objects/namespaces`;
  const headers = { authorization: `Bearer ${token}` };
  const namespaces = await (await fetch(api, { headers })).json();
  const ns = namespaces.result?.find((n) => n.script === workerName && n.class === className);
  if (!ns) throw new Error(`No namespace of ${className} in ${workerName}.`);
  const ids = [];
  let cursor = '';
  do {
    const page = await (
      await fetch(`${api}/${ns.id}/objects?limit=10000${cursor ? `&cursor=${cursor}` : ''}`, {
        headers,
      })
    ).json();
    ids.push(...(page.result ?? []).filter((o) => o.hasStoredData !== false).map((o) => o.id));
    cursor = page.result_info?.cursor ?? '';
  } while (cursor);
  return ids;
}

const key = merchantKey();
let objects = 0;
let rows = 0;
for (const [namespace, className] of Object.entries(CLASSES)) {
  const ids = remote ? await remoteIds(className) : localIds(className);
  for (let i = 0; i < ids.length; i += 100) {
    const res = await fetch(`${base}/v1/admin/reindex`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ namespace, object_ids: ids.slice(i, i + 100) }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`reindex answered ${res.status}: ${JSON.stringify(body)}`);
    objects += body.objects;
    rows += body.rows;
  }
  console.log(`${namespace}: ${ids.length} objects`);
}
console.log(
  `re-queued ${rows} index rows of ${objects} objects; their tasks write them to D1 now.`,
);
