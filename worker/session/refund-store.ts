/**
 * A session's refunds and the payer phones its refunds are paid to by default: two tables beside
 * the session's own (additive: sessions written before them gain them on their next
 * construction). The phone and a refund's reason are personal data: erased with the session
 * (worker/session/redact.ts), or, for a refund its keeper has no erasure to come for, once its
 * payout is recorded; only the masked phone is ever shown.
 * @module
 */
import { isSettledAttempt, type AttemptStatus } from '../../shared/status';

// Reads through sql.exec here (not store.ts's helpers): store.ts imports this schema.
function all<T>(sql: SqlStorage, query: string, ...bindings: unknown[]): T[] {
  return sql.exec(query, ...bindings).toArray() as unknown as T[];
}

/** The tables, created with the session's schema. */
export const REFUNDS_SCHEMA = `
CREATE TABLE IF NOT EXISTS refunds (
  id TEXT PRIMARY KEY, attempt_id TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
  status TEXT NOT NULL, settled_amount INTEGER, method TEXT NOT NULL, mobile TEXT,
  mobile_masked TEXT NOT NULL, reason TEXT, reference TEXT, sent INTEGER NOT NULL DEFAULT 0,
  created_by TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS payer_phones (attempt_id TEXT PRIMARY KEY, mobile TEXT NOT NULL);
`;

/** One refund as the session keeps it (the Payout object that pays it holds the rest). */
export interface RefundRow {
  id: string;
  attempt_id: string;
  amount: number;
  currency: string;
  /** The payout's status, as last told by it (`pending` until then). */
  status: AttemptStatus;
  settled_amount: number | null;
  method: string;
  /** The destination number (null once erased). */
  mobile: string | null;
  mobile_masked: string;
  reason: string | null;
  reference: string | null;
  /** 1 once the Payout object answered the create (the payout is recorded there). */
  sent: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** Every refund of the session, oldest first. */
export function refundRows(sql: SqlStorage): RefundRow[] {
  return all<RefundRow>(sql, 'SELECT * FROM refunds ORDER BY created_at, id');
}

/** One refund, if this session has it. */
export function refundRow(sql: SqlStorage, id: string): RefundRow | undefined {
  return all<RefundRow>(sql, 'SELECT * FROM refunds WHERE id = ?', id)[0];
}

/** Writes a new refund, `pending`, not yet sent. */
export function insertRefund(
  sql: SqlStorage,
  row: Omit<RefundRow, 'status' | 'settled_amount' | 'sent' | 'updated_at'>,
): void {
  sql.exec(
    `INSERT INTO refunds (id, attempt_id, amount, currency, status, method, mobile, mobile_masked,
       reason, reference, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)`,
    row.id,
    row.attempt_id,
    row.amount,
    row.currency,
    row.method,
    row.mobile,
    row.mobile_masked,
    row.reason,
    row.reference,
    row.created_by,
    row.created_at,
    row.created_at,
  );
}

/** The payer's number of an attempt (for its refunds' default destination). */
export function rememberPayerPhone(sql: SqlStorage, attemptId: string, mobile: string): void {
  sql.exec(
    'INSERT INTO payer_phones (attempt_id, mobile) VALUES (?, ?) ON CONFLICT DO NOTHING',
    attemptId,
    mobile,
  );
}

/** The payer's number of an attempt, unless erased or never kept. */
export function payerPhone(sql: SqlStorage, attemptId: string): string | null {
  return (
    all<{ mobile: string }>(
      sql,
      'SELECT mobile FROM payer_phones WHERE attempt_id = ?',
      attemptId,
    )[0]?.mobile ?? null
  );
}

/** True unless the refund is paid to the number that paid (a payer's number never kept, or
 * erased, cannot show it is). */
export function differsFromPayer(sql: SqlStorage, row: RefundRow): boolean {
  return row.mobile === null || row.mobile !== payerPhone(sql, row.attempt_id);
}

/**
 * Erases every refund's destination number and reason (the masked numbers stay) and the payer
 * numbers refunds default to. A refund's `reason` is the merchant's free text, sent as the
 * payout's narration: personal data as `narration` is (worker/durable/redaction.ts).
 */
export function eraseRefundDestinations(sql: SqlStorage): void {
  sql.exec('DELETE FROM payer_phones');
  sql.exec('UPDATE refunds SET mobile = NULL, reason = NULL');
}

/**
 * Erases one refund's destination number and reason once its payout is recorded (the Payout
 * object holds what the refund shows from then on): for a keeper with no later erasure of its
 * own (a ledger shard, an erased session).
 */
export function forgetRefundDestination(sql: SqlStorage, id: string): void {
  sql.exec('UPDATE refunds SET mobile = NULL, reason = NULL WHERE id = ?', id);
}

/** Whether every refund's payout is recorded by its Payout object and settled, as it last told
 * (the session may be erased, and its refunds' payouts with it). */
export function refundsSettled(sql: SqlStorage): boolean {
  return refundRows(sql).every((r) => r.sent === 1 && isSettledAttempt(r.status));
}
