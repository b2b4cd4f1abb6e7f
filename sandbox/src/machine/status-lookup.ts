/**
 * What the status query finds (POST /api/v3/get-unified-transaction-status): a transaction of
 * the asked type by any of its references, with the merchant float account and the balance
 * after it; a transaction set to lag (control not-created) is answered "not found" that many
 * times first.
 * @module
 */
import { transactionById, updateTransaction } from '../store/transactions';
import { walletOf } from '../store/wallets';
import type { Lookup } from './types';

/**
 * Looks a transaction up for the status query (see the module comment); a lagging one counts
 * one lagging answer down.
 *
 * @example
 * lookUpTransaction(sql, 'order-42', 'payin', now); // { found: 'yes', tx, … }
 */
export function lookUpTransaction(
  sql: SqlStorage,
  id: string,
  type: 'payin' | 'payout',
  now: number,
): Lookup {
  const tx = transactionById(sql, id, type);
  if (!tx) return transactionById(sql, id) ? { found: 'other_type' } : { found: 'no' };
  if (tx.lagging_queries > 0) {
    updateTransaction(sql, tx.ref, { lagging_queries: tx.lagging_queries - 1 }, now);
    return { found: 'lagging' };
  }
  const wallet = walletOf(sql, tx.currency, now);
  return {
    found: 'yes',
    tx,
    walletAccount: wallet.account_number,
    balanceMinor: tx.balance_after_minor ?? wallet.balance_minor,
  };
}
