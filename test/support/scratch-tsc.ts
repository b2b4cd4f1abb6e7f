// `tsc` over scratch projects: docs' and examples' code type-checked as a user would write it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(root, 'node_modules/.bin/tsc');

/** Runs `tsc -p project` from the repository root. */
export function typecheck(project: string): { status: number | null; output: string } {
  const run = spawnSync(tsc, ['-p', project], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A scratch project of one file in `dir` (inside the package, so its name resolves to itself). */
export function scratchProject(dir: string, file: string, source: string, options: object): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, file), source);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        types: [],
        ...options,
      },
      include: [file],
    }),
  );
  return path.join(dir, 'tsconfig.json');
}
