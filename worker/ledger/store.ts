/**
 * The Ledger Durable Object's SQLite schema and typed row access: callbacks stored once by
 * digest, the payment links the proxy created (worker/ledger/links.ts), the routes of
 * payments on links created elsewhere, one record per
 * payment-link payment (its `status` is written in worker/ledger/transitions.ts only) and the
 * upstream references each was given (worker/payment/ref-store.ts). Schema
 * changes are additive: new tables, and new nullable columns added by addColumns (worker/durable/add-columns.ts).
 * @module
 */
import type { AttemptStatus } from '../../shared/status';
import { MONEY_SCHEMA } from '../payment/money-store';
import { REFS_SCHEMA } from '../payment/ref-store';
import { addColumns } from '../durable/add-columns';
import type { ObjectTables, OpenTables } from '../durable/object-tables';
import type { IndexOutbox } from '../index-store/index-outbox';
import { blankCallbackBodies } from '../durable/redaction';
import { REFUNDS_SCHEMA } from '../session/refund-store';
import type { LinkRow, NewLink } from './links';

/** Schema of one ledger object. Applied idempotently on every construction. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS callbacks (
  digest TEXT PRIMARY KEY, kind TEXT NOT NULL, reference TEXT, status TEXT,
  received_at INTEGER NOT NULL, body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS link_payments (
  key TEXT PRIMARY KEY, status TEXT NOT NULL, amount TEXT, currency TEXT, reference TEXT,
  upstream_reference TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS links (
  id TEXT PRIMARY KEY, state TEXT NOT NULL, upstream_id TEXT, url TEXT, amount INTEGER,
  currency TEXT NOT NULL, country_id INTEGER NOT NULL, callback_url TEXT NOT NULL,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
`;

/**
 * Where a payment-link payment of a link created elsewhere lives (docs/design.md, "Money
 * rules", rule 14). Its reports may name it by any of its references (`reference`, `depositId`,
 * …), one or several at a time, so no single one of them can pick its shard. Each reference
 * the proxy heard of such a payment points, in the shard that reference hashes to, at the
 * payment's one stable key (the key its first report gave it); the payment lives in that key's
 * shard (worker/ledger/link-routing.ts). Rows hold references only, no personal data.
 */
export const LINK_ROUTES_SCHEMA = `
CREATE TABLE IF NOT EXISTS link_routes (
  ref TEXT PRIMARY KEY, key TEXT NOT NULL, at INTEGER NOT NULL
);
`;

/** Columns added to `link_payments` after it first shipped (nullable, so old rows stay valid):
 * the link the proxy created (null: a link created elsewhere), the payment type the payer
 * chose (Kenya's hosted page), and when the payment settled. */
const LINK_PAYMENT_COLUMNS = {
  link_id: 'TEXT',
  payment_type: 'TEXT',
  settled_at: 'INTEGER',
} as const;

/** Applies the schema idempotently (every construction of a ledger object). */
export function applySchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
  // The references each payment-link payment was given (by its key).
  sql.exec(REFS_SCHEMA);
  // Where each reference of a payment on a link created elsewhere finds it.
  sql.exec(LINK_ROUTES_SCHEMA);
  // The refunds of the link payments held here (worker/ledger/link-refunds.ts).
  sql.exec(REFUNDS_SCHEMA);
  // What each payment's reports counted, and what each refund's payout paid out.
  sql.exec(MONEY_SCHEMA);
  addColumns(sql, 'link_payments', LINK_PAYMENT_COLUMNS);
}

/** Which hosted callback URL a stored callback came to. */
export type CallbackKind = 'collection' | 'payout' | 'payment_link';

/** A callback stored in the ledger. */
export interface LedgerCallback {
  kind: CallbackKind;
  digest: string;
  reference: string | null;
  status: string | null;
  received_at: string;
  body: unknown;
}

type CallbackRow = Omit<LedgerCallback, 'received_at' | 'body'> & {
  received_at: number;
  body: string;
};

/** One payment-link payment (one upstream reference): `pending` while only unknown reports
 * came (it is then asked about), else its settled outcome. */
export type LinkPaymentRow = {
  key: string;
  status: AttemptStatus;
  amount: string | null;
  currency: string | null;
  reference: string | null;
  /** Empty when the callback named none (the key is then the callback's digest). */
  upstream_reference: string;
  created_at: number;
  updated_at: number;
  /** The link the proxy created that it was paid on; null for a link created elsewhere. */
  link_id: string | null;
  /** How the payer paid, when the hosted page offered a choice (Kenya: till number, …). */
  payment_type: string | null;
  /** When it left `pending` (null while pending; rows from before this column: null). */
  settled_at: number | null;
};

/**
 * One ledger object's storage: every statement of its tables but the payments' status writes
 * (worker/ledger/transitions.ts).
 *
 * @example
 * const store = new LedgerStore(ctx.storage.sql, this.tables); // the object base's tables
 * const row = store.linkPayment(key);
 */
export class LedgerStore {
  constructor(
    readonly sql: SqlStorage,
    private readonly tables: ObjectTables<string, IndexOutbox>,
  ) {}

  /** The task queue and both outboxes (a ledger's tables are opened with the object). */
  open(): OpenTables<string, IndexOutbox> {
    return this.tables.open();
  }

