/**
 * The only writes of the webhook endpoints' states. In the registry: an endpoint's `status`
 * (enabled or disabled, by the merchant or by a run of failures) and its run of failures. In
 * every object's outbox: each endpoint's delivery row of an event (`outbox_targets`, read by
 * worker/webhook-endpoints/targets.ts), queued or re-armed by a replay here, settled by a try
 * through the outbox's own delivery machine (worker/durable/webhook-transitions.ts), or dropped.
 * @module
 */
import {
  markDelivered,
  markDropped,
  markTryFailed,
  type DeliveryRow,
} from '../durable/webhook-transitions';
import type { EndpointRow, EndpointStatus } from './endpoint-store';
import type { TargetRow } from './targets';

const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------- endpoints (the registry)

/**
 * The merchant set the endpoint's status: enabling it again ends its run of failures,
 * disabling it says who did.
 */
export function setEndpointStatus(sql: SqlStorage, row: EndpointRow, status: EndpointStatus) {
  const enabling = status === 'enabled' && row.status !== 'enabled';
  sql.exec(
    'UPDATE endpoints SET status = ?, failing_since = ?, disabled_reason = ? WHERE id = ?',
    status,
    enabling ? null : row.failing_since,
    enabling ? null : status === 'disabled' ? 'disabled by the merchant' : row.disabled_reason,
    row.id,
  );
}

/**
 * A failed delivery: the first of a run starts it; one `disableAfterMs` or more into the run
 * disables the endpoint. Answers whether this call disabled it.
 */
export function endpointFailed(
  sql: SqlStorage,
  row: EndpointRow,
  failure: { at: number; error: string },
  disableAfterMs: number,
): boolean {
  const { at, error } = failure;
  if (row.failing_since === null) {
    sql.exec(
      'UPDATE endpoints SET failing_since = ?, last_error = ? WHERE id = ?',
      at,
      error,
      row.id,
    );
    return false;
  }
  sql.exec('UPDATE endpoints SET last_error = ? WHERE id = ?', error, row.id);
  if (row.status !== 'enabled' || at - row.failing_since < disableAfterMs) return false;
  const reason = `every delivery failed since ${iso(row.failing_since)} (last: ${error})`;
  sql.exec(
    "UPDATE endpoints SET status = 'disabled', disabled_reason = ?, updated_at = ? WHERE id = ?",
    reason,
    at,
    row.id,
  );
  return true;
}

/** A delivery succeeded: the run of failures is over. */
export function endpointSucceeded(sql: SqlStorage, id: string): void {
  sql.exec('UPDATE endpoints SET failing_since = NULL, last_error = NULL WHERE id = ?', id);
}

// ---------------------------------------------------------------- delivery rows (each outbox)

/** One endpoint's delivery row of one event. */
const targetRow = (row: Pick<TargetRow, 'event_id' | 'endpoint_id'>): DeliveryRow => ({
  table: 'outbox_targets',
  where: 'event_id = ? AND endpoint_id = ?',
  bindings: [row.event_id, row.endpoint_id],
});

/**
 * A new row, due now, once per (event, endpoint); a replay re-arms a settled row as a new
 * delivery. Answers if it is due.
 */
export function queueTarget(
  sql: SqlStorage,
  row: { eventId: string; endpointId: string; type: string; replay: boolean },
): boolean {
  const now = Date.now();
  const conflict = row.replay
    ? `DO UPDATE SET status = 'pending', replay = 1, created_at = excluded.created_at,
         next_at = excluded.next_at, tries = 0, delivered_at = NULL`
    : 'DO NOTHING';
  return (
    sql.exec(
      `INSERT INTO outbox_targets (event_id, endpoint_id, type, replay, created_at, status, next_at)
       VALUES (?, ?, ?, ?, ?, 'pending', ?) ON CONFLICT (event_id, endpoint_id) ${conflict}`,
      row.eventId,
      row.endpointId,
      row.type,
      row.replay ? 1 : 0,
      now,
      now,
    ).rowsWritten > 0
  );
}

/** Records one try: `delivered`, retried at `nextAt`, or `failed` for good (`nextAt` null).
 * A replayed row is removed once settled (the feed keeps the event). */
export function settleTarget(
  sql: SqlStorage,
  row: TargetRow,
  result: { ok: boolean; httpStatus: number | null; error: string | null; at: number },
  nextAt: number | null,
): void {
  if (row.replay === 1 && (result.ok || nextAt === null)) return removeTarget(sql, row);
  const tried = { tries: row.tries + 1, httpStatus: result.httpStatus, error: result.error };
  if (result.ok) markDelivered(sql, targetRow(row), tried, result.at);
  else markTryFailed(sql, targetRow(row), tried, nextAt);
}

/** The endpoint is gone or disabled: the row fails without a try (a replay's is removed). */
export function dropTarget(sql: SqlStorage, row: TargetRow, reason: string): void {
  if (row.replay === 0) markDropped(sql, targetRow(row), reason);
  else removeTarget(sql, row);
}

function removeTarget(sql: SqlStorage, row: TargetRow): void {
  sql.exec(
    'DELETE FROM outbox_targets WHERE event_id = ? AND endpoint_id = ?',
    row.event_id,
    row.endpoint_id,
  );
}
