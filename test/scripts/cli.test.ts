// Every `npm run` script that is a Node program of ours reads its command line through
// scripts/cli.mjs: `--help` prints its usage, an unknown option or a bad value one line (exit 2),
// never a stack trace. The others run a tool (tsc, vite, vitest, prettier) that does the same.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const scripts: Record<string, string> = JSON.parse(
  readFileSync(path.join(root, 'package.json'), 'utf8'),
).scripts;

const keys = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/keys.mjs', ...args], { cwd: root, encoding: 'utf8' });

describe('npm run scripts: --help and unknown options', () => {
  it('every `node <file>` script parses its arguments with cli()', () => {
    const files = Object.values(scripts)
      .map((command) => /^node (\S+\.mjs)/.exec(command)?.[1])
      .filter((file): file is string => file !== undefined);
    expect(files.length).toBeGreaterThan(10);
    const without = files.filter(
      (file) => !/\bcli\(import\.meta\.url/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(without).toEqual([]);
  });

  it('keys: --help prints the usage, a bad option or value one line', () => {
    const help = keys('--help');
    expect(help.stdout).toContain('npm run keys -- --scope checkout');
    expect(help.status).toBe(0);
    for (const [args, line] of [
      [['--bogus'], 'node scripts/keys.mjs: unknown option --bogus (--help shows the usage)'],
      [['--scope', 'admin'], 'npm run keys: --scope must be one of full, read, checkout'],
      [['--keep', '{'], 'npm run keys: --keep must be the JSON list of MERCHANT_API_KEYS'],
    ] as const) {
      const run = keys(...args);
      expect(run.stderr.trim()).toBe(line);
      expect(run.status).toBe(2);
    }
  });
});
