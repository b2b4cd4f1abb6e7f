// A 1,000-row payout batch against the sandbox (docs/payout-batches.md, "Tests"): rows mixing
// success, failure, silent success, repeated callbacks, 000006 and late outcomes are each sent
// exactly once, the counts and totals come out exact, and `.completed` is sent once.
import { afterAll, describe, it } from 'vitest';
import { expectNoSecrets } from '../helpers';
import { sendMixedBatch } from '../payout-batches/support';

afterAll(() => expectNoSecrets());

describe('payout batches: a thousand rows', () => {
  it('sends 1,000 mixed rows exactly once each; counts, totals exact; one .completed', async () => {
    // 500 UGX a row: the sandbox's wallet covers the batch with its fees.
    await sendMixedBatch(1_000, 60_000, 500);
  }, 90_000);
});
