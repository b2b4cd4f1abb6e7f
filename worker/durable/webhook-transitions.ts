/**
 * The delivery state of a merchant webhook in the outbox: `pending` (to send, or to retry at
 * `next_at`), `delivered` (a 2xx came back: never sent again unless the merchant asks) or
 * `failed` (the retry window closed, or the secret cannot sign it). One machine for every
 * delivery row: endpoint zero's (the `outbox` row) and each webhook endpoint's
 * (worker/webhook-endpoints/transitions.ts names its rows and adds their queueing). These
 * functions and those are the only writes of a delivery row's `status` (docs/design.md,
 * "Outbox").
 * @module
 */

/** Where one event stands. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** The delivery columns of an outbox row (endpoint zero's, and each endpoint's in
 * worker/webhook-endpoints/targets.ts). */
export interface DeliveryState {
  /** When the row was queued: its retry window runs from here. */
  created_at: number;
  status: DeliveryStatus;
  tries: number;
  next_at: number | null;
  delivered_at: number | null;
  last_status: number | null;
  last_error: string | null;
}

/** What one try of an event ended with. */
export interface TryResult {
  /** Tries so far, this one included. */
  tries: number;
  /** The merchant's HTTP status, if any answer came. */
  httpStatus: number | null;
  error: string | null;
}

/** One delivery row: its table and the row's key. */
export interface DeliveryRow {
  table: string;
  /** The key's condition, with a `?` per binding. */
  where: string;
  bindings: SqlStorageValue[];
}

/** Endpoint zero's row of an event: the outbox's own. */
const zeroRow = (id: string): DeliveryRow => ({ table: 'outbox', where: 'id = ?', bindings: [id] });

/** A row by its id (endpoint zero's) or as given. */
const rowOf = (row: string | DeliveryRow) => (typeof row === 'string' ? zeroRow(row) : row);

/** A new event, due now; a second write of the same id changes nothing. Answers if written. */
export function queueDelivery(
  sql: SqlStorage,
  event: { id: string; type: string; payload: string; at: number },
): boolean {
  return (
    sql.exec(
      `INSERT INTO outbox (id, type, payload, created_at, status, next_at)
       VALUES (?, ?, ?, ?, 'pending', ?) ON CONFLICT (id) DO NOTHING`,
      event.id,
      event.type,
      event.payload,
      event.at,
      event.at,
    ).rowsWritten > 0
  );
}

/** The merchant answered 2xx at `at`: delivered, no retry. */
export function markDelivered(
  sql: SqlStorage,
  row: string | DeliveryRow,
  result: TryResult,
  at: number,
): void {
  const { table, where, bindings } = rowOf(row);
  sql.exec(
    `UPDATE ${table} SET status = 'delivered', tries = ?, delivered_at = ?, last_status = ?,
       last_error = NULL, next_at = NULL WHERE ${where}`,
    result.tries,
    at,
    result.httpStatus,
    ...bindings,
  );
}

/**
 * The try failed: retried at `nextAt`, or `failed` for good when `nextAt` is null (the retry
 * window closed, or no retry could sign it).
 */
export function markTryFailed(
  sql: SqlStorage,
  row: string | DeliveryRow,
  result: TryResult,
  nextAt: number | null,
): void {
  const { table, where, bindings } = rowOf(row);
  sql.exec(
    `UPDATE ${table} SET status = ?, tries = ?, next_at = ?, last_status = ?, last_error = ?
       WHERE ${where}`,
    nextAt === null ? 'failed' : 'pending',
    result.tries,
    nextAt,
    result.httpStatus,
    result.error,
    ...bindings,
  );
}

/** No try can be made (the endpoint is gone): `failed` for good, for `reason`. */
export function markDropped(sql: SqlStorage, row: DeliveryRow, reason: string): void {
  sql.exec(
    `UPDATE ${row.table} SET status = 'failed', next_at = NULL, last_error = ? WHERE ${row.where}`,
    reason,
    ...row.bindings,
  );
}

/** The merchant asked for the event again: pending, due at `at` (its tries are kept). */
export function markResend(sql: SqlStorage, id: string, at: number): void {
  sql.exec("UPDATE outbox SET status = 'pending', next_at = ? WHERE id = ?", at, id);
}
