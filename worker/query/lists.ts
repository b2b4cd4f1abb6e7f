/**
 * The list queries of the merchant API over the query index: filters, newest first by
 * `(created_at DESC, id DESC)`, and a cursor carrying both (worker/query/cursor.ts).
 * @module
 */
import { encodeCursor } from './cursor';
import type { Page } from './list-query';

/** One page of a list, as the routes answer it. */
export interface ListPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** A filter: an SQL condition over the table (aliased `t`) and its bindings. */
export interface Condition {
  sql: string;
  bindings: unknown[];
}

/**
 * Runs a list query: `table` filtered by `conditions` and the page, one row more than the
 * limit to know whether there is a next page.
 *
 * @example
 * await listPage(env.INDEX, 'payouts', [{ sql: 't.status = ?', bindings: ['pending'] }], page, toView);
 */
export async function listPage<R extends { created_at: number; id: string }, T>(
  db: D1Database,
  table: 'sessions' | 'payouts' | 'link_payments' | 'refunds' | 'payout_batches',
  conditions: Condition[],
  page: Page,
  view: (row: R) => T,
): Promise<ListPage<T>> {
  const where = [...conditions];
  if (page.createdGte !== null)
    where.push({ sql: 't.created_at >= ?', bindings: [page.createdGte] });
  if (page.createdLt !== null) where.push({ sql: 't.created_at < ?', bindings: [page.createdLt] });
  if (page.after) {
    where.push({
      sql: '(t.created_at < ? OR (t.created_at = ? AND t.id < ?))',
      bindings: [page.after.created_at, page.after.created_at, page.after.id],
    });
  }
  const clause = where.length > 0 ? `WHERE ${where.map((w) => w.sql).join(' AND ')}` : '';
  const { results } = await db
    .prepare(`SELECT t.* FROM ${table} t ${clause} ORDER BY t.created_at DESC, t.id DESC LIMIT ?`)
    .bind(...where.flatMap((w) => w.bindings), page.limit + 1)
    .all<R>();
  const hasMore = results.length > page.limit;
  const rows = results.slice(0, page.limit);
  const last = rows.at(-1);
  return {
    data: rows.map(view),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(last) : null,
  };
}

/**
 * Equality conditions for the filters that are set.
 *
 * @example
 * equals({ 't.status': 'open', 't.currency': undefined }); // [{ sql: 't.status = ?', … }]
 */
export function equals(filters: Record<string, string | number | undefined>): Condition[] {
  return Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => ({ sql: `${column} = ?`, bindings: [value] }));
}

/** ISO 8601 of a time in ms (null stays null). */
export const isoOf = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
