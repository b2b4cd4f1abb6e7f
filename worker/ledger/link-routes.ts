/**
 * Where a payment-link payment of a link created elsewhere lives (docs/design.md, "Money
 * rules", rule 14). Its reports may name it by any of its references (`reference`, `depositId`,
 * …), one or several at a time, so no single one of them can pick its shard. Each reference
 * the proxy heard of such a payment points, in the shard that reference hashes to, at the
 * payment's one stable key (the key its first report gave it); the payment lives in that key's
 * shard (worker/ledger/link-routing.ts). Rows hold references only, no personal data.
 * @module
 */

/** The table, created with the ledger's schema. */
export const LINK_ROUTES_SCHEMA = `
CREATE TABLE IF NOT EXISTS link_routes (
  ref TEXT PRIMARY KEY, key TEXT NOT NULL, at INTEGER NOT NULL
);
`;

/** A reference's payment key, or null when this shard has no route for it. */
export function linkRoute(sql: SqlStorage, ref: string): string | null {
  return (
    sql.exec<{ key: string }>('SELECT key FROM link_routes WHERE ref = ?', ref).toArray()[0]?.key ??
    null
  );
}

/**
 * Points `ref` at `key` unless it already points somewhere: answers the key it points at and
 * whether this call made the route.
 */
export function claimLinkRoute(
  sql: SqlStorage,
  ref: string,
  key: string,
): { key: string; fresh: boolean } {
  const written = sql.exec(
    'INSERT INTO link_routes (ref, key, at) VALUES (?, ?, ?) ON CONFLICT (ref) DO NOTHING',
    ref,
    key,
    Date.now(),
  ).rowsWritten;
  return { key: linkRoute(sql, ref)!, fresh: written > 0 };
}

/** Moves a route this router made a moment ago from `from` to `to` (if nothing moved it). */
export function repointLinkRoute(sql: SqlStorage, ref: string, from: string, to: string): void {
  sql.exec('UPDATE link_routes SET key = ? WHERE ref = ? AND key = ?', to, ref, from);
}
