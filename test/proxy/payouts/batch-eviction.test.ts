// A batch evicted while its rows are out (docs/payout-batches.md, "No row twice"): the rows'
// "sending" records were written before their Payout objects were asked, so the batch resumes
// from them, asks those payouts again under the same references (which sends nothing new) and
// sends each row exactly once. Written after the call, the resumed batch would take its own
// payouts for references used before and cancel them: this test fails then.
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSecrets, merchant } from '../helpers';
import { clearFaults, injectFault } from '../hostile';
import { payoutBatchObject } from '../objects';
import { approve, createBatch, row, sandboxCounts, waitForBatch } from './batch-support';

afterEach(() => clearFaults());
afterAll(() => expectNoSecrets());

describe('payout batches: eviction mid-batch', () => {
  it('resumes from its records: every row sent once, none taken for a used reference', async () => {
    const rows = Array.from({ length: 12 }, () => row('000'));
    const { json } = await createBatch(rows);
    // The first rows' creates hang a second at the upstream: the batch is evicted meanwhile.
    await injectFault('payouts', 'delay', 10, 1000);
    expect((await approve(json.id)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const res = await merchant(`/v1/payouts/${rows[0]!.reference}`);
        expect(res.status).toBe(200);
      },
      { timeout: 5_000, interval: 20 },
    );
    await runInDurableObject(payoutBatchObject(json.id), (_instance, state) =>
      state.abort('evicted by the test'),
    ).catch(() => undefined);
    const done = await waitForBatch(json.id, 'completed', 20_000);
    expect(done.counts).toMatchObject({ succeeded: rows.length, canceled: 0 });
    const counts = await sandboxCounts(rows.map((r) => r.reference));
    expect([...counts.values()]).toEqual(rows.map(() => 1));
  }, 30_000);
});
