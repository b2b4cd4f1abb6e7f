// A batch following a payout that stays pending (docs/payout-batches.md, "Sending"): each read
// that finds nothing new waits longer before the next (1, 2, 4, 8, then 11 s), so the followed
// Payout object gets the 10 s without work after which workerd lets it go. Read every second,
// as before, the follow task's quiet count stays 0 and this test fails.
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expectNoSecrets } from '../helpers';
import { payoutBatchObject } from '../objects';
import { FOLLOW_PAGE } from '../../../worker/payout-batch/send';
import { approve, createBatch, getBatch, row, waitForBatch } from './support';

afterAll(() => expectNoSecrets());

/** The batch's scheduled `follow` task: its quiet reads (`tries`) and when it is due. */
function followTask(id: string) {
  return runInDurableObject(payoutBatchObject(id), (_instance, state) => {
    const [task] = state.storage.sql
      .exec<{ tries: number; due_at: number }>(
        "SELECT tries, due_at FROM tasks WHERE key = 'follow'",
      )
      .toArray();
    return task ?? null;
  });
}

describe('payout batches: following', () => {
  it('reads a payout that stays pending less and less often', async () => {
    // The sandbox keeps a number ending 005 pending and never calls back.
    const { json } = await createBatch([row('005')]);
    expect((await approve(json.id)).status).toBe(200);
    const task = await vi.waitFor(
      async () => {
        const t = await followTask(json.id);
        expect(t?.tries ?? 0).toBeGreaterThanOrEqual(3);
        return t!;
      },
      { timeout: 15_000, interval: 100 },
    );
    // Scheduled after its third quiet read: 8 s on, not 1.
    expect(task.due_at - Date.now()).toBeGreaterThan(2_000);
    expect((await getBatch(json.id)).counts).toMatchObject({ pending: 1 });
  }, 30_000);

  it('counts a payout settled past a first page of payouts that stay pending', async () => {
    // A page of pending rows first, then one the sandbox pays at once: read page by page from
    // the first unsettled row, as before, the last row is never read and this test fails.
    const rows = [...Array.from({ length: FOLLOW_PAGE }, () => row('005')), row('000')];
    const { json } = await createBatch(rows);
    expect((await approve(json.id)).status).toBe(200);
    await waitForBatch(json.id, 'sending');
    await vi.waitFor(
      async () =>
        expect((await getBatch(json.id)).counts).toMatchObject({
          pending: FOLLOW_PAGE,
          succeeded: 1,
        }),
      { timeout: 30_000, interval: 200 },
    );
  }, 45_000);
});
