/**
 * The Session Durable Object's SQLite schema and typed row access. Every write that can race
 * (callbacks, tasks, outbox) is an `INSERT … ON CONFLICT` so that repeats change nothing. The
 * session's and the attempts' `status` (and an attempt's `input`) are written by
 * worker/session/transitions.ts only.
 * @module
 */
import type { MethodKind } from '../../shared/method-kinds';
import type { SessionCreateBody } from '../../shared/schemas';
import type { AttemptInput, AttemptStatus, SessionStatus } from '../../shared/status';
import type { LapseReason, NextAction } from '../../shared/view';
import type { ObjectTables } from '../durable/object-tables';
import type { CreatedBy } from '../keys/created-by';
import { MONEY_SCHEMA } from '../payment/money-store';
import { REFS_SCHEMA } from '../payment/ref-store';
import { REFUNDS_SCHEMA } from './refund-store';

/** Schema of one session object. Applied idempotently on every construction. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS session (
  id TEXT PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
  reference TEXT NOT NULL, country_id INTEGER, methods TEXT, customer TEXT, return_url TEXT,
  metadata TEXT, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  attempt_count INTEGER NOT NULL DEFAULT 0, seq INTEGER NOT NULL DEFAULT 0, fingerprint TEXT NOT NULL,
  sub_merchant_id TEXT, created_by TEXT, locale TEXT
);
CREATE TABLE IF NOT EXISTS attempts (
  id TEXT PRIMARY KEY, n INTEGER NOT NULL, country_id INTEGER NOT NULL, method TEXT NOT NULL,
  kind TEXT NOT NULL, status TEXT NOT NULL, mobile_masked TEXT, upstream_ref TEXT,
  payment_token TEXT, next TEXT, create_state TEXT NOT NULL, upstream_message TEXT,
  failure_code TEXT, failure_message TEXT, otp_tries INTEGER NOT NULL DEFAULT 0,
  not_found_count INTEGER NOT NULL DEFAULT 0, expires_at INTEGER,
  input TEXT NOT NULL DEFAULT 'awaiting', lapse_reason TEXT, create_ref TEXT, reported TEXT,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, type TEXT NOT NULL, attempt_id TEXT,
  data TEXT
);
CREATE TABLE IF NOT EXISTS callbacks (
  digest TEXT PRIMARY KEY, attempt_id TEXT, received_at INTEGER NOT NULL, status TEXT,
  status_code TEXT, payment_step INTEGER, body TEXT NOT NULL, applied TEXT
);
${REFS_SCHEMA}${MONEY_SCHEMA}${REFUNDS_SCHEMA}`;

/** What creates a session: the merchant's body and the session's id. */
export interface SessionInit extends SessionCreateBody {
  id: string;
  /** The merchant API request that created it (not part of its terms). */
  created_by?: CreatedBy;
}

/** The session row. */
export interface SessionRow {
  id: string;
  status: SessionStatus;
  amount: number;
  currency: string;
  reference: string;
  country_id: number | null;
  methods: string | null;
  customer: string | null;
  return_url: string | null;
  metadata: string | null;
  created_at: number;
  expires_at: number;
  attempt_count: number;
  seq: number;
  fingerprint: string;
  /** The sub-merchant every collection of the session names (the session's, else the
   * deployment's default at creation); null for none. Absent (undefined) in objects created
   * before the column existed. */
  sub_merchant_id?: string | null;
  /** JSON of the CreatedBy of the create request; absent in objects created before it. */
  created_by?: string | null;
  /** The payer's language the merchant gave; absent in objects created before the column. */
  locale?: string | null;
}

/** Whether the create call of an attempt is known to have reached the upstream. */
export type CreateState = 'sending' | 'accepted' | 'rejected' | 'unknown';

