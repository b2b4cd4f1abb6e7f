// `npm test`'s "import circles" lane runs dependency-cruiser with
// .dependency-cruiser.cjs and fails on any circle not in its allowlist. This file keeps that
// allowlist exact (an entry whose circle is gone must be deleted, so the list only shrinks) and
// checks that the parser still sees type-only imports.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/** The folders the lane checks (package.json's `circles` script names the same). */
const SCOPE = ['worker', 'sandbox', 'widget', 'shared'];

const configured = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { knownViolations = [], ...options } = configured;

/** A circle as its files, sorted: dependency-cruiser matches a known cycle by its members. */
const circleKey = (files: string[]) => [...files].sort().join(', ');

async function circlesIn(files: string[], extra: object = {}) {
  const { output } = await cruise(files, { ...options, ...extra });
  const violations = (output as ICruiseResult).summary.violations;
  return violations.filter((v: IViolation) => v.rule.name === 'no-circular');
}

describe('import circles', () => {
  it('the allowlist names exactly the circles that occur today', async () => {
    const found = new Set(
      (await circlesIn(SCOPE)).map((v) => circleKey((v.cycle ?? []).map((c) => c.name))),
    );
    const known = new Set(
      knownViolations.map((v) => circleKey((v.cycle ?? []).map((c) => c.name))),
    );
    // New circles (the lane fails on them too, with the full path) …
    expect([...found].filter((key) => !known.has(key))).toEqual([]);
    // … and allowlisted circles that were broken: delete their entries.
    expect([...known].filter((key) => !found.has(key))).toEqual([]);
  }, 30_000);

  describe('a loop made only of type imports', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uc-circles-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is a circle', async () => {
      writeFileSync(
        path.join(dir, 'a.ts'),
        "import type { B } from './b';\nexport interface A { b?: B }\n",
      );
      writeFileSync(path.join(dir, 'b.ts'), "export type { A as B } from './a';\n");
      const circles = await circlesIn(['a.ts', 'b.ts'], {
        baseDir: dir,
        includeOnly: '^[ab]\\.ts$',
      });
      expect(circles.map((v) => circleKey((v.cycle ?? []).map((c) => c.name)))).toContain(
        circleKey(['a.ts', 'b.ts']),
      );
    });
  });
});
