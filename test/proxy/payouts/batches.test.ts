// Payout batches through the real proxy and the real sandbox (docs/payout-batches.md): creating,
// sending, following a payout that stays pending, and a batch evicted while its rows are out.

import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it, afterEach, vi } from 'vitest';
import { expectNoSecrets, merchant, ref } from '../helpers';
import { waitForRow } from '../index/support';
import {
  createBatch,
  row,
  uploadCsv,
  approve,
  batchRows,
  batchWebhooks,
  getBatch,
  sandboxCounts,
  sandboxSettings,
  waitForBatch,
  walletBalance,
} from './batch-support';
import { clearFaults, forceOutcome, injectFault } from '../hostile';
import { getPayout } from '../money';
import { runInDurableObject } from 'cloudflare:test';
import { payoutBatchObject } from '../objects';
import { FOLLOW_PAGE } from '../../../worker/payout-batch/send';

// Creating a payout batch (docs/payout-batches.md, "Creating"): a batch with any bad row is
// refused whole with each problem's line (the header is line 1), and nothing is recorded.

afterAll(() => expectNoSecrets());

const HEADER = 'reference,amount,currency,mobile,method,narration';

/** Batches this file created: their index rows land after the answer, so a count waits for them. */
const createdHere: string[] = [];

/** The batches in the index (nothing recorded means none more). */
async function batchCount(): Promise<number> {
  const row = await env.INDEX.prepare('SELECT COUNT(*) AS n FROM payout_batches').first<{
    n: number;
  }>();
  return row!.n;
}

describe('payout batches: create', () => {
  it('takes a CSV with a BOM, `;` separators and quoted fields: 201 awaiting approval, totals per currency', async () => {
    const [a, b] = [ref('pb'), ref('pb')];
    const csv =
      '\uFEFFreference;amount;currency;mobile;method;narration\r\n' +
      `${a};2500;UGX;256772111000;mtn;"Salary; March"\r\n` +
      `"${b}";"1500";UGX;256772111001;mtn;"She said ""thanks"""\r\n`;
    const { status, json } = await uploadCsv(csv);
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json).toMatchObject({
      status: 'awaiting_approval',
      count: 2,
      totals: [{ currency: 'UGX', amount: 4000 }],
      created_by: { key_id: 'default' },
    });
    expect(json.id).toMatch(/^pb_[a-z2-7]{26}$/);
    createdHere.push(json.id as string);
  });

  it('refuses a CSV whole, each problem with its line: quoted commas, formula, decimal UGX, duplicate, unknown method', async () => {
    for (const id of createdHere) await waitForRow('payout_batches', id);
    const before = await batchCount();
    const dup = ref('pb');
    const csv = [
      HEADER,
      `${ref('pb')},2500,UGX,256772111000,mtn,"Rent, March"`, // line 2: quoted comma, fine
      `${ref('pb')},2500,UGX,256772111000,mtn,=HYPERLINK("x")`, // line 3: a formula
      `${ref('pb')},2500.50,UGX,256772111000,mtn,`, // line 4: decimal UGX
      `${dup},2500,UGX,256772111000,mtn,`, // line 5
      `${dup},2500,UGX,256772111000,mtn,`, // line 6: duplicate reference
      `${ref('pb')},2500,UGX,256772111000,bitcoin,`, // line 7: unknown method
    ].join('\n');
    const { status, json } = await uploadCsv(csv);
    expect(status).toBe(422);
    expect(json.error?.code).toBe('BATCH_INVALID');
    const rows = json.error!.details!.rows as { line: number; field: string; code: string }[];
    expect(rows.map(({ line, field, code }) => ({ line, field, code }))).toEqual([
      { line: 3, field: 'narration', code: 'formula' },
      { line: 4, field: 'amount', code: 'invalid' },
      { line: 6, field: 'reference', code: 'duplicate_reference' },
      { line: 7, field: 'method', code: 'unknown_method' },
    ]);
    expect(await batchCount()).toBe(before);
  });

  it('refuses a JSON batch with line = index + 1, and a reference a payout already used', async () => {
    const used = row('000');
    const single = await merchant('/v1/payouts', {
      method: 'POST',
      body: JSON.stringify({
        reference: used.reference,
        amount: 2500,
        currency: 'UGX',
        mobile: '256772111000',
        payment_method_type: 'mtn',
      }),
    });
    expect(single.status).toBe(201);
    // The index knows it once its object wrote its row.
    await expect
      .poll(
        async () =>
          (await env.INDEX.prepare('SELECT id FROM payouts WHERE id = ?')
            .bind(used.reference)
            .first()) !== null,
      )
      .toBe(true);
    const { status, json } = await createBatch([
      row('000'),
      used,
      row('000', { currency: 'KES' }),
      row('000', { mobile: '+256772111000' }),
    ]);
    expect(status).toBe(422);
    const rows = json.error!.details!.rows as { line: number; field: string; code: string }[];
    expect(rows.map(({ line, field, code }) => ({ line, field, code }))).toEqual([
      { line: 2, field: 'reference', code: 'reference_used' },
      { line: 3, field: 'mobile', code: 'invalid' },
      { line: 4, field: 'mobile', code: 'invalid' },
    ]);
  });

  it('answers the same batch for a repeated Idempotency-Key', async () => {
    const rows = [row('000'), row('001')];
    const key = { 'idempotency-key': ref('key') };
    const first = await createBatch(rows, {}, key);
    expect(first.status).toBe(201);
    const again = await createBatch(rows, {}, key);
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
  });
});

