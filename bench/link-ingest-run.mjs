// `node bench/link-ingest-run.mjs [--payments N] [--out file]`: the payment-link callback storm
// alone against a fresh dev stack (used to take the before/after figures of the ledger's split).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { measureLinkIngest } from './link-ingest.mjs';
import { closeIdle } from './lib/http.mjs';
import * as servers from './lib/servers.mjs';
import { removeTempDirs } from './lib/temp.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const payments = Number(arg('--payments', '2000'));
const out = arg('--out', null);
servers.isolateDevRegistry();
const stack = await servers.startStack();
try {
  await servers.settle();
  const load = os.loadavg()[0].toFixed(2);
  const { results } = await measureLinkIngest({ base: stack.base, payments, concurrency: 32 });
  const run = { date: new Date().toISOString(), load_before: load, payments, results };
  console.log(JSON.stringify(run, null, 2));
  if (out) writeFileSync(out, JSON.stringify(run, null, 2) + '\n');
} finally {
  await stack.stop();
  closeIdle();
  removeTempDirs();
}
