// The review files (docs/translations/<code>.md, scripts/translation-review.mjs): one for every
// language but English, each listing every string of shared/strings/ beside its English source,
// and `--check` fails as soon as one is stale or missing.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/strings/languages';
import ar from '../../shared/strings/ar';
import outcome from '../../shared/strings/steps/outcome';
import { HOSTED_STRINGS } from '../../shared/strings/hosted';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'translation-review-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function check(dir?: string) {
  const args = ['scripts/translation-review.mjs', '--check', ...(dir ? ['--dir', dir] : [])];
  return spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

describe('translation review files', () => {
  it('are current for every language but English', () => {
    const run = check();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 30_000);

  it('list each string beside its English source, in every language', () => {
    for (const code of LANGUAGES.filter((language) => language !== 'en')) {
      const text = readFileSync(path.join(root, `docs/translations/${code}.md`), 'utf8');
      expect(text, code).toContain(
        `| Payment received | ${outcome[code].successHeading.replaceAll('|', '\\|')} |`,
      );
      expect(text, code).toContain(`| Your order | ${HOSTED_STRINGS[code].order} |`);
    }
    const arabic = readFileSync(path.join(root, 'docs/translations/ar.md'), 'utf8');
    expect(arabic).toContain(`| How do you want to pay? | ${ar.chooseHeading} |`);
    expect(arabic).toContain('written right to left');
  });

  it('fails `--check` when a file is stale or missing', () => {
    const dir = path.join(scratch, 'stale');
    cpSync(path.join(root, 'docs/translations'), dir, { recursive: true });
    const file = path.join(dir, 'ha.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('| Checkout |', '| Check out |'));
    rmSync(path.join(dir, 'am.md'));
    const run = check(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/ha\.md/);
    expect(run.stderr).toMatch(/am\.md/);
    expect(run.stderr).not.toMatch(/yo\.md/);
  }, 30_000);
});
