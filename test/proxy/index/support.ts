// Helpers of the query-index suites (test/proxy/index/): the real D1 binding of the proxy, the
// real objects, the real sandbox.
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { merchant } from '../helpers';

/** The query index. */
export const db = (): D1Database => env.INDEX!;

/** GET a merchant route; answers status and JSON. */
export async function getJson<T = Record<string, unknown>>(
  path: string,
): Promise<{ status: number; json: T }> {
  const res = await merchant(path);
  return { status: res.status, json: (await res.json()) as T };
}

/** A page of a list route. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Waits until the index holds the row `id` of `table` matching `expected`. */
export async function waitForRow(
  table: 'sessions' | 'attempts' | 'payouts' | 'link_payments' | 'refunds' | 'payout_batches',
  id: string,
  expected: Record<string, unknown> = {},
  timeout = 8000,
): Promise<Record<string, unknown>> {
  return vi.waitFor(
    async () => {
      const row = await db().prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first();
      expect(row, `${table} ${id} indexed`).not.toBeNull();
      expect(row).toMatchObject(expected);
      return row!;
    },
    { timeout, interval: 100 },
  );
}

/** Follows every page of a list route (`query` without limit/starting_after). */
export async function allPages<T>(
  path: string,
  query: string,
  limit: number,
  between?: (pageNo: number) => Promise<void>,
): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  for (;;) {
    const sep = query ? '&' : '';
    const after: string = cursor ? `&starting_after=${cursor}` : '';
    const { status, json } = await getJson<Page<T>>(`${path}?${query}${sep}limit=${limit}${after}`);
    expect(status, JSON.stringify(json)).toBe(200);
    rows.push(...json.data);
    pages += 1;
    if (!json.has_more) {
      expect(json.next_cursor).toBeNull();
      return { rows, pages };
    }
    cursor = json.next_cursor;
    await between?.(pages);
  }
}

/** The params of a paid payment-link callback: `amount` KES for `upstream`, the link's `text`. */
export function linkSuccess(upstream: string, amount: number, text: string) {
  return {
    amount,
    currency: 'KES',
    depositId: upstream,
    mobile: '254712345000',
    payment_step: 2,
    reference: upstream,
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: text,
  };
}
