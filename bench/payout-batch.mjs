// `node bench/payout-batch.mjs [--rows 1000] [--kill]`: one payout batch against a fresh dev
// stack (docs/payout-batches.md), the sandbox's clock at 20x so the late outcomes settle in
// seconds: rows sent a second, the time to completion, one sandbox payout per row, exact counts,
// one `payout_batch.completed` (bench/lib/payout-batch-run.mjs). `--kill` SIGKILLs the whole
// stack once a third of the rows are sent, restarts it on the same state, and the batch must
// finish with no row sent twice. Samples what the stack keeps alive meanwhile.
import { runPayoutBatch } from './lib/payout-batch-run.mjs';
import { sampleLiveObjects } from './lib/live-objects.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};

const { ok, results } = await runPayoutBatch({
  rows: Number(arg('--rows', '1000')),
  kill: process.argv.includes('--kill'),
  sample: sampleLiveObjects,
  log: (line) => console.error(line),
});
console.log(JSON.stringify(results, null, 2));
process.exitCode = ok ? 0 : 1;
