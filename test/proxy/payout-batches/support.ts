// Payout batches through the real proxy and the real sandbox: create (JSON or CSV), approve as
// another key, wait for the batch to finish, and read what the sandbox made of it.
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import type { BatchView, RowView } from '../../../worker/payout-batch/view';
import { send, testKey } from '../hardening/merchant-keys-support';
import { merchant, ref, sandbox } from '../helpers';
import { sandboxTransactions } from '../hostile/support';

/** A second `full` key: the approver (the dev key, id `default`, creates). */
export const APPROVER = testKey('approver1');

/** The proxy with the approver's key added beside the dev key. */
const withApprover = {
  ...env,
  MERCHANT_API_KEYS: JSON.stringify([{ key: APPROVER, scope: 'full' }]),
};

/** The sandbox's scripts a mixed batch cycles through: success, failure, silent success,
 * repeated callbacks, late success, 000006 then success, 000006 then failure, late failure. */
const MIXED = ['000', '001', '003', '004', '006', '007', '008', '009'];
const FAILS = new Set(['001', '008', '009']);

/**
 * Sends a batch of `count` rows mixing the sandbox's scripts (above) and checks its end: each
 * row reached the sandbox exactly once, counts and totals exact, every row on its page and in
 * the results file, one `payout_batch.approved` and one `.completed`. Each row pays `amount` UGX
 * (the sandbox's wallet holds 1,000,000). Answers the rows.
 */
export async function sendMixedBatch(
  count: number,
  timeout: number,
  amount = 2500,
): Promise<ReturnType<typeof row>[]> {
  const rows = Array.from({ length: count }, (_, i) => row(MIXED[i % MIXED.length]!, { amount }));
  const { status, json } = await createBatch(rows, { reference: 'mixed' });
  expect(status).toBe(201);
  const approved = await approve(json.id);
  expect(approved.status, JSON.stringify(approved.json)).toBe(200);
  expect(approved.json.status).toBe('sending');
  const done = await waitForBatch(json.id, 'completed', timeout);
  const failed = rows.filter((r) => FAILS.has(r.mobile.slice(-3))).length;
  const paid = count - failed;
  expect(done.counts).toMatchObject({ succeeded: paid, failed, queued: 0, sending: 0, pending: 0 });
  expect(done.settled_totals).toEqual([{ currency: 'UGX', amount: paid * amount }]);
  expect(done.failed_totals).toEqual([{ currency: 'UGX', amount: failed * amount }]);
  expect(done.progress).toEqual({ total: count, sent: count, settled: count, percent: 100 });
  // Each row reached the upstream exactly once.
  const counts = await sandboxCounts(rows.map((r) => r.reference));
  expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
  // Each row is its own payout, and the pages show every line.
  const page = await batchRows(json.id, 1000);
  expect(page.map((r) => r.line)).toEqual(rows.map((_, i) => i + 1));
  await vi.waitFor(async () => {
    expect(await batchWebhooks(json.id, 'payout_batch.completed')).toHaveLength(1);
    expect(await batchWebhooks(json.id, 'payout_batch.approved')).toHaveLength(1);
  });
  const csv = await merchant(`/v1/payout-batches/${json.id}/results.csv`);
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  expect((await csv.text()).trim().split('\r\n')).toHaveLength(count + 1);
  return rows;
}

/** A row of a batch paying `256772111<ending>` (the sandbox's script for that ending). */
export function row(ending: string, extra: Record<string, unknown> = {}) {
  return {
    reference: ref('pbr'),
    amount: 2500,
    currency: 'UGX',
    mobile: `256772111${ending}`,
    method: 'mtn',
    ...extra,
  };
}

/** An answer's status and JSON. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  json: T;
}

async function answer<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as T };
}

/** POST /v1/payout-batches with JSON rows. */
export async function createBatch(
  rows: unknown[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer<BatchView & { error?: { code: string; details?: { rows?: unknown[] } } }>> {
  return answer(
    await merchant('/v1/payout-batches', {
      method: 'POST',
      headers,
      body: JSON.stringify({ rows, ...extra }),
    }),
  );
}

/** POST /v1/payout-batches with a CSV upload. */
export async function uploadCsv(
  text: string,
): Promise<Answer<BatchView & { error?: { code: string; details?: { rows?: unknown[] } } }>> {
  return answer(
    await merchant('/v1/payout-batches', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: text,
    }),
  );
}

/** POST …/approve as `key` (the approver by default), with `body` if given. */
export async function approve(
  id: string,
  body?: Record<string, unknown>,
  key: string = APPROVER,
): Promise<Answer<BatchView & { error?: { code: string; details?: Record<string, unknown> } }>> {
  const res = await send(withApprover, `/v1/payout-batches/${id}/approve`, {
    method: 'POST',
    key,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: res.json as unknown as BatchView };
}

/** GET /v1/payout-batches/:id. */
export async function getBatch(id: string): Promise<BatchView> {
  const res = await merchant(`/v1/payout-batches/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as BatchView;
}

/** Every row of a batch, page by page. */
export async function batchRows(id: string, limit = 25): Promise<RowView[]> {
  const rows: RowView[] = [];
  for (let after = 0; ;) {
    const res = await merchant(
      `/v1/payout-batches/${id}/rows?limit=${limit}&starting_after=${after}`,
    );
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: RowView[]; has_more: boolean };
    rows.push(...page.data);
    if (!page.has_more) return rows;
    after = page.data.at(-1)!.line;
  }
}

/** Waits until the batch has `status` (its alarm and its payouts' callbacks run for real). */
export function waitForBatch(
  id: string,
  status: BatchView['status'],
  timeout = 30_000,
): Promise<BatchView> {
  return vi.waitFor(
    async () => {
      const view = await getBatch(id);
      expect(view.status).toBe(status);
      return view;
    },
    { timeout, interval: 200 },
  );
}

/** How many sandbox payouts each of `references` (by their payout reference) became. */
export async function sandboxCounts(references: readonly string[]): Promise<Map<string, number>> {
  const wanted = new Set(references);
  const counts = new Map(references.map((r) => [r, 0]));
  for (const tx of await sandboxTransactions()) {
    const r = tx.third_party_reference_1;
    if (r !== null && wanted.has(r)) counts.set(r, counts.get(r)! + 1);
  }
  return counts;
}

/** The merchant webhooks of `type` about batch `id` the dev receiver got (verified). */
export async function batchWebhooks(id: string, type: string): Promise<unknown[]> {
  const all = (await devInbox(env)!.listWebhooks()) as unknown as {
    verified: boolean;
    body: { type: string; data: { batch_id?: string } };
  }[];
  return all.filter((w) => w.verified && w.body.type === type && w.body.data.batch_id === id);
}

/** The wallet balance of `currency` as GET /v1/balance answers it (major units). */
export async function walletBalance(currency: string): Promise<number> {
  const res = await merchant('/v1/balance');
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { currency: string; balance: string }[] };
  return Number(data.find((w) => w.currency === currency)!.balance);
}

/** Changes the sandbox's lasting settings (PUT /control/settings); `null`: all off. */
export async function sandboxSettings(settings: Record<string, unknown> | null): Promise<void> {
  const res = await sandbox('/control/settings', {
    method: settings ? 'PUT' : 'DELETE',
    body: settings ? JSON.stringify(settings) : undefined,
  });
  expect(res.status).toBe(200);
}
