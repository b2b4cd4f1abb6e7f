/**
 * The deliveries log of webhook endpoints in the query index (D1 `webhook_deliveries`,
 * migrations/0003): one row per try, written by the delivering object through its index
 * outbox. Ids, status, HTTP code, duration and the error's reason only: never a body, a header
 * or a secret. Kept {@link DELIVERY_RETENTION_DAYS} days (the sweep prunes).
 * @module
 */
import { encodeCursor, type Cursor } from '../query/cursor';
import { isoOf, type ListPage } from '../query/lists';
import type * as z from 'zod';
import type { webhookDeliverySchema } from '../views/webhook-endpoints';

/** How long the log keeps a try. */
export const DELIVERY_RETENTION_DAYS = 30;

/** One try of one event to one endpoint. */
export interface DeliveryAttempt {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** When the try began (ms). */
  created_at: number;
  status: 'delivered' | 'failed';
  http_status: number | null;
  duration_ms: number;
  error: string | null;
  /** 1 for the first try of this event to this endpoint. */
  attempt: number;
}

/**
 * The idempotent insert of one try (a repeated write changes nothing).
 *
 * @example
 * await insertDelivery(env.INDEX, attempt).run();
 */
export function insertDelivery(db: D1Database, row: DeliveryAttempt): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, created_at, status,
         http_status, duration_ms, error, attempt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      row.id,
      row.endpoint_id,
      row.event_id,
      row.event_type,
      row.created_at,
      row.status,
      row.http_status,
      row.duration_ms,
      row.error,
      row.attempt,
    );
}

/** A delivery attempt as `GET /v1/webhook-endpoints/{id}/deliveries` answers it. */
export type DeliveryView = z.output<typeof webhookDeliverySchema>;

/** A try as `GET /v1/webhook-endpoints/:id/deliveries` shows it. */
export const deliveryView = (row: DeliveryAttempt): DeliveryView => ({
  id: row.id,
  object: 'webhook_delivery' as const,
  event_id: row.event_id,
  event_type: row.event_type,
  status: row.status,
  http_status: row.http_status,
  duration_ms: row.duration_ms,
  error: row.error,
  attempt: row.attempt,
  created_at: isoOf(row.created_at),
});

/**
 * One page of an endpoint's tries, newest first, with the lists' cursor.
 *
 * @example
 * await deliveriesPage(env.INDEX, 'we_…', { limit: 20, after: null });
 */
export async function deliveriesPage(
  db: D1Database,
  endpointId: string,
  page: { limit: number; after: Cursor | null },
): Promise<ListPage<DeliveryView>> {
  const after = page.after;
  const { results } = await db
    .prepare(
      `SELECT * FROM webhook_deliveries WHERE endpoint_id = ?1
       AND (?2 IS NULL OR created_at < ?2 OR (created_at = ?2 AND id < ?3))
       ORDER BY created_at DESC, id DESC LIMIT ?4`,
    )
    .bind(endpointId, after?.created_at ?? null, after?.id ?? '', page.limit + 1)
    .all<DeliveryAttempt>();
  const hasMore = results.length > page.limit;
  const rows = results.slice(0, page.limit);
  const last = rows.at(-1);
  return {
    data: rows.map(deliveryView),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(last) : null,
  };
}

/** Deletes the tries older than the log keeps; answers how many. */
export async function pruneDeliveries(db: D1Database, now = Date.now()): Promise<number> {
  const pruned = await db
    .prepare('DELETE FROM webhook_deliveries WHERE created_at < ?')
    .bind(now - DELIVERY_RETENTION_DAYS * 86_400_000)
    .run();
  return pruned.meta.changes ?? 0;
}
