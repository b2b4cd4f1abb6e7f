/**
 * The `payment_links` table: hosted payment links and their prefill details.
 * @module
 */
import type { LinkRequest } from '../rules/payment-link';

/** One payment link: a checked create request with its id, status and payment count. */
export type PaymentLink = LinkRequest & {
  id: string;
  status: 'active';
  /** Payments made on the link's page. */
  payments: number;
  created_at: number;
};

/** Characters of logo per row: a 2 MB logo is 2.8 MB of base64, more than one SQLite value may hold. */
const LOGO_PART_CHARS = 512 * 1024;

/**
 * Stores a new payment link (its logo in parts, in `payment_link_logos`).
 *
 * @example
 * insertLink(sql, link);
 */
export function insertLink(sql: SqlStorage, link: PaymentLink): void {
  const entries = Object.entries({ ...link, logo: null });
  sql.exec(
    `INSERT INTO payment_links (${entries.map(([k]) => k).join(', ')})
     VALUES (${entries.map(() => '?').join(', ')}) ON CONFLICT (id) DO NOTHING`,
    ...entries.map(([, v]) => v),
  );
  const logo = link.logo ?? '';
  for (let part = 0; part * LOGO_PART_CHARS < logo.length; part++) {
    sql.exec(
      `INSERT INTO payment_link_logos (link_id, part, data) VALUES (?, ?, ?)
       ON CONFLICT (link_id, part) DO UPDATE SET data = excluded.data`,
      link.id,
      part,
      logo.slice(part * LOGO_PART_CHARS, (part + 1) * LOGO_PART_CHARS),
    );
  }
}

/** The logo of a link, joined from its parts, or null. */
function logoOf(sql: SqlStorage, id: string): string | null {
  const parts = sql
    .exec<{ data: string }>(
      'SELECT data FROM payment_link_logos WHERE link_id = ? ORDER BY part',
      id,
    )
    .toArray();
  return parts.length === 0 ? null : parts.map((p) => p.data).join('');
}

/** One payment link by id, with its logo. */
export function linkById(sql: SqlStorage, id: string): PaymentLink | undefined {
  const link = sql.exec<PaymentLink>('SELECT * FROM payment_links WHERE id = ?', id).toArray()[0];
  return link ? { ...link, logo: logoOf(sql, id) } : undefined;
}

/**
 * Active payment links, newest first; `search` matches business or item name (case-insensitive).
 * Logos are not loaded: `logo` is only a non-null marker when the link has one.
 *
 * @example
 * listLinks(sql, 'poster');
 */
export function listLinks(sql: SqlStorage, search: string | undefined): PaymentLink[] {
  const pattern = `%${(search ?? '').toLowerCase()}%`;
  return sql
    .exec<PaymentLink>(
      `SELECT payment_links.*, (
         SELECT '(logo)' FROM payment_link_logos WHERE link_id = payment_links.id LIMIT 1
       ) AS logo
       FROM payment_links WHERE status = 'active'
       AND (lower(business_name) LIKE ? OR lower(item_name) LIKE ?)
       ORDER BY created_at DESC, rowid DESC`,
      pattern,
      pattern,
    )
    .toArray();
}

/** Counts one more payment on a link. */
export function countLinkPayment(sql: SqlStorage, id: string): void {
  sql.exec('UPDATE payment_links SET payments = payments + 1 WHERE id = ?', id);
}
