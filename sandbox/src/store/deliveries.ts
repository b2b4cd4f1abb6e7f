/**
 * The `deliveries` table: one row per callback to send, with its attempts.
 * @module
 */

/** Why a callback is sent. */
export type DeliveryReason =
  /** The terminal callback of a settled transaction. */
  | 'terminal'
  /** The 2nd and 3rd copies of script 004. */
  | 'repeat'
  /** Asked for by POST /control/transactions/:ref/resend. */
  | 'resend'
  /** An extra callback with overrides: POST /control/transactions/:ref/callback. */
  | 'extra'
  /** A callback for a reference the sandbox never issued: POST /control/callbacks. */
  | 'foreign';

/** One callback and how its delivery went. */
export type Delivery = {
  id: number;
  ref: string;
  reason: DeliveryReason;
  url: string;
  /** The callback's params as JSON. */
  params: string;
  /** Extra root fields of the envelope as JSON (signed with the rest), or null. */
  root: string | null;
  /** The signed JSON body, made at the first attempt and sent unchanged on every retry. */
  body: string | null;
  attempts: number;
  /** HTTP status of the last attempt; null when it got no answer. */
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  delivered_at: number | null;
  gave_up_at: number | null;
  created_at: number;
};

/**
 * Records a callback to send; returns its id.
 *
 * @example
 * const id = addDelivery(sql, { ref, reason: 'terminal', url, params, next_attempt_at: now, created_at: now });
 */
export function addDelivery(
  sql: SqlStorage,
  delivery: Pick<
    Delivery,
    'ref' | 'reason' | 'url' | 'params' | 'next_attempt_at' | 'created_at'
  > & { root?: string | null },
): number {
  return sql
    .exec<{ id: number }>(
      `INSERT INTO deliveries (ref, reason, url, params, root, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      delivery.ref,
      delivery.reason,
      delivery.url,
      delivery.params,
      delivery.root ?? null,
      delivery.next_attempt_at,
      delivery.created_at,
    )
    .one().id;
}

/** One delivery by id. */
export function deliveryById(sql: SqlStorage, id: number): Delivery | undefined {
  return sql.exec<Delivery>('SELECT * FROM deliveries WHERE id = ?', id).toArray()[0];
}

/** Stores the signed body of a delivery (once, before its first attempt). */
export function saveBody(sql: SqlStorage, id: number, body: string): void {
  sql.exec('UPDATE deliveries SET body = ? WHERE id = ? AND body IS NULL', body, id);
}

/**
 * Records the result of one attempt.
 *
 * @example
 * recordAttempt(sql, id, { last_status: 500, last_error: null, next_attempt_at: due, delivered_at: null, gave_up_at: null });
 */
export function recordAttempt(
  sql: SqlStorage,
  id: number,
  result: Pick<
    Delivery,
    'last_status' | 'last_error' | 'next_attempt_at' | 'delivered_at' | 'gave_up_at'
  >,
): void {
  sql.exec(
    `UPDATE deliveries SET attempts = attempts + 1, last_status = ?, last_error = ?,
       next_attempt_at = ?, delivered_at = ?, gave_up_at = ? WHERE id = ?`,
    result.last_status,
    result.last_error,
    result.next_attempt_at,
    result.delivered_at,
    result.gave_up_at,
    id,
  );
}

/** The `ref` of deliveries that belong to no transaction (POST /control/callbacks). */
export const FOREIGN_REF = '-';

/** Every delivery of one transaction, oldest first. */
export function deliveriesOf(sql: SqlStorage, ref: string): Delivery[] {
  return sql.exec<Delivery>('SELECT * FROM deliveries WHERE ref = ? ORDER BY id', ref).toArray();
}
