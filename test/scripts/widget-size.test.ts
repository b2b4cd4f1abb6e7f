// The widget's size budgets (scripts/widget-size.mjs) on the built files (`npm run build:widget`
// first; npm test does): the first load in every language and all a payer can fetch within
// their budgets, the first screen needing only the page language's chunk, the steps a payer may
// never reach, the live transport and every language's strings kept out of the entry, and no
// other language's strings in any file a payer in one language fetches.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/strings/languages';
import { foreignWords } from '../widget/support/later-words';

const root = path.resolve(import.meta.dirname, '../..');

interface Report {
  first_load_gzip: Record<string, number>;
  first_load_max_gzip: number;
  first_load_budget: number;
  total_gzip: number;
  payer_total_gzip: Record<string, number>;
  payer_total_max_gzip: number;
  total_budget: number;
  withinBudget: boolean;
  files: Record<string, { raw: number; gzip: number }>;
}

function report(): { status: number | null; json: Report } {
  const run = spawnSync(process.execPath, ['scripts/widget-size.mjs', '--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status === 2) throw new Error(run.stderr);
  return { status: run.status, json: JSON.parse(run.stdout) as Report };
}

describe('widget size', () => {
  it('keeps the first load and all a payer can fetch (every language) within their budgets', () => {
    const { status, json } = report();
    expect(json.first_load_max_gzip).toBeLessThanOrEqual(json.first_load_budget);
    expect(json.payer_total_max_gzip).toBeLessThanOrEqual(json.total_budget);
    expect(Object.keys(json.payer_total_gzip).sort()).toEqual([...LANGUAGES].sort());
    expect(json.withinBudget).toBe(true);
    expect(status).toBe(0);
    // Every language of the strings, English too, is the loader, the module and that
    // language's chunk, and each is within the budget (the worst is).
    expect(Object.keys(json.first_load_gzip).sort()).toEqual([...LANGUAGES].sort());
    const { gzip: loader } = json.files['public/widget.js']!;
    const { gzip: entry } = json.files['public/widget.es.js']!;
    for (const language of LANGUAGES) {
      const chunk = Object.entries(json.files).find(([file]) =>
        new RegExp(`/widget/${language}-`).test(file),
      )!;
      expect(json.first_load_gzip[language], language).toBe(loader + entry + chunk[1].gzip);
    }
  });

  it('keeps the later steps, the transport and the other languages out of the entry', () => {
    const entry = readFileSync(path.join(root, 'public/widget.es.js'), 'utf8');
    const { json } = report();
    const chunks = Object.keys(json.files).map((file) => path.basename(file).replace(/-.*/, ''));
    for (const chunk of ['otp', 'transfer', 'redirect', 'approve', 'outcome', 'transport']) {
      expect(chunks, chunk).toContain(chunk);
    }
    for (const language of LANGUAGES) expect(chunks).toContain(language);
    expect(entry).not.toContain('one-time-code'); // the OTP field
    expect(entry).not.toContain('part="details"'); // the bank transfer's account
    expect(entry).not.toContain('How do you want to pay?'); // English
    expect(entry).not.toContain('Comment souhaitez-vous payer'); // French
    expect(entry).not.toMatch(/new WebSocket/); // the live transport
    expect(entry).not.toContain('unified-checkout:return'); // the redirect popup's report
    expect(entry).not.toMatch(/`(success|failure|expired):\$\{/); // the outcome events' dispatch
    expect(entry).not.toContain('setInterval'); // the countdowns' clock
  });

  it("gives a payer in one language no other language's strings, whatever step they reach", () => {
    const files = [
      'widget.js',
      'widget.es.js',
      ...readdirSync(path.join(root, 'public/widget'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => `widget/${name}`),
    ];
    const text = (file: string) => readFileSync(path.join(root, 'public', file), 'utf8');
    /** A language's own chunks: its first screens' (`<code>-…`) and later strings' (`later-<code>-…`). */
    const own = (language: string, file: string) =>
      new RegExp(`^widget/(later-)?${language}-[\\w-]+\\.js$`).test(file);
    for (const language of LANGUAGES) {
      const fetched = files.filter(
        (file) => !LANGUAGES.some((other) => other !== language && own(other, file)),
      );
      const found = foreignWords(language, fetched.map(text).join('\n'));
      expect(found, `files a payer in ${language} fetches`).toEqual([]);
    }
  });
});
