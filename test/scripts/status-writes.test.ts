// One way to change state (docs/design.md, "Architecture"): a record's `status` is written by
// its kind's transitions module only (`worker/<kind>/transitions.ts`, and the outbox's
// delivery machine `worker/durable/webhook-transitions.ts`), so every change passes the
// kind's rules. This scans every SQL string of worker/ for an UPDATE that sets a `status`
// column (an upsert's `DO UPDATE SET status` too) and accepts it in those modules only.
// Beside it, one home for SQL (docs/layout.md): in each kind's folder (a Durable Object's
// records), every other statement is written in its store (`store.ts`, or a `<table>-store.ts`
// beside it) and run there, so the rest of the kind reads and writes records through it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A string or template literal of TypeScript source (a `${…}` inside a template included). */
const LITERAL = /`(?:\\[\s\S]|\$\{[^}]*\}|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g;

/** An UPDATE (or upsert) whose SET list, before any WHERE, assigns `status`. */
const STATUS_WRITE = /\bUPDATE\s+(?:\S+\s+)?SET\b(?:(?!\bWHERE\b)[\s\S])*?\bstatus\s*=/i;

/** The modules allowed to write a status. */
const TRANSITIONS = /(^|[/-])transitions\.ts$/;

/** Any SQL statement (a fragment such as a WHERE clause alone is not one). */
const SQL =
  /\b(?:SELECT\b[\s\S]*\bFROM|INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)|ALTER\s+TABLE|DROP\s+(?:TABLE|INDEX))\b/;

/** A statement run on the object's SQLite (`sql.exec(…)`, `this.sql.exec<…>(…)`). */
const EXEC = /\bsql\s*\.exec\s*[<(]/g;

/** The folders of the record-keeping objects, each with its store and transitions. */
const KINDS = ['session', 'payout', 'ledger', 'payout-batch'];

/** The modules of a kind allowed to hold SQL: its stores and its transitions. */
const SQL_HOMES = /(^|[/-])(store|transitions)\.ts$/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The line of each match of `index`. */
function lineOf(source: string, index: number | undefined): number {
  return source.slice(0, index).split('\n').length;
}

/** Every SQL statement written or run in `source`, by line. */
function sqlLines(source: string): number[] {
  const written = [...source.matchAll(LITERAL)].filter((literal) => SQL.test(literal[0]));
  const run = [...source.matchAll(EXEC)];
  return [...new Set([...written, ...run].map((m) => lineOf(source, m.index)))].sort(
    (a, b) => a - b,
  );
}

/** Every status write of `source`, by line. */
function statusWrites(source: string): number[] {
  return [...source.matchAll(LITERAL)]
    .filter((literal) => STATUS_WRITE.test(literal[0]))
    .map((literal) => source.slice(0, literal.index).split('\n').length);
}

describe('status is written only in transitions modules', () => {
  it('the scan finds the writes it is meant to find', () => {
    expect(statusWrites("sql.exec('UPDATE refunds SET status = ? WHERE id = ?', s, id);")).toEqual([
      1,
    ]);
    expect(statusWrites('x(`UPDATE ${table} SET tries = ?,\n status = ? WHERE id = ?`)')).toEqual([
      1,
    ]);
    expect(statusWrites("'ON CONFLICT (id) DO UPDATE SET status = excluded.status'")).toEqual([1]);
    // A read, another column, or `status` in the WHERE clause only: no write.
    expect(statusWrites("'SELECT id FROM attempts WHERE status = ?'")).toEqual([]);
    expect(statusWrites("'UPDATE outbox SET last_status = ? WHERE id = ?'")).toEqual([]);
    expect(statusWrites("'UPDATE t SET sent = 1 WHERE status = ?'")).toEqual([]);
    expect(TRANSITIONS.test('worker/session/transitions.ts')).toBe(true);
    expect(TRANSITIONS.test('worker/durable/webhook-transitions.ts')).toBe(true);
    expect(TRANSITIONS.test('worker/session/refunds.ts')).toBe(false);
  });

  it('no other module of worker/ writes one', () => {
    const outside = tsFiles('worker')
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !TRANSITIONS.test(file))
      .flatMap((file) => statusWrites(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`));
    expect(outside).toEqual([]);
  });
});

describe('SQL is written only in stores and transitions', () => {
  it('the scan finds the statements it is meant to find', () => {
    expect(sqlLines("const a = 1;\nx('SELECT id FROM attempts WHERE n = ?');")).toEqual([2]);
    expect(sqlLines('sql.exec(QUERY, id);\nthis.sql.exec<Row>(Q).toArray();')).toEqual([1, 2]);
    expect(sqlLines('`INSERT OR IGNORE INTO refs (a) VALUES (?)`')).toEqual([1]);
    expect(sqlLines("'DELETE FROM payer_phones'")).toEqual([1]);
    // Prose and plain words are no statement.
    expect(sqlLines("'Select a method from the list'")).toEqual([]);
    expect(sqlLines("const sql = store.sql; 'received_at <= 5'")).toEqual([]);
    expect(SQL_HOMES.test('worker/session/store.ts')).toBe(true);
    expect(SQL_HOMES.test('worker/session/refund-store.ts')).toBe(true);
    expect(SQL_HOMES.test('worker/payout/transitions.ts')).toBe(true);
    expect(SQL_HOMES.test('worker/payout/redact.ts')).toBe(false);
  });

  it.each(KINDS)('worker/%s/ runs SQL in its store and transitions only', (kind) => {
    const outside = tsFiles(path.join('worker', kind))
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !SQL_HOMES.test(file))
      .flatMap((file) => sqlLines(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`));
    expect(outside).toEqual([]);
  });
});
