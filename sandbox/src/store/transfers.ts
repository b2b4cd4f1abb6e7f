/**
 * The `transfers` table: money paid into virtual accounts, with what was credited and what was
 * reversed (overpayment excess, or a whole underpayment).
 * @module
 */

/** What happened to one transfer. */
export type TransferOutcome =
  /** The expected amount was credited (any excess reversed); the transaction succeeded. */
  | 'credited'
  /** Less than expected, accepted: the whole short transfer was credited and the transaction succeeds with that amount. */
  | 'short'
  /** Less than expected, refused (`underpayment: "reverse"`): the whole transfer was reversed; the transaction stays pending. */
  | 'reversed';

/** One transfer into a virtual account. */
export type Transfer = {
  id: number;
  ref: string;
  account_number: string;
  paid: number;
  credited: number;
  reversed: number;
  outcome: TransferOutcome;
  created_at: number;
};

/**
 * Records a transfer; returns it with its id.
 *
 * @example
 * addTransfer(sql, { ref, account_number, paid: 1200, credited: 1000, reversed: 200, outcome: 'credited', created_at: now });
 */
export function addTransfer(sql: SqlStorage, transfer: Omit<Transfer, 'id'>): Transfer {
  return sql
    .exec<Transfer>(
      `INSERT INTO transfers (ref, account_number, paid, credited, reversed, outcome, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      transfer.ref,
      transfer.account_number,
      transfer.paid,
      transfer.credited,
      transfer.reversed,
      transfer.outcome,
      transfer.created_at,
    )
    .one();
}

/** Every transfer into a transaction's account, oldest first. */
export function transfersOf(sql: SqlStorage, ref: string): Transfer[] {
  return sql.exec<Transfer>('SELECT * FROM transfers WHERE ref = ? ORDER BY id', ref).toArray();
}
