/**
 * The `tokens` table: bearer tokens issued by get-token.
 * @module
 */

/**
 * Stores a token valid until `expiresAt` (real ms) and drops expired ones.
 *
 * @example
 * saveToken(sql, token, clock.after(60 * MINUTE), Date.now());
 */
export function saveToken(sql: SqlStorage, token: string, expiresAt: number, now: number): void {
  sql.exec('DELETE FROM tokens WHERE expires_at <= ?', now);
  sql.exec(
    `INSERT INTO tokens (token, expires_at) VALUES (?, ?)
     ON CONFLICT (token) DO UPDATE SET expires_at = excluded.expires_at`,
    token,
    expiresAt,
  );
}

/**
 * True when the token was issued and has not expired.
 *
 * @example
 * if (!tokenValid(sql, bearer, Date.now())) return unauthorized();
 */
export function tokenValid(sql: SqlStorage, token: string, now: number): boolean {
  return (
    sql.exec('SELECT 1 AS ok FROM tokens WHERE token = ? AND expires_at > ?', token, now).toArray()
      .length === 1
  );
}
