// Payout batches through the real proxy and the real sandbox: create (JSON or CSV), approve as
// another key, wait for the batch to finish, and read what the sandbox made of it.
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import type { BatchView, RowView } from '../../../worker/payout-batch/view';
import { send, testKey } from '../keys/support';
import { merchant, ref, sandbox, waitForStatus } from '../helpers';
import { sandboxTransactions } from '../hostile';

/** A second `full` key: the approver (the dev key, id `default`, creates). */
export const APPROVER = testKey('approver1');

/** The proxy with the approver's key added beside the dev key. */
const withApprover = {
  ...env,
  MERCHANT_API_KEYS: JSON.stringify([{ key: APPROVER, scope: 'full' }]),
};

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
  return waitForStatus(() => getBatch(id), status, timeout, 200);
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
