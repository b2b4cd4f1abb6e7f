/**
 * Erasure of a record's personal data inside its Durable Object (docs/data-retention.md): the
 * mark that says when and why a record was erased, the scrub of stored JSON (webhook bodies,
 * reports) and the rewrite of the object's webhook outbox and of the events it staged for the
 * query index. What each kind of record erases is in worker/session/redact.ts and
 * worker/payout/redact.ts.
 * @module
 */
import { maskPhone } from '../../shared/phone';
import { hasTable } from './object-tables';
import type { IndexSink } from './ports';
import type { Task, TaskQueue } from './task-queue';

/** Why a record was erased: its retention ran out, or the merchant asked. */
export type RedactionReason = 'retention' | 'request';

/** The task key (and kind) that erases a settled record when its retention runs out. */
export const RETENTION_TASK = 'retention';

/**
 * Schedules the `retention` task of a settled record: due `retentionMs` after it was first seen
 * settled (kept as the task's `ref`), and moved when `RETENTION_DAYS` changed since.
 *
 * @example
 * if (settled) scheduleRetention(tasks, config.retentionMs);
 */
export function scheduleRetention(
  tasks: TaskQueue<string>,
  retentionMs: number,
  now = Date.now(),
): void {
  const task = tasks.get(RETENTION_TASK);
  const settledAt = task?.ref ? Number(task.ref) : now;
  const due = settledAt + retentionMs;
  if (task?.due_at === due) return;
  // The queue keeps a task's first `ref` when it is moved: the settling time stays.
  tasks.schedule(RETENTION_TASK, RETENTION_TASK, due, String(settledAt));
}

/**
 * Whether a due `retention` task's record has outlived today's `RETENTION_DAYS` (a task armed
 * under a shorter setting is moved instead, by {@link scheduleRetention}).
 */
export function retentionOver(task: Task<string>, retentionMs: number, now = Date.now()): boolean {
  return task.ref === null || Number(task.ref) + retentionMs <= now;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS redactions (
  key TEXT PRIMARY KEY, redacted_at INTEGER NOT NULL, reason TEXT NOT NULL
);
`;

/** When and why a record was erased. */
export interface Redaction {
  redacted_at: number;
  reason: RedactionReason;
}

/**
 * The erasure of record `key` in this object, if any (a read: creates nothing).
 *
 * @example
 * redactionOf(sql, 'session')?.redacted_at;
 */
export function redactionOf(sql: SqlStorage, key: string): Redaction | undefined {
  if (!hasTable(sql, 'redactions')) return undefined;
  return sql
    .exec<{ redacted_at: number; reason: RedactionReason }>(
      'SELECT redacted_at, reason FROM redactions WHERE key = ?',
      key,
    )
    .toArray()[0];
}

/** Records that `key` was erased now (a second erasure keeps the first time and reason). */
export function markRedacted(sql: SqlStorage, key: string, reason: RedactionReason, at: number) {
  sql.exec(SCHEMA);
  sql.exec(
    'INSERT INTO redactions (key, redacted_at, reason) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING',
    key,
    at,
    reason,
  );
}

/** Keys whose values are a person's name, contact or identity, or free text about them. */
const PERSONAL_KEYS = new Set([
  'customer',
  'metadata',
  'name',
  'first_name',
  'last_name',
  'firstName',
  'lastName',
  'account_name',
  'accountName',
  'email',
  'id_number',
  'idNumber',
  'narration',
  'description',
]);

/** Keys whose values are phone numbers: kept masked. */
const PHONE_KEYS = new Set(['mobile', 'phone', 'msisdn', 'mobile_number', 'phone_number']);

/**
 * A copy of a JSON value with every personal field blanked (null) and every phone number
 * masked, at any depth.
 *
 * @example
 * scrubPersonal({ mobile: '254712345000', name: 'Amina', amount: 5 });
 * // { mobile: '2547****5000', name: null, amount: 5 }
 */
export function scrubPersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubPersonal);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  // A refund's `reason` is the merchant's free text sent as its payout's narration (elsewhere
  // `reason` is one of our codes: a redaction's, a `requires_action`'s).
  const refund = (value as { object?: unknown }).object === 'refund';
  for (const [key, field] of Object.entries(value)) {
    if (PERSONAL_KEYS.has(key) || (refund && key === 'reason')) out[key] = null;
    else if (PHONE_KEYS.has(key) && typeof field === 'string' && /^\+?\d{6,}$/.test(field)) {
      out[key] = maskPhone(field.replace(/^\+/, ''));
    } else out[key] = scrubPersonal(field);
  }
  return out;
}

/** {@link scrubPersonal} of a JSON text (text that is not JSON becomes `null`). */
export function scrubJsonText(text: string): string {
  try {
    return JSON.stringify(scrubPersonal(JSON.parse(text)));
  } catch {
    return 'null';
  }
}

/**
 * Scrubs every webhook body of this object's outbox, and the feed's copy of each: events not yet
 * written to the query index are scrubbed where they wait, and the written ones are re-sent as
 * body updates (worker/index-store/index-outbox.ts, {@link IndexSink.restageEventBody}).
 * Delivery history (times, HTTP statuses, errors) is kept.
 */
export function scrubOutbox(sql: SqlStorage, index: Pick<IndexSink, 'restageEventBody'>): void {
  if (!hasTable(sql, 'outbox')) return;
  const events = sql
    .exec<{ id: string; payload: string }>('SELECT id, payload FROM outbox')
    .toArray();
  for (const event of events) {
    const payload = scrubJsonText(event.payload);
    if (payload === event.payload) continue;
    sql.exec('UPDATE outbox SET payload = ? WHERE id = ?', payload, event.id);
    index.restageEventBody(event.id, payload);
  }
}

/** Blanks the body of every stored callback of `table` (its digest, status and times stay). */
export function blankCallbackBodies(sql: SqlStorage, table: string, where = '1 = 1'): number {
  if (!hasTable(sql, table)) return 0;
  return sql.exec(`UPDATE ${table} SET body = '{}' WHERE body != '{}' AND (${where})`).rowsWritten;
}

/**
 * Whether a create repeated with `fingerprint` (the request's terms as JSON) has the terms of a
 * record stored with `stored`: equal, or equal once scrubbed (the stored record was erased and
 * keeps only its terms without personal data, so only those can be compared).
 *
 * @example
 * sameTerms(row.fingerprint, JSON.stringify(body)); // false: SESSION_CONFLICT
 */
export function sameTerms(stored: string, fingerprint: string): boolean {
  return stored === fingerprint || stored === scrubJsonText(fingerprint);
}
