/**
 * The ledger's SQLite schema, created on first use (idempotent).
 * @module
 */

const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS transactions (
    ref TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    source TEXT NOT NULL,
    status TEXT NOT NULL,
    status_code TEXT NOT NULL,
    stage TEXT NOT NULL,
    script TEXT NOT NULL,
    silent INTEGER NOT NULL DEFAULT 0,
    amount INTEGER NOT NULL,
    fee_minor INTEGER NOT NULL,
    currency TEXT NOT NULL,
    country_id INTEGER,
    mobile TEXT,
    payment_method_type TEXT NOT NULL,
    method_kind TEXT NOT NULL,
    third_party_reference_1 TEXT,
    third_party_reference_2 TEXT,
    payment_reference TEXT,
    callback_url TEXT NOT NULL,
    name TEXT,
    first_name TEXT,
    last_name TEXT,
    account_name TEXT,
    bank_code TEXT,
    bank_name TEXT,
    account_number TEXT,
    sub_merchant_id TEXT,
    successful_url TEXT,
    failure_url TEXT,
    payment_token TEXT,
    otp_attempts INTEGER NOT NULL DEFAULT 0,
    expires_at INTEGER,
    payment_link_id TEXT,
    failure_code TEXT,
    failure_message TEXT,
    balance_after_minor INTEGER,
    settled_amount REAL,
    planned_outcome TEXT,
    planned_amount REAL,
    planned_at INTEGER,
    merchant_request_id TEXT,
    transaction_ref TEXT,
    callback_omit TEXT,
    locked_minor INTEGER NOT NULL DEFAULT 0,
    lagging_queries INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    settled_at INTEGER
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS transactions_tpr1
    ON transactions (type, third_party_reference_1) WHERE source = 'api'`,
  `CREATE UNIQUE INDEX IF NOT EXISTS transactions_account
    ON transactions (account_number) WHERE account_number IS NOT NULL`,
  `CREATE UNIQUE INDEX IF NOT EXISTS transactions_token
    ON transactions (payment_token) WHERE payment_token IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS transactions_created ON transactions (created_at)`,
  `CREATE TABLE IF NOT EXISTS used_signatures (
    signature TEXT PRIMARY KEY,
    used_at INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    due_at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    ref TEXT NOT NULL,
    delivery_id INTEGER
  )`,
  `CREATE INDEX IF NOT EXISTS tasks_due ON tasks (due_at)`,
  `CREATE TABLE IF NOT EXISTS deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref TEXT NOT NULL,
    reason TEXT NOT NULL,
    url TEXT NOT NULL,
    params TEXT NOT NULL,
    body TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_status INTEGER,
    last_error TEXT,
    next_attempt_at INTEGER,
    delivered_at INTEGER,
    gave_up_at INTEGER,
    created_at INTEGER NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS deliveries_ref ON deliveries (ref)`,
  `CREATE TABLE IF NOT EXISTS wallets (
    currency TEXT PRIMARY KEY,
    account_number TEXT NOT NULL,
    balance_minor INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS transfers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref TEXT NOT NULL,
    account_number TEXT NOT NULL,
    paid INTEGER NOT NULL,
    credited INTEGER NOT NULL,
    reversed INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    created_at INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS payment_links (
    id TEXT PRIMARY KEY,
    business_name TEXT NOT NULL,
    item_name TEXT NOT NULL,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    country_id INTEGER NOT NULL,
    currency_country_id INTEGER,
    callback_url TEXT NOT NULL,
    redirection_url TEXT,
    logo TEXT,
    first_name TEXT,
    last_name TEXT,
    email TEXT,
    phone TEXT,
    status TEXT NOT NULL,
    payments INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS payment_link_logos (
    link_id TEXT NOT NULL,
    part INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (link_id, part)
  )`,
  `CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS faults (
    endpoint TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    remaining INTEGER NOT NULL,
    delay_ms INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    distinct_references INTEGER NOT NULL,
    lock_payout_funds INTEGER NOT NULL,
    refuse_resend_after_200 INTEGER NOT NULL,
    callback_url_prefix TEXT
  )`,
];

/**
 * Columns added after the first release, as `[table, column, definition]`: added to a table
 * created earlier (persisted dev state) when missing.
 */
const ADDED_COLUMNS: readonly (readonly [string, string, string])[] = [
  ['transactions', 'settled_amount', 'REAL'],
  ['transactions', 'planned_outcome', 'TEXT'],
  ['transactions', 'planned_amount', 'REAL'],
  ['transactions', 'planned_at', 'INTEGER'],
  ['transactions', 'merchant_request_id', 'TEXT'],
  ['transactions', 'transaction_ref', 'TEXT'],
  ['transactions', 'callback_omit', 'TEXT'],
  ['transactions', 'locked_minor', 'INTEGER NOT NULL DEFAULT 0'],
  ['transactions', 'lagging_queries', 'INTEGER NOT NULL DEFAULT 0'],
];

/** Indexes on added columns: created once the columns exist. */
const INDEXES_OF_ADDED_COLUMNS = [
  `CREATE INDEX IF NOT EXISTS transactions_transaction_ref ON transactions (transaction_ref)
    WHERE transaction_ref IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS transactions_merchant_request_id
    ON transactions (merchant_request_id) WHERE merchant_request_id IS NOT NULL`,
];

/**
 * Creates every table and index that does not exist yet.
 *
 * @example
 * ctx.blockConcurrencyWhile(async () => migrate(ctx.storage.sql));
 */
export function migrate(sql: SqlStorage): void {
  for (const statement of STATEMENTS) sql.exec(statement);
  for (const [table, column, definition] of ADDED_COLUMNS) {
    const present = sql
      .exec<{ name: string }>(
        `SELECT name FROM pragma_table_info('${table}') WHERE name = ?`,
        column,
      )
      .toArray();
    if (present.length === 0) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
  for (const statement of INDEXES_OF_ADDED_COLUMNS) sql.exec(statement);
}