  /** Stores a callback once by digest; answers whether it was a duplicate. */
  insertCallback(callback: Omit<CallbackRow, 'received_at'>): { duplicate: boolean } {
    const written = this.sql.exec(
      `INSERT INTO callbacks (digest, kind, reference, status, received_at, body)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING`,
      callback.digest,
      callback.kind,
      callback.reference,
      callback.status,
      Date.now(),
      callback.body,
    ).rowsWritten;
    return { duplicate: written === 0 };
  }

  /** Stored callbacks, newest first (at most 200), optionally of one kind or reference. */
  selectCallbacks(filter: { kind?: CallbackKind; reference?: string }): LedgerCallback[] {
    const rows = this.sql
      .exec<CallbackRow>(
        `SELECT * FROM callbacks WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR reference = ?2)
       ORDER BY received_at DESC LIMIT 200`,
        filter.kind ?? null,
        filter.reference ?? null,
      )
      .toArray();
    return rows.map((row) => ({
      ...row,
      received_at: new Date(row.received_at).toISOString(),
      body: JSON.parse(row.body) as unknown,
    }));
  }

  /** One payment-link payment by key, or undefined. */
  linkPayment(key: string): LinkPaymentRow | undefined {
    return this.sql
      .exec<LinkPaymentRow>('SELECT * FROM link_payments WHERE key = ?', key)
      .toArray()[0];
  }

  /** The keys of every payment-link payment this ledger holds. */
  linkPaymentKeys(): string[] {
    return this.sql
      .exec<{ key: string }>('SELECT key FROM link_payments')
      .toArray()
      .map((row) => row.key);
  }

  /** True when a callback with this digest is stored (an exact retry's lookup). */
  hasCallback(digest: string): boolean {
    return (
      this.sql.exec('SELECT 1 FROM callbacks WHERE digest = ? LIMIT 1', digest).toArray().length > 0
    );
  }

  /** When the oldest callback still holding its body was received, or null. */
  oldestKeptCallback(): number | null {
    this.sql.exec('CREATE INDEX IF NOT EXISTS callbacks_received ON callbacks (received_at)');
    return (
      this.sql
        .exec<{
          received_at: number;
        }>("SELECT received_at FROM callbacks WHERE body != '{}' ORDER BY received_at LIMIT 1")
        .toArray()[0]?.received_at ?? null
    );
  }

  /** Blanks the bodies of the callbacks received at `until` or earlier; answers how many. */
  blankCallbacksUntil(until: number): number {
    return blankCallbackBodies(this.sql, 'callbacks', `received_at <= ${until}`);
  }

  /** A payment's index row is due again (what it counted changed, not its status). */
  touchLinkPayment(key: string, now = Date.now()): void {
    this.sql.exec('UPDATE link_payments SET updated_at = ? WHERE key = ?', now, key);
  }

  // ---------------------------------------------------------------- links

  /** Records a link about to be created (a second call with the same id changes nothing). */
  insertLink(link: NewLink, now = Date.now()): void {
    this.sql.exec(
      `INSERT INTO links (id, state, upstream_id, url, amount, currency, country_id, callback_url,
       created_at, updated_at) VALUES (?, 'creating', NULL, NULL, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
      link.id,
      link.amount,
      link.currency,
      link.country_id,
      link.callback_url,
      now,
      now,
    );
  }

  /** Records the create's answer: `created` with the upstream's id and URL, or `refused`. */
  settleLink(
    id: string,
    answer:
      { state: 'created'; upstream_id: string | null; url: string | null } | { state: 'refused' },
    now = Date.now(),
  ): void {
    const created = answer.state === 'created' ? answer : null;
    this.sql.exec(
      `UPDATE links SET state = ?, upstream_id = ?, url = ?, updated_at = ?
     WHERE id = ? AND state = 'creating'`,
      answer.state,
      created?.upstream_id ?? null,
      created?.url ?? null,
      now,
      id,
    );
  }

  /** One recorded link by id, or undefined. */
  linkById(id: string): LinkRow | undefined {
    return this.sql.exec<LinkRow>('SELECT * FROM links WHERE id = ?', id).toArray()[0];
  }

  // ---------------------------------------------------------------- link routes

  /** A reference's payment key, or null when this shard has no route for it. */
  linkRoute(ref: string): string | null {
    return (
      this.sql.exec<{ key: string }>('SELECT key FROM link_routes WHERE ref = ?', ref).toArray()[0]
        ?.key ?? null
    );
  }

  /**
   * Points `ref` at `key` unless it already points somewhere: answers the key it points at and
   * whether this call made the route.
   */
  claimLinkRoute(ref: string, key: string): { key: string; fresh: boolean } {
    const written = this.sql.exec(
      'INSERT INTO link_routes (ref, key, at) VALUES (?, ?, ?) ON CONFLICT (ref) DO NOTHING',
      ref,
      key,
      Date.now(),
    ).rowsWritten;
    return { key: this.linkRoute(ref)!, fresh: written > 0 };
  }

  /** Moves a route this router made a moment ago from `from` to `to` (if nothing moved it). */
  repointLinkRoute(ref: string, from: string, to: string): void {
    this.sql.exec('UPDATE link_routes SET key = ? WHERE ref = ? AND key = ?', to, ref, from);
  }
}
