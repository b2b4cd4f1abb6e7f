/**
 * The index writes of one Durable Object: its summary rows and new webhook events wait in the
 * object's own `index_rows` table and are written to D1 by an `index` task of its queue
 * (worker/durable/task-queue.ts): at least once, retried 30 s later on failure, each row
 * upserted with the object's version for it (worker/index-store/tables.ts), so repeats and
 * late writes are harmless. The object stays the source of truth: {@link IndexOutbox.requeue}
 * sends every row again, {@link IndexOutbox.check} re-sends the rows D1 lacks or holds older.
 * @module
 */
import { INDEX_TASK, type IndexSink, type QueuedEvent } from '../durable/ports';
import type { TaskQueue } from '../durable/task-queue';
import { insertDelivery, type DeliveryAttempt } from '../webhook-endpoints/delivery-log';
import { eventSummary } from './event-summary';
import {
  INDEX_TABLES,
  insertEvent,
  upsertSummary,
  type EventSummary,
  type SummaryKind,
  type SummaryOf,
} from './tables';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS index_rows (
  id TEXT NOT NULL, kind TEXT NOT NULL, version INTEGER NOT NULL, written INTEGER NOT NULL,
  body TEXT NOT NULL, PRIMARY KEY (kind, id)
);
`;

export { INDEX_TASK };

/** How long a staged row waits for others to share its D1 batch. */
export const INDEX_DELAY_MS = 250;

/** Rows written per D1 batch; more are written by the next run of the task. */
const BATCH = 50;

interface IndexRow {
  id: string;
  /** `event_body`: a new body for an event already in the feed (an erasure); `delivery`: one
   * try to a webhook endpoint (the deliveries log). */
  kind: SummaryKind | 'event' | 'event_body' | 'delivery';
  version: number;
  written: number;
  body: string;
}

/** Where the index lives (absent: a deployment without the binding writes nothing). */
export interface IndexBinding {
  INDEX?: D1Database;
}

/**
 * The pending index writes of one object.
 *
 * @example
 * const index = new IndexOutbox(ctx.storage.sql, tasks, env.INDEX);
 * index.stage('session', sessionSummary(row)); // after a change: version + 1, task due now
 * // in alarm(), for a task of kind 'index': await index.flush();
 */
export class IndexOutbox implements IndexSink {
  /** @param db the query index (absent: a deployment without the binding writes nothing) */
  constructor(
    private readonly sql: SqlStorage,
    private readonly tasks: TaskQueue<string>,
    private readonly db?: D1Database,
  ) {
    sql.exec(SCHEMA);
  }

  /**
   * Records the current summary of one row. A summary equal to the last one changes nothing;
   * a different one gets the next version and is written to D1 soon. Answers if it changed.
   */
  stage<K extends SummaryKind>(kind: K, row: SummaryOf[K]): boolean {
    const body = JSON.stringify(row);
    const existing = this.sql
      .exec('SELECT version, body FROM index_rows WHERE kind = ? AND id = ?', kind, row.id)
      .toArray()[0] as { version: number; body: string } | undefined;
    if (existing?.body === body) return false;
    this.sql.exec(
      `INSERT INTO index_rows (id, kind, version, written, body) VALUES (?, ?, 1, 0, ?)
       ON CONFLICT (kind, id) DO UPDATE SET version = version + 1, body = excluded.body`,
      row.id,
      kind,
      body,
    );
    this.schedule();
    return true;
  }

  /** The summary last staged for one row, or null. */
  staged<K extends SummaryKind>(kind: K, id: string): SummaryOf[K] | null {
    const row = this.sql
      .exec<{ body: string }>('SELECT body FROM index_rows WHERE kind = ? AND id = ?', kind, id)
      .toArray()[0];
    return row ? (JSON.parse(row.body) as SummaryOf[K]) : null;
  }

  /** Queues one webhook event for the feed (once per id). */
  stageEvent(event: EventSummary): void {
    const written = this.sql.exec(
      `INSERT INTO index_rows (id, kind, version, written, body) VALUES (?, 'event', 1, 0, ?)
       ON CONFLICT (kind, id) DO NOTHING`,
      event.id,
      JSON.stringify(event),
    ).rowsWritten;
    if (written > 0) this.schedule();
  }

  /** Queues a new event of the object's outbox for the feed. */
  eventQueued(event: QueuedEvent): void {
    this.stageEvent(eventSummary(event));
  }

  /** Queues one try to a webhook endpoint for the deliveries log (written once). */
  stageDelivery(attempt: DeliveryAttempt): void {
    this.sql.exec(
      `INSERT INTO index_rows (id, kind, version, written, body) VALUES (?, 'delivery', 1, 0, ?)
       ON CONFLICT (kind, id) DO NOTHING`,
      attempt.id,
      JSON.stringify(attempt),
    );
    this.schedule();
  }

  /**
   * An event's body changed after it was queued (its personal data was erased,
   * worker/durable/redaction.ts): a copy still waiting here is rewritten in place, and the
   * feed's copy is overwritten by the next flush (a row the feed no longer holds stays absent).
   */
  restageEventBody(id: string, body: string): void {
    const waiting = this.sql
      .exec<{ body: string }>("SELECT body FROM index_rows WHERE kind = 'event' AND id = ?", id)
      .toArray()[0];
    if (waiting) {
      const event = { ...(JSON.parse(waiting.body) as EventSummary), body };
      this.sql.exec(
        "UPDATE index_rows SET body = ? WHERE kind = 'event' AND id = ?",
        JSON.stringify(event),
        id,
      );
    }
    this.sql.exec(
      `INSERT INTO index_rows (id, kind, version, written, body) VALUES (?, 'event_body', 1, 0, ?)
       ON CONFLICT (kind, id) DO UPDATE SET version = version + 1, body = excluded.body`,
      id,
      body,
    );
    this.schedule();
  }

  /** Due soon, not at once, and never moved later: the writes of a burst of changes (a
   * callback storm, a session's steps) go to D1 in one batch instead of one call each. */
  private schedule(): void {
    const due = Date.now() + INDEX_DELAY_MS;
    const task = this.tasks.get(INDEX_TASK);
    if (task && task.due_at <= due) return;
    this.tasks.schedule(INDEX_TASK, INDEX_TASK, due, null);
  }

  /** Rows not yet written at their current version. */
  pending(): number {
    return (
      this.sql.exec('SELECT COUNT(*) AS n FROM index_rows WHERE written < version').one() as {
        n: number;
      }
    ).n;
  }

  /**
   * The body of the `index` task: writes up to {@link BATCH} pending rows in one D1 batch
   * (events in the order they were queued), marks them written at the version sent, and
   * schedules itself again while rows remain. A failure throws: the task queue retries.
   */
  async flush(): Promise<void> {
    const { db } = this;
    this.tasks.cancel(INDEX_TASK);
    if (!db) return;
    const rows = this.sql
      .exec(
        `SELECT id, kind, version, written, body FROM index_rows WHERE written < version
         ORDER BY rowid LIMIT ?`,
        BATCH,
      )
      .toArray() as unknown as IndexRow[];
    if (rows.length === 0) return;
    await db.batch(
      rows.map((row) =>
        row.kind === 'event'
          ? insertEvent(db, JSON.parse(row.body) as EventSummary)
          : row.kind === 'event_body'
            ? db.prepare('UPDATE events SET body = ? WHERE id = ?').bind(row.body, row.id)
            : row.kind === 'delivery'
              ? insertDelivery(db, JSON.parse(row.body) as DeliveryAttempt)
              : upsertSummary(db, row.kind, JSON.parse(row.body) as never, row.version),
      ),
    );
    for (const row of rows) {
      if (row.kind === 'event_body') {
        this.sql.exec(
          "DELETE FROM index_rows WHERE kind = 'event_body' AND id = ? AND version = ?",
          row.id,
          row.version,
        );
      } else if (row.kind === 'event' || row.kind === 'delivery') {
        // The outbox keeps the event itself; once in the feed, nothing here needs it.
        this.sql.exec('DELETE FROM index_rows WHERE kind = ? AND id = ?', row.kind, row.id);
      } else {
        this.sql.exec(
          'UPDATE index_rows SET written = ? WHERE kind = ? AND id = ? AND written < ?',
          row.version,
          row.kind,
          row.id,
          row.version,
        );
      }
    }
    if (this.pending() > 0) this.schedule();
  }

  /** The latest `updated_at` of this object's summary rows (ms), or 0 when it has none. */
  lastChange(): number {
    return (
      this.sql
        .exec<{ at: number | null }>(
          `SELECT MAX(COALESCE(json_extract(body, '$.updated_at'), 0)) AS at FROM index_rows
           WHERE kind NOT IN ('event', 'event_body', 'delivery')`,
        )
        .one().at ?? 0
    );
  }

  /** Sends every summary row again at its current version (`npm run reindex`). */
  requeue(): number {
    const n = this.sql.exec(
      "UPDATE index_rows SET written = 0 WHERE kind NOT IN ('event', 'event_body', 'delivery')",
    ).rowsWritten;
    if (n > 0) this.schedule();
    return n;
  }

  /**
   * Compares D1 with this object's rows and re-sends each row D1 lacks or holds at an older
   * version (the sweep's repair of a lost write), of the rows changed since `since` (ms).
   * Answers how many were re-queued.
   */
  async check(since = 0): Promise<number> {
    const { db } = this;
    if (!db) return 0;
    const mine = this.sql
      .exec(
        `SELECT id, kind, version, written FROM index_rows WHERE kind NOT IN ('event', 'event_body', 'delivery')
         AND COALESCE(json_extract(body, '$.updated_at'), 0) >= ?`,
        since,
      )
      .toArray() as unknown as IndexRow[];
    let requeued = 0;
    for (const kind of Object.keys(INDEX_TABLES) as SummaryKind[]) {
      const ofKind = mine.filter((r) => r.kind === kind);
      if (ofKind.length === 0) continue;
      const stored = new Map<string, number>();
      for (let i = 0; i < ofKind.length; i += 50) {
        const ids = ofKind.slice(i, i + 50).map((r) => r.id);
        const found = await db
          .prepare(
            `SELECT id, version FROM ${INDEX_TABLES[kind]} WHERE id IN (${ids.map(() => '?').join(', ')})`,
          )
          .bind(...ids)
          .all<{ id: string; version: number }>();
        for (const r of found.results) stored.set(r.id, r.version);
      }
      for (const row of ofKind) {
        const version = stored.get(row.id);
        if (version !== undefined && version >= row.version) continue;
        this.sql.exec(
          'UPDATE index_rows SET written = 0 WHERE kind = ? AND id = ?',
          row.kind,
          row.id,
        );
        requeued += 1;
      }
    }
    if (requeued > 0) this.schedule();
    return requeued;
  }
}
