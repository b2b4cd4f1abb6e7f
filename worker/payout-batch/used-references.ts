/**
 * "Never used before": which of a batch's references already name a payout in the query index
 * (a single payout, a refund's payout or another batch's row already sent). The index trails
 * the objects by a moment, so the sending step checks again: a row whose reference already
 * holds a payout is refused then (worker/payout-batch/send.ts).
 * @module
 */
import type { ProxyEnv } from '../env';
import { knownPayouts } from '../query/known-payouts';
import type { BatchRow, RowIssue } from './batch-rows';

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
  const used = await knownPayouts(
    env.INDEX,
    rows.map((r) => r.body.reference),
  );
  return rows
    .filter((r) => used.has(r.body.reference))
    .map((r) => ({
      line: r.line,
      field: 'reference',
      code: 'reference_used',
      message: `reference ${r.body.reference} was already used by a payout`,
    }));
}
