/**
 * The `used_signatures` table: a signature is accepted once; a replayed request is refused.
 * @module
 */

/**
 * Records a signature as used; false when it was used before (a replay).
 *
 * @example
 * if (!claimSignature(sql, body.signature, Date.now())) refuse();
 */
export function claimSignature(sql: SqlStorage, signature: string, now: number): boolean {
  return (
    sql
      .exec(
        `INSERT INTO used_signatures (signature, used_at) VALUES (?, ?)
         ON CONFLICT (signature) DO NOTHING RETURNING signature`,
        signature.toLowerCase(),
        now,
      )
      .toArray().length === 1
  );
}
