// `node bench/scale-run.mjs [--quick]`: the scale phases alone against a fresh dev stack — the
// payment-link callback storm (bench/link-ingest.mjs) and the query index at volume
// (bench/index.mjs) — merged into bench/results.json and written to bench/results-scale.md.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureIndex } from './index.mjs';
import { measureLinkIngest } from './link-ingest.mjs';
import { closeIdle } from './lib/http.mjs';
import * as servers from './lib/servers.mjs';
import { removeTempDirs } from './lib/temp.mjs';
import { cli } from '../scripts/cli.mjs';

const quick = cli(import.meta.url, { quick: { type: 'boolean' } }).values.quick === true;
const counts = quick
  ? { payments: 300, sessions: 2000, lists: 100 }
  : { payments: 2000, sessions: 20000, lists: 400 };
servers.isolateDevRegistry();
const load = os.loadavg()[0].toFixed(2);
const stack = await servers.startStack();
try {
  await servers.settle();
  const link = await measureLinkIngest({
    base: stack.base,
    payments: counts.payments,
    concurrency: 32,
  });
  const index = await measureIndex({
    base: stack.base,
    sessions: counts.sessions,
    lists: counts.lists,
  });
  const results = { ...link.results, ...index.results };
  console.log(JSON.stringify(results, null, 2));
  if (!quick) {
    const file = path.join(servers.root, 'bench/results.json');
    const all = { ...JSON.parse(readFileSync(file, 'utf8')), ...results };
    writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
    const before = JSON.parse(
      readFileSync(path.join(servers.root, 'bench/link-ingest-before.json'), 'utf8'),
    );
    const md = [
      '# Scale benchmarks',
      '',
      `Measured ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} on ${os.cpus()[0]?.model.trim()} (${os.cpus().length} cores), Node ${process.version}; load average ${load} before the run. Counts: ${counts.payments} payment-link payments (each with 0–2 duplicates), 32 senders; ${counts.sessions.toLocaleString('en-US')} indexed sessions (one attempt each); ${counts.lists} list requests one at a time.`,
      '',
      '| Figure | Before (one ledger) | After (16 shards + index writes) |',
      '| --- | --- | --- |',
      `| \`link_ingest_callbacks_per_s\` | ${before.results.link_ingest_callbacks_per_s} | ${results.link_ingest_callbacks_per_s} |`,
      `| \`link_ingest_callback_ms_p50\` | ${before.results.link_ingest_callback_ms_p50} ms | ${results.link_ingest_callback_ms_p50} ms |`,
      `| \`link_ingest_callback_ms_p99\` | ${before.results.link_ingest_callback_ms_p99} ms | ${results.link_ingest_callback_ms_p99} ms |`,
      `| \`link_ingest_lost\` / \`_extra\` | ${before.results.link_ingest_lost} / ${before.results.link_ingest_extra} | ${results.link_ingest_lost} / ${results.link_ingest_extra} |`,
      '',
      '| Index figure | Result |',
      '| --- | --- |',
      `| \`index_writes_per_s\` (rows upserted, batches of 100, 4 requests in flight) | ${results.index_writes_per_s.toLocaleString('en-US')} |`,
      `| \`index_rows_written\` | ${results.index_rows_written.toLocaleString('en-US')} |`,
      `| \`index_list_ms_p50\` (\`GET /v1/sessions\`, filters and deep cursors) | ${results.index_list_ms_p50} ms |`,
      `| \`index_list_ms_p99\` | ${results.index_list_ms_p99} ms |`,
      '',
      `The "before" column is the same storm on the code before the split (one \`Ledger\` object), taken ${before.date} with load average ${before.load_before}.`,
      '',
    ].join('\n');
    writeFileSync(path.join(servers.root, 'bench/results-scale.md'), md);
  }
} finally {
  await stack.stop();
  closeIdle();
  removeTempDirs();
}
