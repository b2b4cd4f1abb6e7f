/**
 * The `settings` table: the sandbox's unkind-but-legal behaviours that last until changed
 * (PUT /control/settings), as opposed to faults, which count calls. One row; every setting is
 * off by default. A setting applies to the transactions whose callback URL starts with
 * `callback_url_prefix` (every transaction when it is null), so a test can turn one on for its
 * own callbacks without changing what concurrent tests see.
 * @module
 */

/** The sandbox's lasting settings. */
export type Settings = {
  /** New transactions get a MerchantRequestID and a transaction reference (callback
   * `reference`, status `ref` / `transaction_id`) distinct from their depositId. */
  distinct_references: boolean;
  /** A payout's amount plus fee leaves the wallet when it is created (released if it fails),
   * so pending payouts count against the balance the next payout is checked against. */
  lock_payout_funds: boolean;
  /** A resend of a callback one of whose deliveries was answered 200 is refused, as the
   * upstream documents for its portal. */
  refuse_resend_after_200: boolean;
  /** Which transactions the settings apply to: callback URLs starting with this; null = all. */
  callback_url_prefix: string | null;
};

/** Every setting off, for every transaction. */
export const DEFAULT_SETTINGS: Settings = {
  distinct_references: false,
  lock_payout_funds: false,
  refuse_resend_after_200: false,
  callback_url_prefix: null,
};

type SettingsRow = {
  distinct_references: number;
  lock_payout_funds: number;
  refuse_resend_after_200: number;
  callback_url_prefix: string | null;
};

/** The current settings. */
export function readSettings(sql: SqlStorage): Settings {
  const row = sql.exec<SettingsRow>('SELECT * FROM settings WHERE id = 1').toArray()[0];
  if (!row) return DEFAULT_SETTINGS;
  return {
    distinct_references: row.distinct_references === 1,
    lock_payout_funds: row.lock_payout_funds === 1,
    refuse_resend_after_200: row.refuse_resend_after_200 === 1,
    callback_url_prefix: row.callback_url_prefix,
  };
}

/**
 * Replaces the settings; returns them.
 *
 * @example
 * writeSettings(sql, { ...DEFAULT_SETTINGS, distinct_references: true });
 */
export function writeSettings(sql: SqlStorage, settings: Settings): Settings {
  sql.exec(
    `INSERT INTO settings (id, distinct_references, lock_payout_funds, refuse_resend_after_200,
       callback_url_prefix) VALUES (1, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET distinct_references = excluded.distinct_references,
       lock_payout_funds = excluded.lock_payout_funds,
       refuse_resend_after_200 = excluded.refuse_resend_after_200,
       callback_url_prefix = excluded.callback_url_prefix`,
    settings.distinct_references ? 1 : 0,
    settings.lock_payout_funds ? 1 : 0,
    settings.refuse_resend_after_200 ? 1 : 0,
    settings.callback_url_prefix,
  );
  return readSettings(sql);
}

/**
 * The settings that apply to a transaction calling back `callbackUrl` (all off outside the
 * settings' prefix).
 *
 * @example
 * if (settingsFor(sql, tx.callback_url).lock_payout_funds) lockFunds();
 */
export function settingsFor(sql: SqlStorage, callbackUrl: string): Settings {
  const settings = readSettings(sql);
  const prefix = settings.callback_url_prefix;
  return prefix === null || callbackUrl.startsWith(prefix) ? settings : DEFAULT_SETTINGS;
}
