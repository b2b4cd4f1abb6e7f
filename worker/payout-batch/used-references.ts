/**
 * "Never used before": which of a batch's references already name a payout in the query index
 * (a single payout, a refund's payout or another batch's row already sent). The index trails
 * the objects by a moment, so the sending step checks again: a row whose reference already
 * holds a payout is refused then (worker/payout-batch/send.ts).
 * @module
 */
import type { ProxyEnv } from '../env';
import type { BatchRow, RowIssue } from './batch-rows';

/** D1 binds at most 100 values a statement. */
const CHUNK = 100;

/**
 * The rows whose reference the index already knows, as issues.
 *
 * @example
 * const issues = await usedReferences(env, rows);
 */
export async function usedReferences(
  env: ProxyEnv,
  rows: readonly BatchRow[],
): Promise<RowIssue[]> {
  const db = env.INDEX;
  if (!db) return [];
  const refs = rows.map((r) => r.body.reference);
  const chunks = [];
  for (let i = 0; i < refs.length; i += CHUNK) chunks.push(refs.slice(i, i + CHUNK));
  const found = await db.batch(
    chunks.map((chunk) =>
      db
        .prepare(`SELECT id FROM payouts WHERE id IN (${chunk.map(() => '?').join(', ')})`)
        .bind(...chunk),
    ),
  );
  const used = new Set(found.flatMap((r) => (r.results as { id: string }[]).map((x) => x.id)));
  return rows
    .filter((r) => used.has(r.body.reference))
    .map((r) => ({
      line: r.line,
      field: 'reference',
      code: 'reference_used',
      message: `reference ${r.body.reference} was already used by a payout`,
    }));
}
