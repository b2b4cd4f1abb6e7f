/**
 * The `wallets` table: the merchant's float, one wallet per currency. Collections credit it
 * (amount minus fee) when they succeed; payouts debit it (amount plus fee) when they succeed.
 * @module
 */
import { OPENING_BALANCE_MINOR } from '../money';

/** One currency wallet. */
export type Wallet = {
  currency: string;
  /** The merchant float account number (the status record's `account_number`). */
  account_number: string;
  balance_minor: number;
  updated_at: number;
};

const accountNumberOf = (currency: string): string => `SBX-${currency}-0001`;

/**
 * Opens the wallets of these currencies that do not exist yet, at the opening balance.
 *
 * @example
 * openWallets(sql, ['KES', 'NGN'], Date.now());
 */
export function openWallets(sql: SqlStorage, currencies: Iterable<string>, now: number): void {
  for (const currency of currencies) {
    sql.exec(
      `INSERT INTO wallets (currency, account_number, balance_minor, updated_at)
       VALUES (?, ?, ?, ?) ON CONFLICT (currency) DO NOTHING`,
      currency,
      accountNumberOf(currency),
      OPENING_BALANCE_MINOR,
      now,
    );
  }
}

/**
 * Adds `deltaMinor` (negative to debit) to a currency's wallet, opening it if needed; returns it.
 *
 * @example
 * const wallet = adjustWallet(sql, 'KES', 147_750, Date.now());
 */
export function adjustWallet(
  sql: SqlStorage,
  currency: string,
  deltaMinor: number,
  now: number,
): Wallet {
  return sql
    .exec<Wallet>(
      `INSERT INTO wallets (currency, account_number, balance_minor, updated_at)
       VALUES (?, ?, ?, ?)
       ON CONFLICT (currency) DO UPDATE SET
         balance_minor = wallets.balance_minor + ?, updated_at = excluded.updated_at
       RETURNING currency, account_number, balance_minor, updated_at`,
      currency,
      accountNumberOf(currency),
      OPENING_BALANCE_MINOR + deltaMinor,
      now,
      deltaMinor,
    )
    .one();
}

/** One currency's wallet, opening it if needed. */
export function walletOf(sql: SqlStorage, currency: string, now: number): Wallet {
  openWallets(sql, [currency], now);
  return sql.exec<Wallet>('SELECT * FROM wallets WHERE currency = ?', currency).one();
}

/** Every wallet, by currency. */
export function listWallets(sql: SqlStorage): Wallet[] {
  return sql.exec<Wallet>('SELECT * FROM wallets ORDER BY currency').toArray();
}
