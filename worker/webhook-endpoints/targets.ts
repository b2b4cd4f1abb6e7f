/**
 * The per-endpoint rows of an object's outbox (docs/design.md, "Outbox"): one row per (event,
 * endpoint), each with its own status, tries and backoff and its own task, so one endpoint
 * failing never holds another back. Endpoint zero (MERCHANT_WEBHOOK_URL) keeps the outbox's
 * own row. A replayed event (`replay` = 1) is not one of the object's events: its row holds the
 * event's id only, and its body is read from the events feed at each try, so an erasure (which
 * scrubs the feed's copy) reaches it and the row never carries personal data.
 * @module
 */
import { addColumns } from '../durable/add-columns';
import type { DeliveryState } from '../durable/webhook-transitions';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox_targets (
  event_id TEXT NOT NULL, endpoint_id TEXT NOT NULL, type TEXT NOT NULL, payload TEXT,
  created_at INTEGER NOT NULL, status TEXT NOT NULL, tries INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER, delivered_at INTEGER, last_status INTEGER, last_error TEXT,
  PRIMARY KEY (event_id, endpoint_id)
);
`;

/** Added after the table: 1 for a replayed event (its body is the feed's). */
const REPLAY_COLUMN = { replay: 'INTEGER NOT NULL DEFAULT 0' };

/** One event for one endpoint. */
export interface TargetRow extends DeliveryState {
  event_id: string;
  endpoint_id: string;
  type: string;
  /** Always null now; rows replayed before the `replay` column held a copy of the body. */
  payload: string | null;
  /** 1 for a replayed event: its body is read from the events feed at each try. */
  replay: number;
}

/** The task key of one event's delivery to one endpoint. */
export function targetTaskKey(endpointId: string, eventId: string): string {
  return `webhook-to:${endpointId}:${eventId}`;
}

/** The endpoint and event of a {@link targetTaskKey}, or null for another key. */
export function parseTargetTaskKey(key: string): { endpointId: string; eventId: string } | null {
  const match = /^webhook-to:(we_[a-z2-7]+):(.+)$/.exec(key);
  return match ? { endpointId: match[1]!, eventId: match[2]! } : null;
}

/** The rows of one object's outbox per endpoint (their writes: worker/webhook-endpoints/transitions.ts). */
export class TargetRows {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
    addColumns(sql, 'outbox_targets', REPLAY_COLUMN);
    // Replays queued with a copy of the body keep the id only (the feed has the body).
    sql.exec('UPDATE outbox_targets SET replay = 1, payload = NULL WHERE payload IS NOT NULL');
  }

  /** The rows of `endpointId` still to deliver (a replay is active while it has any). */
  pending(endpointId: string): number {
    return (
      this.sql
        .exec<{ n: number }>(
          "SELECT COUNT(*) AS n FROM outbox_targets WHERE endpoint_id = ? AND status = 'pending'",
          endpointId,
        )
        .one() as { n: number }
    ).n;
  }

  get(eventId: string, endpointId: string): TargetRow | undefined {
    return this.sql
      .exec<TargetRow & Record<string, SqlStorageValue>>(
        'SELECT * FROM outbox_targets WHERE event_id = ? AND endpoint_id = ?',
        eventId,
        endpointId,
      )
      .toArray()[0];
  }

  /** Every row of one event (the object's view of its fan-out). */
  ofEvent(eventId: string): TargetRow[] {
    return this.sql
      .exec<TargetRow & Record<string, SqlStorageValue>>(
        'SELECT * FROM outbox_targets WHERE event_id = ? ORDER BY endpoint_id',
        eventId,
      )
      .toArray();
  }
}
