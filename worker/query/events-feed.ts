/**
 * The events feed (`GET /v1/events`): every merchant webhook event queued, in the index's
 * global order, with the id and body the webhook carries; kept {@link EVENT_RETENTION_DAYS}
 * days.
 * @module
 */

/** How long the feed keeps an event (the sweep prunes older ones). */
export const EVENT_RETENTION_DAYS = 30;

/** One page of the feed. */
export interface EventsPage {
  /** Webhook bodies as sent: `{id, type, timestamp, data}`. */
  data: unknown[];
  has_more: boolean;
  /** Pass as `after` for the next page (the last event's id); null on an empty page. */
  next_after: string | null;
}

/**
 * Events after `afterSeq` (0: from the oldest kept), optionally of one type or sub-merchant.
 *
 * @example
 * await eventsPage(env.INDEX, { afterSeq: 0, type: 'checkout.succeeded', limit: 100 });
 */
export async function eventsPage(
  db: D1Database,
  options: { afterSeq: number; type?: string; subMerchantId?: string; limit: number },
): Promise<EventsPage> {
  const { results } = await db
    .prepare(
      `SELECT id, body FROM events WHERE seq > ?1 AND (?2 IS NULL OR type = ?2)
       AND (?3 IS NULL OR sub_merchant_id = ?3) ORDER BY seq LIMIT ?4`,
    )
    .bind(options.afterSeq, options.type ?? null, options.subMerchantId ?? null, options.limit + 1)
    .all<{ id: string; body: string }>();
  const rows = results.slice(0, options.limit);
  return {
    data: rows.map((r) => JSON.parse(r.body) as unknown),
    has_more: results.length > options.limit,
    next_after: rows.at(-1)?.id ?? null,
  };
}

/**
 * The feed position of an event id; null when it is not (or no longer) in the feed.
 *
 * @example
 * await eventSeq(env.INDEX, 'evt_cs_…_succeeded'); // 1042
 */
export async function eventSeq(db: D1Database, id: string): Promise<number | null> {
  const row = await db
    .prepare('SELECT seq FROM events WHERE id = ?')
    .bind(id)
    .first<{ seq: number }>();
  return row?.seq ?? null;
}