// Sending a payout batch (docs/payout-batches.md, "Sending"): another actor approves, the rows
// go out as ordinary payouts through their Payout objects, each exactly once, and the batch
// follows them to the end; a wallet refusal pauses it and `resume` finishes it.

/** After each test of approval and sending: no fault, the sandbox's own wallet settings. */
async function resetSandbox(): Promise<void> {
  await clearFaults();
  await sandboxSettings(null);
}

/** The sandbox's scripts a mixed batch cycles through: success, failure, silent success,
 * repeated callbacks, late success, 000006 then success, 000006 then failure, late failure. */
const MIXED = ['000', '001', '003', '004', '006', '007', '008', '009'];
const FAILS = new Set(['001', '008', '009']);

/** Rows of a mixed batch (`npm test` runs 64; the bench, more). */
const MIXED_ROWS = 64;

describe('payout batches: approval', () => {
  afterEach(resetSandbox);

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
  afterEach(resetSandbox);

  it(`sends ${MIXED_ROWS} mixed rows exactly once each; counts, totals exact; one .completed`, async () => {
    const rows = Array.from({ length: MIXED_ROWS }, (_, i) => row(MIXED[i % MIXED.length]!));
    const { status, json } = await createBatch(rows, { reference: 'mixed' });
    expect(status).toBe(201);
    const approved = await approve(json.id);
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.status).toBe('sending');
    const done = await waitForBatch(json.id, 'completed', 60_000);
    const failed = rows.filter((r) => FAILS.has(r.mobile.slice(-3))).length;
    const paid = MIXED_ROWS - failed;
    expect(done.counts).toMatchObject({
      succeeded: paid,
      failed,
      queued: 0,
      sending: 0,
      pending: 0,
    });
    expect(done.settled_totals).toEqual([{ currency: 'UGX', amount: paid * 2500 }]);
    expect(done.failed_totals).toEqual([{ currency: 'UGX', amount: failed * 2500 }]);
    expect(done.progress).toEqual({
      total: MIXED_ROWS,
      sent: MIXED_ROWS,
      settled: MIXED_ROWS,
      percent: 100,
    });
    // Each row reached the upstream exactly once.
    const counts = await sandboxCounts(rows.map((r) => r.reference));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Each row is its own payout (its webhooks are payout.*), and the page shows it.
    const page = await batchRows(json.id);
    expect(page.map((r) => r.line)).toEqual(rows.map((_, i) => i + 1));
    expect((await getPayout(rows[0]!.reference)).status).toBe('succeeded');
    await vi.waitFor(async () => {
      expect(await batchWebhooks(json.id, 'payout_batch.completed')).toHaveLength(1);
      expect(await batchWebhooks(json.id, 'payout_batch.approved')).toHaveLength(1);
    });
    const csv = await merchant(`/v1/payout-batches/${json.id}/results.csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(MIXED_ROWS + 1);
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

// A batch following a payout that stays pending (docs/payout-batches.md, "Sending"): each read
// that finds nothing new waits longer before the next (1, 2, 4, 8, then 11 s), so the followed
// Payout object gets the 10 s without work after which workerd lets it go. Read every second,
// as before, the follow task's quiet count stays 0 and this test fails.

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

// A batch evicted while its rows are out (docs/payout-batches.md, "No row twice"): the rows'
// "sending" records were written before their Payout objects were asked, so the batch resumes
// from them, asks those payouts again under the same references (which sends nothing new) and
// sends each row exactly once. Written after the call, the resumed batch would take its own
// payouts for references used before and cancel them: this test fails then.

describe('payout batches: eviction mid-batch', () => {
  afterEach(() => clearFaults());

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
    // Generous: beside the browser suites the resumed alarm and its retries run on a busy CPU.
    const done = await waitForBatch(json.id, 'completed', 60_000);
    expect(done.counts).toMatchObject({ succeeded: rows.length, canceled: 0 });
    const counts = await sandboxCounts(rows.map((r) => r.reference));
    expect([...counts.values()]).toEqual(rows.map(() => 1));
  }, 75_000);
});
