// Upstream answers and callbacks are typed by their schemas
// (shared/schemas, through callUpstream and verified()), never cast. This keeps it so: no file
// of worker/ casts anything to `Record<string, unknown>`. Narrow untrusted JSON with `isJsonObject`
// (shared/json-object.ts), read env by name with `envVar` (worker/env-vars.ts), or parse with
// the schema.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CAST = /\bas\s+(unknown\s+as\s+)?Record<\s*string\s*,\s*unknown\s*>/;

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

  it('none remains', () => {
    expect(casts()).toEqual([]);
  });
});
