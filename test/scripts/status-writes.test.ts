// One way to change state (docs/design.md, "Architecture"): a record's `status` is written by
// its kind's transitions module only (`worker/<kind>/transitions.ts`, and the outbox's
// delivery machine `worker/durable/webhook-transitions.ts`), so every change passes the
// kind's rules. This scans every SQL string of worker/ for an UPDATE that sets a `status`
// column (an upsert's `DO UPDATE SET status` too) and accepts it in those modules only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A string or template literal of TypeScript source (a `${…}` inside a template included). */
const LITERAL = /`(?:\\[\s\S]|\$\{[^}]*\}|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g;

/** An UPDATE (or upsert) whose SET list, before any WHERE, assigns `status`. */
const STATUS_WRITE = /\bUPDATE\s+(?:\S+\s+)?SET\b(?:(?!\bWHERE\b)[\s\S])*?\bstatus\s*=/i;

/** The modules allowed to write a status. */
const TRANSITIONS = /(^|[/-])transitions\.ts$/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
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
