/**
 * The webhook endpoints in the registry object's SQLite: address, filters, status, and the
 * signing secret with the previous one during a roll's overlap. Secrets live here only (Durable
 * Object storage, reached through the registry's RPC), never in D1 nor in a log line: D1 is read
 * by every list route and by reindexing tools, and nothing there needs a secret.
 * @module
 */
import { matchesEventType } from './event-filter';
import type * as z from 'zod';
import type { webhookEndpointSchema } from '../views/webhook-endpoints';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS endpoints (
  id TEXT PRIMARY KEY, url TEXT NOT NULL, enabled_events TEXT NOT NULL, sub_merchant_id TEXT,
  description TEXT NOT NULL, status TEXT NOT NULL, secret TEXT NOT NULL, previous_secret TEXT,
  previous_until INTEGER, failing_since INTEGER, last_error TEXT, disabled_reason TEXT,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
`;

/** Endpoints one deployment may have (each event is sent to every matching one). */
export const MAX_ENDPOINTS = 16;

/** Whether an endpoint is sent events. */
export type EndpointStatus = 'enabled' | 'disabled';

/** One endpoint as stored. */
export interface EndpointRow {
  id: string;
  url: string;
  /** JSON list of patterns (worker/webhook-endpoints/event-filter.ts). */
  enabled_events: string;
  sub_merchant_id: string | null;
  description: string;
  status: EndpointStatus;
  secret: string;
  previous_secret: string | null;
  /** End of the previous secret's overlap (ms). */
  previous_until: number | null;
  failing_since: number | null;
  last_error: string | null;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** The settable fields of an endpoint. */
export interface EndpointFields {
  url: string;
  enabled_events: string[];
  sub_merchant_id: string | null;
  description: string;
  status: EndpointStatus;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * An endpoint as the merchant API shows it: never its secret.
 *
 * @example
 * c.json(endpointView(row));
 */
export function endpointView(row: EndpointRow, now = Date.now()): EndpointView {
  return {
    id: row.id,
    object: 'webhook_endpoint' as const,
    url: row.url,
    enabled_events: JSON.parse(row.enabled_events) as string[],
    sub_merchant_id: row.sub_merchant_id,
    description: row.description,
    status: row.status,
    disabled_reason: row.disabled_reason,
    /** While a rolled secret still signs: when it stops. */
    previous_secret_expires_at:
      row.previous_until !== null && row.previous_until > now ? iso(row.previous_until) : null,
    failing_since: iso(row.failing_since),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** An endpoint as the API answers it. */
export type EndpointView = z.output<typeof webhookEndpointSchema>;

/** The endpoints table of the registry. */
export class EndpointStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  all(): EndpointRow[] {
    return this.sql
      .exec<EndpointRow & Record<string, SqlStorageValue>>(
        'SELECT * FROM endpoints ORDER BY created_at, id',
      )
      .toArray();
  }

  get(id: string): EndpointRow | undefined {
    return this.sql
      .exec<EndpointRow & Record<string, SqlStorageValue>>(
        'SELECT * FROM endpoints WHERE id = ?',
        id,
      )
      .toArray()[0];
  }

  count(): number {
    return (this.sql.exec('SELECT COUNT(*) AS n FROM endpoints').one() as { n: number }).n;
  }

  insert(id: string, fields: EndpointFields, secret: string, now: number): void {
    this.sql.exec(
      `INSERT INTO endpoints (id, url, enabled_events, sub_merchant_id, description, status, secret,
         created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      fields.url,
      JSON.stringify(fields.enabled_events),
      fields.sub_merchant_id,
      fields.description,
      fields.status,
      secret,
      now,
      now,
    );
  }

  /** Sets the given fields but the status (worker/webhook-endpoints/transitions.ts sets it). */
  update(id: string, fields: Partial<EndpointFields>, now: number): void {
    const row = this.get(id);
    if (!row) return;
    this.sql.exec(
      `UPDATE endpoints SET url = ?, enabled_events = ?, sub_merchant_id = ?, description = ?,
         updated_at = ? WHERE id = ?`,
      fields.url ?? row.url,
      fields.enabled_events ? JSON.stringify(fields.enabled_events) : row.enabled_events,
      fields.sub_merchant_id === undefined ? row.sub_merchant_id : fields.sub_merchant_id,
      fields.description ?? row.description,
      now,
      id,
    );
  }

  remove(id: string): boolean {
    return this.sql.exec('DELETE FROM endpoints WHERE id = ?', id).rowsWritten > 0;
  }

  /** A new secret; the current one keeps signing until `previousUntil` (now: stops at once). */
  roll(id: string, secret: string, previousUntil: number, now: number): void {
    this.sql.exec(
      `UPDATE endpoints SET previous_secret = CASE WHEN ?1 > ?2 THEN secret ELSE NULL END,
         previous_until = CASE WHEN ?1 > ?2 THEN ?1 ELSE NULL END, secret = ?3, updated_at = ?2
       WHERE id = ?4`,
      previousUntil,
      now,
      secret,
      id,
    );
  }

  /** Ids of the enabled endpoints that take an event of `type` for `subMerchantId`. */
  matching(type: string, subMerchantId: string | null): string[] {
    return this.all()
      .filter(
        (row) =>
          row.status === 'enabled' &&
          (row.sub_merchant_id === null || row.sub_merchant_id === subMerchantId) &&
          matchesEventType(JSON.parse(row.enabled_events) as string[], type),
      )
      .map((row) => row.id);
  }

  /** The secrets that sign now: the current one, and the previous one during its overlap. */
  secrets(row: EndpointRow, now = Date.now()): string[] {
    return row.previous_secret !== null && row.previous_until !== null && now < row.previous_until
      ? [row.secret, row.previous_secret]
      : [row.secret];
  }
}
