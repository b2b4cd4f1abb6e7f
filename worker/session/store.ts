/**
 * The Session Durable Object's SQLite schema and typed row access. Every write that can race
 * (callbacks, tasks, outbox) is an `INSERT … ON CONFLICT` so that repeats change nothing.
 * @module
 */
import type { MethodKind } from '../../shared/catalogue';
import type { AttemptInput, AttemptStatus, SessionStatus } from '../../shared/status';
import type { LapseReason, NextAction } from '../../shared/view';

/** Schema of one session object. Applied idempotently on every construction. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS session (
  id TEXT PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
  reference TEXT NOT NULL, country_id INTEGER, methods TEXT, customer TEXT, return_url TEXT,
  metadata TEXT, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  attempt_count INTEGER NOT NULL DEFAULT 0, seq INTEGER NOT NULL DEFAULT 0, fingerprint TEXT NOT NULL,
  sub_merchant_id TEXT
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
`;

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
