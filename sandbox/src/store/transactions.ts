/**
 * The `transactions` table: every collection (payin) and payout of the sandbox.
 * @module
 */
import type { Script } from '../outcomes';

/** Where a transaction is in its life; `done` once it is success or failed. */
export type Stage =
  /** A scripted outcome is due (a `settle` task). */
  | 'processing'
  /** OTP method: waiting for process-transaction. */
  | 'awaiting_otp'
  /** Redirect methods: waiting for Approve or Decline on the authorization page. */
  | 'awaiting_payer'
  /** Virtual accounts: waiting for a transfer. */
  | 'awaiting_transfer'
  /** Scripted to stay pending forever. */
  | 'stalled'
  | 'done';

/** One transaction row. */
export type Transaction = {
  ref: string;
  type: 'payin' | 'payout';
  /** `api`: created by a signed call; `link`: paid on a hosted payment-link page. */
  source: 'api' | 'link';
  status: 'pending' | 'success' | 'failed';
  status_code: string;
  stage: Stage;
  script: Script;
  /** 1 = never call back (script 003 or an injected `no_callback` fault). */
  silent: number;
  amount: number;
  fee_minor: number;
  currency: string;
  country_id: number | null;
  mobile: string | null;
  payment_method_type: string;
  /** The catalogue's method kind for collections; `payout` for payouts. */
  method_kind: string;
  third_party_reference_1: string | null;
  third_party_reference_2: string | null;
  payment_reference: string | null;
  /** callback_url of a collection, client_callback_url of a payout. */
  callback_url: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  account_name: string | null;
  bank_code: string | null;
  bank_name: string | null;
  account_number: string | null;
  sub_merchant_id: string | null;
  successful_url: string | null;
  failure_url: string | null;
  payment_token: string | null;
  otp_attempts: number;
  /** Real ms: end of OTP validity or of the virtual account's life. */
  expires_at: number | null;
  payment_link_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  balance_after_minor: number | null;
  /** The amount callbacks and status queries report once settled, when it differs from `amount` (a short success). */
  settled_amount: number | null;
  /** An outcome to apply later (a `force` task): control `outcome` with `after_ms`, or a late-confirmed transfer. */
  planned_outcome: 'success' | 'failed' | 'timeout' | null;
  /** The settled amount the planned outcome will report (null: `amount`). */
  planned_amount: number | null;
  /** Real ms when the planned outcome applies. */
  planned_at: number | null;
  /** The MerchantRequestID when it differs from `ref` (setting `distinct_references`). */
  merchant_request_id: string | null;
  /** The transaction reference (callback `reference`, status `ref` and `transaction_id`) when
   * it differs from `ref` (setting `distinct_references`). */
  transaction_ref: string | null;
  /** JSON array of param names the terminal callback leaves out (control `outcome` `omit`). */
  callback_omit: string | null;
  /** Minor units taken from the wallet when the payout was created (setting
   * `lock_payout_funds`), not yet settled or released. */
  locked_minor: number;
  /** Status queries still to answer "not created" although the transaction exists (control
   * `not-created`: a lagging replica). */
  lagging_queries: number;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
};

const COLUMNS = [
  'ref',
  'type',
  'source',
  'status',
  'status_code',
  'stage',
  'script',
  'silent',
  'amount',
  'fee_minor',
  'currency',
  'country_id',
  'mobile',
  'payment_method_type',
  'method_kind',
  'third_party_reference_1',
  'third_party_reference_2',
  'payment_reference',
  'callback_url',
  'name',
  'first_name',
  'last_name',
  'account_name',
  'bank_code',
  'bank_name',
  'account_number',
  'sub_merchant_id',
  'successful_url',
  'failure_url',
  'payment_token',
  'otp_attempts',
  'expires_at',
  'payment_link_id',
  'failure_code',
  'failure_message',
  'balance_after_minor',
  'settled_amount',
  'planned_outcome',
  'planned_amount',
  'planned_at',
  'merchant_request_id',
  'transaction_ref',
  'callback_omit',
  'locked_minor',
  'lagging_queries',
  'created_at',
  'updated_at',
  'settled_at',
] as const satisfies readonly (keyof Transaction)[];

