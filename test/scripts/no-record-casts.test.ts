// Issue #28, "Typed boundaries": upstream answers and callbacks are typed by their schemas
// (shared/schemas, through callUpstream and verified()), never cast. This keeps it so: no file
// of worker/ casts anything to `Record<string, unknown>`, apart from the exceptions below, each
// named with why (none of them upstream data). Narrow untrusted JSON with `isJsonObject`
// (shared/json-object.ts), read env by name with `envVar` (worker/env-vars.ts), or parse with
// the schema.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CAST = /\bas\s+(unknown\s+as\s+)?Record<\s*string\s*,\s*unknown\s*>/;

/** Files allowed one cast each, and why. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // Our own summary row (an interface, which has no index signature) spread into the column map
  // of an upsert; no upstream data. Owned by the index-store restructure.
  'worker/index-store/tables.ts': 'an index summary row as its column map',
};

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every cast in worker/, as `file:line`. */
function casts(): { file: string; line: number }[] {
  return tsFiles('worker').flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, i) =>
        CAST.test(text) ? [{ file: file.split(path.sep).join('/'), line: i + 1 }] : [],
      ),
  );
}

describe('no Record<string, unknown> casts in worker/', () => {
  it('the pattern finds the casts it is meant to find', () => {
    expect(CAST.test('const p = JSON.parse(body) as Record<string, unknown>;')).toBe(true);
    expect(CAST.test('(env as unknown as Record<string, unknown>)[name]')).toBe(true);
    expect(CAST.test('const p: Record<string, unknown> = {};')).toBe(false);
  });

  it('none remains outside the named exceptions, one each at most', () => {
    const found = casts();
    expect(found.filter((c) => !(c.file in EXCEPTIONS))).toEqual([]);
    for (const file of Object.keys(EXCEPTIONS)) {
      expect(found.filter((c) => c.file === file).length, file).toBeLessThanOrEqual(1);
    }
  });
});
