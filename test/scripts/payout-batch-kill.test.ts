// A payout batch survives a SIGKILL of the whole stack (docs/payout-batches.md, "No row
// twice"): `npm run dev`'s stack (wrangler and both workerd processes) is killed once a third of
// the rows are sent, restarted on the same state, and the batch finishes from its own records:
// each row reaches the sandbox exactly once, the counts are exact (no row taken for a reference
// used before it, as a batch that wrote its sent record after the call would), one
// `.completed`. The run is bench/payout-batch.mjs's (`--kill`), with fewer rows.
import { expect, it } from 'vitest';
import { runPayoutBatch } from '../../bench/lib/payout-batch-run.mjs';

/** Enough rows that a third of them are sent while later ones are still in flight. */
const ROWS = 60;

it(`SIGKILLed mid-batch and restarted: ${ROWS} rows each sent once, exact counts, one .completed`, async () => {
  const { ok, results } = await runPayoutBatch({
    rows: ROWS,
    kill: true,
    // The late outcomes settle in about a second (the sandbox's 3 late minutes at 150x).
    timeScale: 150,
    pollMs: 100,
    // Two creates in flight: the kill lands while rows are still out, with rows left queued.
    vars: { PAYOUT_BATCH_CONCURRENCY: '2' },
  });
  expect(results.killed_at, JSON.stringify(results)).not.toBeNull();
  expect(results.killed_at, JSON.stringify(results)).toBeLessThan(ROWS);
  expect(results).toMatchObject({
    sandbox_transactions: ROWS,
    rows_sent_twice: 0,
    rows_never_sent: 0,
    counts_exact: true,
    completed_webhooks: 1,
  });
  expect(ok).toBe(true);
}, 180_000);
