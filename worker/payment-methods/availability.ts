/**
 * Each method's availability right now, from the query index (D1 `attempts`,
 * migrations/0005-payment-methods.sql): the share of failures and timeouts among its attempts
 * of the last 15 minutes, once there are enough of them, gives `operational`, `degraded` or
 * `closed`; a manual override (`METHOD_STATUS`) wins. D1 holds every session's attempts in one
 * place, which no single Durable Object does.
 * @module
 */
import type { Catalogue } from '../../shared/catalogue';
import type { MethodStatus } from '../../shared/view';
import type { AvailabilityRule, AvailabilitySettings } from './availability-settings';

/** One method's counts in the window. */
interface MethodCounts {
  country_id: number;
  method: string;
  total: number;
  bad: number;
}

/**
 * The status of counts under `rule`.
 *
 * @example
 * statusOf({ total: 10, bad: 6 }, DEFAULT_AVAILABILITY_RULE); // 'degraded'
 */
export function statusOf(
  counts: { total: number; bad: number },
  rule: AvailabilityRule,
): MethodStatus {
  if (counts.total < rule.minCount) return 'operational';
  const share = counts.bad / counts.total;
  if (share >= rule.closed) return 'closed';
  return share >= rule.degraded ? 'degraded' : 'operational';
}

/**
 * Every slot whose status is not `operational`, by slot id (a slot not in the map is
 * operational). Reads D1 once; without an index binding only the overrides count.
 *
 * @example
 * (await methodStatuses(env.INDEX, catalogue, settings, Date.now())).get('ug-operator-1'); // 'degraded'
 */
export async function methodStatuses(
  db: D1Database | undefined,
  catalogue: Catalogue,
  settings: AvailabilitySettings,
  now: number,
): Promise<Map<string, MethodStatus>> {
  const statuses = new Map<string, MethodStatus>();
  if (db) {
    const { rule } = settings;
    const { results } = await db
      .prepare(
        `SELECT country_id, method, COUNT(*) AS total,
           SUM(CASE WHEN status IN ('failed', 'needs_review')
                      OR (status = 'pending' AND created_at < ?) THEN 1 ELSE 0 END) AS bad
         FROM attempts WHERE created_at >= ? GROUP BY country_id, method`,
      )
      .bind(now - rule.timeoutMs, now - rule.windowMs)
      .all<MethodCounts>();
    for (const counts of results) {
      const slot = catalogue.method(counts.country_id, counts.method);
      const status = statusOf(counts, rule);
      if (slot && status !== 'operational') statuses.set(slot.slot, status);
    }
  }
  for (const [slot, status] of Object.entries(settings.overrides)) {
    if (status === 'operational') statuses.delete(slot);
    else statuses.set(slot, status);
  }
  return statuses;
}
