/**
 * `GET /v1/reports/methods`: per method and country, over the attempts created in a period,
 * how many succeeded and failed, the success rate and the median time to pay, from the query
 * index. Only a definite answer counts: an attempt still `pending`, or held in `mismatch` or
 * `needs_review`, is `unsettled`, in neither the rate's numerator nor its denominator.
 * @module
 */

/** Most groups answered (methods × countries; far more than a catalogue holds). */
export const METHOD_STATS_MAX_GROUPS = 500;

/** One method in one country over the period. */
export interface MethodStats {
  method: string;
  country_id: number;
  attempts: number;
  succeeded: number;
  failed: number;
  /** Neither succeeded nor failed yet (pending, mismatch, needs_review). */
  unsettled: number;
  /** succeeded / (succeeded + failed); null while none is settled either way. */
  success_rate: number | null;
  /** The median of a successful attempt's creation to its settlement, in seconds; null: none. */
  median_seconds_to_pay: number | null;
}

interface CountRow {
  method: string;
  country_id: number;
  attempts: number;
  succeeded: number;
  failed: number;
}

/**
 * The stats of the attempts created in `[from, to)` (ms), most attempts first.
 *
 * @example
 * await methodStats(env.INDEX, Date.now() - 86_400_000, Date.now());
 */
export async function methodStats(
  db: D1Database,
  from: number,
  to: number,
): Promise<MethodStats[]> {
  const [counts, medians] = await db.batch([
    db
      .prepare(
        `SELECT method, country_id, COUNT(*) AS attempts,
           SUM(status = 'succeeded') AS succeeded, SUM(status = 'failed') AS failed
         FROM attempts WHERE created_at >= ?1 AND created_at < ?2
         GROUP BY method, country_id ORDER BY attempts DESC, method, country_id LIMIT ?3`,
      )
      .bind(from, to, METHOD_STATS_MAX_GROUPS),
    // The middle row (odd count) or the mean of the two middle rows (even count).
    db
      .prepare(
        `WITH paid AS (
           SELECT method, country_id, settled_at - created_at AS ms,
             ROW_NUMBER() OVER (PARTITION BY method, country_id ORDER BY settled_at - created_at) AS rn,
             COUNT(*) OVER (PARTITION BY method, country_id) AS n
           FROM attempts WHERE created_at >= ?1 AND created_at < ?2
             AND status = 'succeeded' AND settled_at IS NOT NULL)
         SELECT method, country_id, AVG(ms) AS median_ms FROM paid
         WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY method, country_id`,
      )
      .bind(from, to),
  ]);
  const median = new Map(
    (medians!.results as { method: string; country_id: number; median_ms: number }[]).map((m) => [
      `${m.method}\u0000${m.country_id}`,
      m.median_ms,
    ]),
  );
  return (counts!.results as CountRow[]).map((row) => {
    const settled = row.succeeded + row.failed;
    const ms = median.get(`${row.method}\u0000${row.country_id}`);
    return {
      ...row,
      unsettled: row.attempts - settled,
      success_rate: settled === 0 ? null : row.succeeded / settled,
      median_seconds_to_pay: ms === undefined ? null : Math.round(ms / 100) / 10,
    };
  });
}
