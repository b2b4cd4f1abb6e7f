// The console's size budgets (scripts/console-size.mjs) on the built files (`npm run
// build:widget` first; npm test does): the first load on any page within 60 KB gzip, each
// further page within 20 KB, and every page of the app's table measured.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Report {
  entry_gzip: number;
  pages: Record<string, { first_load_gzip: number; page_gzip: number; files: string[] }>;
  first_load_max_gzip: number;
  first_load_budget: number;
  page_max_gzip: number;
  page_budget: number;
  withinBudget: boolean;
}

function report(): { status: number | null; json: Report } {
  const run = spawnSync(process.execPath, ['scripts/console-size.mjs', '--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status === 2) throw new Error(run.stderr);
  return { status: run.status, json: JSON.parse(run.stdout) as Report };
}

describe('console size', () => {
  it('keeps the first load within 60 KB gzip and each further page within 20 KB', () => {
    const { status, json } = report();
    expect(json.first_load_budget).toBe(60 * 1024);
    expect(json.page_budget).toBe(20 * 1024);
    for (const [page, sizes] of Object.entries(json.pages)) {
      expect(sizes.first_load_gzip, page).toBeLessThanOrEqual(json.first_load_budget);
      expect(sizes.page_gzip, page).toBeLessThanOrEqual(json.page_budget);
      // The first load on a page is the entry's files and the page's own.
      expect(sizes.first_load_gzip, page).toBe(json.entry_gzip + sizes.page_gzip);
    }
    expect(json.withinBudget).toBe(true);
    expect(status).toBe(0);
  });

  it('measures every page of the app, each its own chunk', () => {
    const { json } = report();
    const table = readFileSync(path.join(root, 'console/index.ts'), 'utf8');
    const pages = [...table.matchAll(/import\('\.\/pages\/([\w-]+)'\)/g)].map(([, p]) => p);
    // Payments loads the list and the payment's page together: one page, two chunks.
    const measured = Object.entries(json.pages).flatMap(([, p]) =>
      p.files.map((f) => path.basename(f).replace(/-.*/, '')),
    );
    expect(Object.keys(json.pages)).toHaveLength(table.match(/\bpath: '/g)!.length);
    for (const page of pages) expect(measured, page).toContain(page);
  });
});
