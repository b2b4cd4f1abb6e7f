/**
 * The upstream references each payment was given (docs/design.md, "Money rules", rule 4): the
 * create answer's depositId/MerchantRequestID (or a payout's reference), every reference of a
 * status record answering a query by our own reference, and those of a report that matched. A
 * report naming none of them (when some are known) is a mismatch. One table beside each
 * object's own (sessions: one row per attempt id; payouts: the payout reference).
 * @module
 */

/** The table, created with the object's schema (additive: objects written before it gain it
 * on their next construction). */
export const REFS_SCHEMA = `
CREATE TABLE IF NOT EXISTS payment_refs (
  payment_id TEXT NOT NULL, ref TEXT NOT NULL, source TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (payment_id, ref)
);
`;

/** Every upstream reference known for a payment, oldest first. */
export function knownRefs(sql: SqlStorage, paymentId: string): string[] {
  return sql
    .exec<{ ref: string }>(
      'SELECT ref FROM payment_refs WHERE payment_id = ? ORDER BY at, ref',
      paymentId,
    )
    .toArray()
    .map((row) => row.ref);
}

/** Remembers references given for a payment (`source`: create, status_query, callback). */
export function learnRefs(
  sql: SqlStorage,
  paymentId: string,
  refs: readonly string[],
  source: string,
): void {
  for (const ref of refs) {
    sql.exec(
      `INSERT INTO payment_refs (payment_id, ref, source, at) VALUES (?, ?, ?, ?)
       ON CONFLICT (payment_id, ref) DO NOTHING`,
      paymentId,
      ref,
      source,
      Date.now(),
    );
  }
}
