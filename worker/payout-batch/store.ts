/**
 * The PayoutBatch Durable Object's schema and typed row access (docs/payout-batches.md). One
 * `batch` row and one `batch_rows` row per line. A row's `state` is its sending record:
 * `queued` (never sent), `sending` (written in the same synchronous step as, and before, the
 * Payout object is asked to create it: from then on the row is never sent as new again),
 * `sent` (the Payout object answered; `payout_status` follows it), `canceled` (never sent).
 * @module
 */
import type { ObjectTables, OpenTables, OutboxTaskKind } from '../durable/object-tables';
import type { IndexOutbox } from '../index-store/index-outbox';
import type { CreatedBy } from '../keys/created-by';
import { parseCreatedBy } from '../keys/created-by';
import type { PayoutBody } from '../../shared/schemas';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS batch (
  id INTEGER PRIMARY KEY CHECK (id = 1), batch_id TEXT NOT NULL, reference TEXT,
  description TEXT, status TEXT NOT NULL, created_by TEXT NOT NULL, approved_by TEXT,
  partial INTEGER NOT NULL DEFAULT 0, paused_reason TEXT, pauses INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, approved_at INTEGER,
  completed_at INTEGER
);
CREATE TABLE IF NOT EXISTS batch_rows (
  line INTEGER PRIMARY KEY, reference TEXT NOT NULL, payout_reference TEXT NOT NULL,
  amount INTEGER NOT NULL, currency TEXT NOT NULL, body TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued', tries INTEGER NOT NULL DEFAULT 0, payout_status TEXT,
  upstream_reference TEXT, failure TEXT, sent_at INTEGER, updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS batch_rows_state ON batch_rows (state, line);`;

/** A batch's own timers: `send` (the next rows), `follow` (the sent rows' payouts). */
export type BatchTaskKind = 'send' | 'follow';

/** Where a batch stands. */
export type BatchStatus = 'awaiting_approval' | 'sending' | 'paused' | 'completed' | 'canceled';

/** A row's sending record (see the module comment). */
export type RowState = 'queued' | 'sending' | 'sent' | 'canceled';

/** The batch row. */
export interface BatchRecord {
  batch_id: string;
  reference: string | null;
  description: string | null;
  status: BatchStatus;
  created_by: CreatedBy;
  approved_by: CreatedBy | null;
  partial: boolean;
  paused_reason: string | null;
  pauses: number;
  created_at: number;
  updated_at: number;
  approved_at: number | null;
  completed_at: number | null;
}

/** One line of the batch. */
export type RowRecord = {
  line: number;
  reference: string;
  /** The reference of the row's current payout: its own, or `<reference>.<n>` for the n-th
   * send after the wallet refused the earlier ones. */
  payout_reference: string;
  amount: number;
  currency: string;
  body: string;
  state: RowState;
  tries: number;
  payout_status: string | null;
  upstream_reference: string | null;
  failure: string | null;
  sent_at: number | null;
  updated_at: number;
};

type BatchRow = Omit<BatchRecord, 'created_by' | 'approved_by' | 'partial'> & {
  created_by: string;
  approved_by: string | null;
  partial: number;
};

/** Typed access to a batch's tables. */
export class BatchStore {
  constructor(
    readonly sql: SqlStorage,
    private readonly tables: ObjectTables<BatchTaskKind | OutboxTaskKind, IndexOutbox>,
  ) {}

  get exists(): boolean {
    return this.tables.exists;
  }

  open(): OpenTables<BatchTaskKind | OutboxTaskKind, IndexOutbox> {
    return this.tables.open();
  }

  batch(): BatchRecord | null {
    if (!this.exists) return null;
    const row = this.sql.exec<BatchRow>('SELECT * FROM batch WHERE id = 1').toArray()[0];
    if (!row) return null;
    const { id: _id, ...rest } = row as BatchRow & { id: number };
    return {
      ...rest,
      created_by: parseCreatedBy(row.created_by)!,
      approved_by: parseCreatedBy(row.approved_by),
      partial: row.partial === 1,
    };
  }

  /** Records the batch and every row (one synchronous step: all or nothing). */
  record(
    batch: Pick<BatchRecord, 'batch_id' | 'reference' | 'description' | 'created_by'>,
    rows: readonly { line: number; body: PayoutBody }[],
    now: number,
  ): void {
    this.open();
    this.sql.exec(
      `INSERT INTO batch (id, batch_id, reference, description, status, created_by, created_at,
       updated_at) VALUES (1, ?, ?, ?, 'awaiting_approval', ?, ?, ?)`,
      batch.batch_id,
      batch.reference,
      batch.description,
      JSON.stringify(batch.created_by),
      now,
      now,
    );
    for (const { line, body } of rows) {
      this.sql.exec(
        `INSERT INTO batch_rows (line, reference, payout_reference, amount, currency, body,
         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        line,
        body.reference,
        body.reference,
        body.amount,
        body.currency,
        JSON.stringify(body),
        now,
      );
    }
  }

  /** Changes the batch's columns (and its `updated_at`). */
  update(fields: Partial<Record<keyof BatchRow, string | number | null>>): void {
    const entries = Object.entries(fields);
    const sets = [...entries.map(([k]) => `${k} = ?`), 'updated_at = ?'].join(', ');
    this.sql.exec(
      `UPDATE batch SET ${sets} WHERE id = 1`,
      ...entries.map(([, v]) => v),
      Date.now(),
    );
  }

  /** Rows in `state`, in line order, at most `limit`. */
  rowsIn(state: RowState, limit: number): RowRecord[] {
    return this.sql
      .exec<RowRecord>(
        'SELECT * FROM batch_rows WHERE state = ? ORDER BY line LIMIT ?',
        state,
        limit,
      )
      .toArray();
  }

  /** Rows handed to their Payout objects whose payout has not settled, after line
   * `afterLine`, at most `limit`. */
  unsettled(limit: number, afterLine = 0): RowRecord[] {
    return this.sql
      .exec<RowRecord>(
        `SELECT * FROM batch_rows WHERE state = 'sent' AND line > ?
         AND (payout_status IS NULL OR payout_status NOT IN ('succeeded', 'failed', 'mismatch'))
         ORDER BY line LIMIT ?`,
        afterLine,
        limit,
      )
      .toArray();
  }

  row(line: number): RowRecord | undefined {
    return this.sql.exec<RowRecord>('SELECT * FROM batch_rows WHERE line = ?', line).toArray()[0];
  }

  /** A page of rows after `afterLine`. */
  page(afterLine: number, limit: number): RowRecord[] {
    return this.sql
      .exec<RowRecord>(
        'SELECT * FROM batch_rows WHERE line > ? ORDER BY line LIMIT ?',
        afterLine,
        limit,
      )
      .toArray();
  }

  /** Marks a row `sending` (the sent record) and counts the try. */
  claim(line: number): void {
    this.sql.exec(
      `UPDATE batch_rows SET state = 'sending', tries = tries + 1, sent_at = ?, updated_at = ?
       WHERE line = ?`,
      Date.now(),
      Date.now(),
      line,
    );
  }

  /** Writes what the Payout object said about a row's payout. */
  setRow(
    line: number,
    fields: Partial<
      Pick<
        RowRecord,
        'state' | 'payout_status' | 'upstream_reference' | 'failure' | 'payout_reference'
      >
    >,
  ): void {
    const entries = Object.entries(fields);
    const sets = [...entries.map(([k]) => `${k} = ?`), 'updated_at = ?'].join(', ');
    this.sql.exec(
      `UPDATE batch_rows SET ${sets} WHERE line = ?`,
      ...entries.map(([, v]) => v ?? null),
      Date.now(),
      line,
    );
  }

  /** Every queued row becomes canceled; answers how many. */
  cancelQueued(): number {
    return this.sql
      .exec(
        "UPDATE batch_rows SET state = 'canceled', updated_at = ? WHERE state = 'queued' RETURNING line",
        Date.now(),
      )
      .toArray().length;
  }

  /** Rows per state and payout status, and amounts per currency. */
  tally(): {
    state: string;
    payout_status: string | null;
    currency: string;
    n: number;
    amount: number;
  }[] {
    return this.sql
      .exec<{
        state: string;
        payout_status: string | null;
        currency: string;
        n: number;
        amount: number;
      }>(
        `SELECT state, payout_status, currency, COUNT(*) AS n, SUM(amount) AS amount
         FROM batch_rows GROUP BY state, payout_status, currency`,
      )
      .toArray();
  }
}
