/**
 * Which references already name a payout in the query index (a single payout, a refund's
 * payout or a batch's row already sent). The index trails the objects by a moment: a caller
 * that must be sure asks the payout's object too.
 * @module
 */

/** D1 binds at most 100 values a statement. */
const CHUNK = 100;

/**
 * The references of `refs` the index holds a payout of (none without an index).
 *
 * @example
 * const used = await knownPayouts(env.INDEX, ['po_1', 'po_2']);
 */
export async function knownPayouts(
  db: D1Database | undefined,
  refs: readonly string[],
): Promise<Set<string>> {
  if (!db) return new Set();
  const chunks = [];
  for (let i = 0; i < refs.length; i += CHUNK) chunks.push(refs.slice(i, i + CHUNK));
  const found = await db.batch(
    chunks.map((chunk) =>
      db
        .prepare(`SELECT id FROM payouts WHERE id IN (${chunk.map(() => '?').join(', ')})`)
        .bind(...chunk),
    ),
  );
  return new Set(found.flatMap((r) => (r.results as { id: string }[]).map((x) => x.id)));
}
