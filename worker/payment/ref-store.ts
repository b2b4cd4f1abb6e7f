/**
 * The upstream references each payment was given (docs/design.md, "Money rules", rule 4): the
 * create answer's depositId/MerchantRequestID (or a payout's reference), every reference of a
 * status record answering a query by our own reference, and those of a report that matched. A
 * report naming none of them (when some are known) is a mismatch. One table beside each
 * object's own (sessions: one row per attempt id; payouts: the payout reference; payment-link
 * payments: the payment's key).
 * @module
 */
import type { RefRole, Refs } from './judge';

/** The table, created with the object's schema (additive: objects written before it gain it
 * on their next construction). */
export const REFS_SCHEMA = `
CREATE TABLE IF NOT EXISTS payment_refs (
  payment_id TEXT NOT NULL, role TEXT NOT NULL, ref TEXT NOT NULL, source TEXT NOT NULL,
  at INTEGER NOT NULL, PRIMARY KEY (payment_id, role, ref)
);
`;

/** Every upstream reference known for a payment, by role, oldest first. */
export function knownRefs(sql: SqlStorage, paymentId: string): Refs {
  const rows = sql
    .exec<{ role: RefRole; ref: string }>(
      'SELECT role, ref FROM payment_refs WHERE payment_id = ? ORDER BY at, ref',
      paymentId,
    )
    .toArray();
  return {
    collection: rows.filter((r) => r.role === 'collection').map((r) => r.ref),
    transaction: rows.filter((r) => r.role === 'transaction').map((r) => r.ref),
  };
}

/** Remembers references given for a payment (`source`: create, status_query, callback). */
export function learnRefs(sql: SqlStorage, paymentId: string, refs: Refs, source: string): void {
  for (const role of ['collection', 'transaction'] as const) {
    for (const ref of refs[role]) {
      sql.exec(
        `INSERT INTO payment_refs (payment_id, role, ref, source, at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (payment_id, role, ref) DO NOTHING`,
        paymentId,
        role,
        ref,
        source,
        Date.now(),
      );
    }
  }
}

/**
 * The payment that was given any of `refs` (the first found, in their order), or null: a
 * report naming a transaction by another of its references (depositId instead of `reference`)
 * is the same payment.
 *
 * @example
 * paymentWithRef(sql, ['SBXT-1', 'SBX-1']); // 'SBXT-1' once a callback named both
 */
export function paymentWithRef(sql: SqlStorage, refs: readonly string[]): string | null {
  for (const ref of refs) {
    const row = sql
      .exec<{
        payment_id: string;
      }>('SELECT payment_id FROM payment_refs WHERE ref = ? ORDER BY at LIMIT 1', ref)
      .toArray()[0];
    if (row) return row.payment_id;
  }
  return null;
}