/** One attempt (one upstream collection). */
export interface AttemptRow {
  id: string;
  n: number;
  country_id: number;
  method: string;
  kind: MethodKind;
  status: AttemptStatus;
  mobile_masked: string | null;
  upstream_ref: string | null;
  payment_token: string | null;
  next: string | null;
  create_state: CreateState;
  upstream_message: string | null;
  failure_code: string | null;
  failure_message: string | null;
  otp_tries: number;
  not_found_count: number;
  /** The end of the payer's input window (OTP validity, account lifetime, prompt window). */
  expires_at: number | null;
  input: AttemptInput;
  lapse_reason: LapseReason | null;
  /** The upstream reference its create answer gave: what a success must carry. */
  create_ref: string | null;
  /** JSON: what the deciding upstream report said (amount, currency, reference, differences). */
  reported: string | null;
  created_at: number;
  updated_at: number;
}

/** A flat JSON object (what the event log's data and the customer prefill hold). */
export type FlatJson = Record<string, string | number | boolean | null>;

/** Reads the rows of a query as typed objects. */
export function rows<T>(sql: SqlStorage, query: string, ...bindings: unknown[]): T[] {
  return sql.exec(query, ...bindings).toArray() as unknown as T[];
}

/** Reads the first row of a query, if any. */
export function first<T>(sql: SqlStorage, query: string, ...bindings: unknown[]): T | undefined {
  return rows<T>(sql, query, ...bindings)[0];
}

/** Parses a JSON column that may be null. */
export function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** The next action stored on an attempt. */
export function attemptNext(row: AttemptRow): NextAction | null {
  return parseJson<NextAction>(row.next);
}

/** One entry of a session's event log. */
export interface EventRow {
  seq: number;
  at: number;
  type: string;
  attempt_id: string | null;
  data: string | null;
}

/** A stored callback (its body left out). */
export interface CallbackRow {
  digest: string;
  attempt_id: string | null;
  received_at: number;
  status: string | null;
  status_code: string | null;
  payment_step: number | null;
  applied: string | null;
}

/** The fields of a callback the table keeps besides its body. */
export type CallbackRecord = Omit<CallbackRow, 'applied'> & { body: string };

/**
 * Typed reads and writes of one session's tables (every write but a `status` or an `input`,
 * see worker/session/transitions.ts).
 *
 * @example
 * const store = new SessionStore(ctx.storage.sql, tables);
 * const latest = store.latestAttempt();
 */
export class SessionStore {
  constructor(
    readonly sql: SqlStorage,
    private readonly tables: ObjectTables<string>,
  ) {}

  /** The session, or undefined for an object never written (its tables do not exist). */
  session(): SessionRow | undefined {
    if (!this.tables.exists) return undefined;
    return first<SessionRow>(this.sql, 'SELECT * FROM session LIMIT 1');
  }

  attempt(id: string): AttemptRow | undefined {
    return first<AttemptRow>(this.sql, 'SELECT * FROM attempts WHERE id = ?', id);
  }

  latestAttempt(): AttemptRow | undefined {
    return first<AttemptRow>(this.sql, 'SELECT * FROM attempts ORDER BY n DESC LIMIT 1');
  }

  /** Every attempt, first one first. */
  attempts(): AttemptRow[] {
    return rows<AttemptRow>(this.sql, 'SELECT * FROM attempts ORDER BY n');
  }

  /** The ids of the attempts in one of `statuses`, first one first. */
  attemptIds(statuses: readonly AttemptStatus[]): string[] {
    const marks = statuses.map(() => '?').join(', ');
    return rows<{ id: string }>(
      this.sql,
      `SELECT id FROM attempts WHERE status IN (${marks}) ORDER BY n`,
      ...statuses,
    ).map((row) => row.id);
  }

  /** The money status of every attempt. */
  attemptStatuses(): AttemptStatus[] {
    return rows<{ status: AttemptStatus }>(this.sql, 'SELECT status FROM attempts').map(
      (row) => row.status,
    );
  }

