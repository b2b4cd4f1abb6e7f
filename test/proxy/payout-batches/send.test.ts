// Sending a payout batch (docs/payout-batches.md, "Sending"): another actor approves, the rows
// go out as ordinary payouts through their Payout objects, each exactly once, and the batch
// follows them to the end; a wallet refusal pauses it and `resume` finishes it.
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSecrets, merchant } from '../helpers';
import { clearFaults, forceOutcome } from '../hostile/support';
import { getPayout } from '../money/support';
import {
  approve,
  batchRows,
  batchWebhooks,
  createBatch,
  getBatch,
  sendMixedBatch,
  row,
  sandboxCounts,
  sandboxSettings,
  waitForBatch,
  walletBalance,
} from './support';

afterEach(async () => {
  await clearFaults();
  await sandboxSettings(null);
});
afterAll(() => expectNoSecrets());

/** Rows of a mixed batch (`npm test` runs 64; the bench, more). */
const MIXED_ROWS = 64;

describe('payout batches: approval', () => {
  it('refuses the creator as approver (409 SAME_APPROVER), sends nothing', async () => {
    const { json } = await createBatch([row('000')]);
    const same = await approve(json.id, undefined, env.MERCHANT_API_KEY);
    expect(same.status).toBe(409);
    expect(same.json.error?.code).toBe('SAME_APPROVER');
    expect((await getBatch(json.id)).status).toBe('awaiting_approval');
  });

  it('cancels before approval: every row canceled, approval refused after, nothing sent', async () => {
    const rows = [row('000'), row('000')];
    const { json } = await createBatch(rows);
    const canceled = await merchant(`/v1/payout-batches/${json.id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ status: 'canceled', counts: { canceled: 2 } });
    const late = await approve(json.id);
    expect(late.status).toBe(409);
    expect(late.json.error?.code).toBe('BATCH_STATE_CONFLICT');
    const counts = await sandboxCounts(rows.map((r) => r.reference));
    expect([...counts.values()]).toEqual([0, 0]);
  });
});

describe('payout batches: sending', () => {
  it(`sends ${MIXED_ROWS} mixed rows exactly once each; counts, totals exact; one .completed`, async () => {
    const rows = await sendMixedBatch(MIXED_ROWS, 60_000);
    expect((await getPayout(rows[0]!.reference)).status).toBe('succeeded');
  }, 90_000);

  it('a short wallet: 409 INSUFFICIENT_BALANCE with figures, then partial approval pauses on the refusal, resume finishes', async () => {
    await sandboxSettings({ lock_payout_funds: true });
    const available = await walletBalance('UGX');
    const amount = Math.floor(available * 0.6);
    const rows = [row('005', { amount }), row('005', { amount })];
    const { json } = await createBatch(rows);
    const short = await approve(json.id);
    expect(short.status).toBe(409);
    expect(short.json.error?.code).toBe('INSUFFICIENT_BALANCE');
    expect(short.json.error?.details).toEqual({
      shortfalls: [{ currency: 'UGX', needed: 2 * amount, available }],
    });
    expect((await approve(json.id, { partial: true })).status).toBe(200);
    // The wallet locks the first payout's funds and refuses the second: the batch pauses.
    const paused = await waitForBatch(json.id, 'paused');
    expect(paused.paused_reason).toMatch(/insufficient wallet balance/i);
    expect(paused.counts).toMatchObject({ pending: 1, queued: 1 });
    await vi.waitFor(async () =>
      expect(await batchWebhooks(json.id, 'payout_batch.paused')).toHaveLength(1),
    );
    // The first payout fails (its funds come back); resume sends the second again.
    const [sent] = (await batchRows(json.id)).filter((r) => r.status === 'pending');
    expect(await forceOutcome(sent!.upstream_reference!, 'failed')).toBe(200);
    const resumed = await merchant(`/v1/payout-batches/${json.id}/resume`, { method: 'POST' });
    expect(resumed.status).toBe(200);
    const retried = await vi.waitFor(
      async () => {
        const r = (await batchRows(json.id)).find((x) => x.payout_reference.endsWith('.2'));
        expect(r?.status).toBe('pending');
        return r!;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(await forceOutcome(retried.upstream_reference!, 'success')).toBe(200);
    const done = await waitForBatch(json.id, 'completed');
    expect(done.counts).toMatchObject({ succeeded: 1, failed: 1 });
    expect(done.settled_totals).toEqual([{ currency: 'UGX', amount }]);
    // The refused create made no sandbox payout; the retry made one.
    const counts = await sandboxCounts([retried.reference, retried.payout_reference]);
    expect(counts.get(retried.reference)).toBe(0);
    expect(counts.get(retried.payout_reference)).toBe(1);
  }, 60_000);
});