/**
 * Inserts a transaction; false when a uniqueness rule (reference, account number, token) refused it.
 *
 * @example
 * if (!insertTransaction(sql, row)) return { ok: false, reason: 'duplicate' };
 */
export function insertTransaction(sql: SqlStorage, row: Transaction): boolean {
  const placeholders = COLUMNS.map(() => '?').join(', ');
  const inserted = sql
    .exec(
      `INSERT INTO transactions (${COLUMNS.join(', ')}) VALUES (${placeholders})
       ON CONFLICT DO NOTHING RETURNING ref`,
      ...COLUMNS.map((column) => row[column]),
    )
    .toArray();
  return inserted.length === 1;
}

/**
 * Updates some columns of a transaction (and `updated_at`).
 *
 * @example
 * updateTransaction(sql, ref, { status: 'success', status_code: '000000' }, Date.now());
 */
export function updateTransaction(
  sql: SqlStorage,
  ref: string,
  changes: Partial<Omit<Transaction, 'ref'>>,
  now: number,
): void {
  const entries = Object.entries({ ...changes, updated_at: now });
  sql.exec(
    `UPDATE transactions SET ${entries.map(([column]) => `${column} = ?`).join(', ')} WHERE ref = ?`,
    ...entries.map(([, value]) => value),
    ref,
  );
}

/** The transaction with this service reference. */
export function transactionByRef(sql: SqlStorage, ref: string): Transaction | undefined {
  return sql.exec<Transaction>('SELECT * FROM transactions WHERE ref = ?', ref).toArray()[0];
}

/**
 * The transaction a status query names: by third_party_reference_1, third_party_reference_2,
 * the service's ref (depositId), its MerchantRequestID or transaction reference when distinct,
 * or payment_reference, of any type (the caller compares the type).
 * The newest wins when several match.
 *
 * @example
 * const tx = transactionById(sql, 'order-42');
 */
export function transactionById(
  sql: SqlStorage,
  id: string,
  type?: 'payin' | 'payout',
): Transaction | undefined {
  const typeFilter = type ? 'AND type = ?' : '';
  return sql
    .exec<Transaction>(
      `SELECT * FROM transactions
       WHERE (ref = ? OR third_party_reference_1 = ? OR third_party_reference_2 = ?
              OR payment_reference = ? OR transaction_ref = ? OR merchant_request_id = ?)
              ${typeFilter}
       ORDER BY (ref = ?) DESC, created_at DESC LIMIT 1`,
      ...[id, id, id, id, id, id],
      ...(type ? [type] : []),
      id,
    )
    .toArray()[0];
}

/**
 * True when a signed call of `type` already used `reference` as third_party_reference_1.
 *
 * @example
 * if (referenceTaken(sql, 'payin', 'order-42')) refuse();
 */
export function referenceTaken(
  sql: SqlStorage,
  type: 'payin' | 'payout',
  reference: string,
): boolean {
  return (
    sql
      .exec(
        `SELECT 1 AS found FROM transactions
         WHERE type = ? AND third_party_reference_1 = ? AND source = 'api'`,
        type,
        reference,
      )
      .toArray().length > 0
  );
}

/**
 * The transaction holding a payment token (OTP method).
 *
 * @example
 * const tx = transactionByToken(sql, token);
 */
export function transactionByToken(sql: SqlStorage, token: string): Transaction | undefined {
  return sql
    .exec<Transaction>('SELECT * FROM transactions WHERE payment_token = ?', token)
    .toArray()[0];
}

/**
 * The transaction of a virtual account number.
 *
 * @example
 * const tx = transactionByAccount(sql, '9204417753');
 */
export function transactionByAccount(
  sql: SqlStorage,
  accountNumber: string,
): Transaction | undefined {
  return sql
    .exec<Transaction>('SELECT * FROM transactions WHERE account_number = ?', accountNumber)
    .toArray()[0];
}

/**
 * The newest transactions first, at most `limit`.
 *
 * @example
 * const latest = listTransactions(sql, 100);
 */
export function listTransactions(sql: SqlStorage, limit: number): Transaction[] {
  return sql
    .exec<Transaction>(
      'SELECT * FROM transactions ORDER BY created_at DESC, rowid DESC LIMIT ?',
      limit,
    )
    .toArray();
}