  /** Pending attempts still awaiting the payer's input whose window closed by `now`. */
  inputWindowsClosed(now: number): string[] {
    return rows<{ id: string }>(
      this.sql,
      "SELECT id FROM attempts WHERE status = 'pending' AND input = 'awaiting' AND expires_at <= ?",
      now,
    ).map((row) => row.id);
  }

  /** Writes the session row in `status`, the machine's initial one (worker/session/transitions.ts
   * `openSession` is the only caller). */
  insertSession(
    input: SessionInit,
    status: SessionStatus,
    terms: { fingerprint: string; subMerchantId: string | null; now: number; expiresAt: number },
  ): void {
    this.sql.exec(
      `INSERT INTO session (id, status, amount, currency, reference, country_id, methods, customer,
         return_url, metadata, created_at, expires_at, fingerprint, sub_merchant_id, created_by,
         locale)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      input.id,
      status,
      input.amount,
      input.currency,
      input.reference,
      input.country_id ?? null,
      input.methods ? JSON.stringify(input.methods) : null,
      input.customer ? JSON.stringify(input.customer) : null,
      input.return_url ?? null,
      input.metadata ? JSON.stringify(input.metadata) : null,
      terms.now,
      terms.expiresAt,
      terms.fingerprint,
      terms.subMerchantId,
      input.created_by ? JSON.stringify(input.created_by) : null,
      input.locale ?? null,
    );
  }

  /** Writes a new attempt in `status`, the machine's initial one, and counts it on the session
   * (worker/session/transitions.ts `openAttempt` is the only caller). */
  insertAttempt(
    row: Pick<
      AttemptRow,
      'id' | 'n' | 'country_id' | 'method' | 'kind' | 'mobile_masked' | 'next' | 'expires_at'
    >,
    status: AttemptStatus,
    now: number,
  ): void {
    this.sql.exec(
      `INSERT INTO attempts (id, n, country_id, method, kind, status, mobile_masked, next, create_state,
         expires_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'sending', ?, ?, ?)`,
      row.id,
      row.n,
      row.country_id,
      row.method,
      row.kind,
      status,
      row.mobile_masked,
      row.next,
      row.expires_at,
      now,
      now,
    );
    this.sql.exec('UPDATE session SET attempt_count = ?', row.n);
  }

  /** Writes an attempt's input flag as the machine moved it (worker/session/transitions.ts
   * `setInput` is the only caller). */
  writeInput(id: string, input: AttemptRow['input'], lapse: LapseReason | null, at: number): void {
    this.sql.exec(
      'UPDATE attempts SET input = ?, lapse_reason = ?, updated_at = ? WHERE id = ?',
      input,
      lapse,
      at,
      id,
    );
  }

  /** Appends to the event log. */
  log(type: string, attemptId: string | null, data: Record<string, unknown> | null): void {
    this.sql.exec(
      'INSERT INTO events (at, type, attempt_id, data) VALUES (?, ?, ?, ?)',
      Date.now(),
      type,
      attemptId,
      data ? JSON.stringify(data) : null,
    );
  }

  events(): EventRow[] {
    return rows<EventRow>(this.sql, 'SELECT * FROM events ORDER BY seq');
  }

  /** Raises the session's `seq` (the live stream's order). */
  raiseSeq(): void {
    this.sql.exec('UPDATE session SET seq = seq + 1');
  }

  /** Writes an attempt's columns other than its `status` and `input` (create outcome,
   * references, counters): those two change in worker/session/transitions.ts only. */
  updateAttempt(
    id: string,
    fields: Partial<
      Omit<AttemptRow, 'id' | 'n' | 'status' | 'input' | 'lapse_reason' | 'created_at'>
    >,
  ): void {
    const names = Object.keys(fields);
    this.sql.exec(
      `UPDATE attempts SET ${names.map((name) => `${name} = ?`).join(', ')} WHERE id = ?`,
      ...names.map((name) => fields[name as keyof typeof fields]),
      id,
    );
  }

  /** Remembers an upstream reference for an attempt that has none yet. */
  learnUpstreamRef(id: string, ref: string | null): void {
    this.sql.exec(
      'UPDATE attempts SET upstream_ref = COALESCE(upstream_ref, ?) WHERE id = ?',
      ref,
      id,
    );
  }

  /** Stores a callback once per digest; answers false for a duplicate. */
  insertCallback(callback: CallbackRecord): boolean {
    return (
      this.sql.exec(
        `INSERT INTO callbacks (digest, attempt_id, received_at, status, status_code, payment_step, body)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING`,
        callback.digest,
        callback.attempt_id,
        callback.received_at,
        callback.status,
        callback.status_code,
        callback.payment_step,
        callback.body,
      ).rowsWritten > 0
    );
  }

  /** How many verified callbacks name an attempt (any one shows the upstream has it). */
  callbackCount(attemptId: string): number {
    return this.sql
      .exec<{ n: number }>('SELECT COUNT(*) AS n FROM callbacks WHERE attempt_id = ?', attemptId)
      .one().n;
  }

  /** Records what became of a callback (`ignored`, `deferred`, or the event it made). */
  markCallback(digest: string, applied: string): void {
    this.sql.exec('UPDATE callbacks SET applied = ? WHERE digest = ?', applied, digest);
  }

  /** The callbacks of an attempt that wait to be judged, oldest first. */
  deferredCallbacks(attemptId: string): { digest: string; body: string }[] {
    return rows<{ digest: string; body: string }>(
      this.sql,
      "SELECT digest, body FROM callbacks WHERE attempt_id = ? AND applied = 'deferred' ORDER BY received_at",
      attemptId,
    );
  }

  callbacks(): CallbackRow[] {
    return rows<CallbackRow>(
      this.sql,
      'SELECT digest, attempt_id, received_at, status, status_code, payment_step, applied FROM callbacks ORDER BY received_at',
    );
  }

  /** True when a callback with this digest is recorded (an exact retry's lookup). */
  hasCallback(digest: string): boolean {
    if (!this.tables.exists) return false;
    return (
      first(this.sql, 'SELECT 1 AS found FROM callbacks WHERE digest = ? LIMIT 1', digest) !==
      undefined
    );
  }

  /** When the last event not of a type in `except` was logged, or null. */
  lastEventAt(except: readonly string[]): number | null {
    return (
      first<{ at: number | null }>(
        this.sql,
        `SELECT MAX(at) AS at FROM events WHERE type NOT IN (${except.map(() => '?').join(', ')})`,
        ...except,
      )?.at ?? null
    );
  }

  /** True when the payer came back through the failure URL for this attempt. */
  returnedFailed(attemptId: string): boolean {
    return (
      first<{ found: number }>(
        this.sql,
        `SELECT 1 AS found FROM events WHERE type = 'payer_returned' AND attempt_id = ?
           AND json_extract(data, '$.outcome') = 'failure' LIMIT 1`,
        attemptId,
      ) !== undefined
    );
  }

  /**
   * Erases the personal data of the session's own rows (worker/session/redact.ts): the
   * customer, the metadata and (by `scrub`) the terms, the attempts' payment tokens and next
   * actions, and (by `scrub`) every event's data.
   */
  scrubRows(scrub: (json: string) => string): void {
    const session = this.session();
    if (!session) return;
    this.sql.exec(
      'UPDATE session SET customer = NULL, metadata = NULL, fingerprint = ?',
      scrub(session.fingerprint),
    );
    this.sql.exec('UPDATE attempts SET payment_token = NULL, next = NULL');
    for (const event of rows<{ seq: number; data: string }>(
      this.sql,
      'SELECT seq, data FROM events WHERE data IS NOT NULL',
    )) {
      this.sql.exec('UPDATE events SET data = ? WHERE seq = ?', scrub(event.data), event.seq);
    }
  }
}
