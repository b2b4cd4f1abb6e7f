// Prints the gzip -9 sizes of the built console (console/, docs/console.md) and checks its
// budgets. Exits 1 when over one.
//   node scripts/console-size.mjs           human-readable lines
//   node scripts/console-size.mjs --json    one JSON object
// Build first: `npm run build:widget` (the console is built beside the widget).
//
// A page is what one entry of the app's page table loads (console/index.ts: `load: () =>
// import(…)`; Payments loads the list and the payment's page together). Its first load is
// what a person who opens the console on that page fetches: the entry public/console/assets/
// console.js with its static imports (Lit, the shared styles and strings), then the page's
// chunks with theirs. A further page is what opening it adds to the entry's files. Styles are
// adopted stylesheets inside the JavaScript: there is no CSS file to add.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { measure, withStaticImports as staticImports } from './bundle-size.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The ceiling of the first page, JavaScript and CSS: 60 KB gzip. */
export const FIRST_LOAD_BUDGET = 60 * 1024;
/** The ceiling of each further page: 20 KB gzip. */
export const PAGE_BUDGET = 20 * 1024;

const dir = 'public/console/assets';
const entry = `${dir}/console.js`;
if (!existsSync(path.join(root, entry))) {
  console.error(`${entry} is missing: run \`npm run build:widget\`.`);
  process.exit(2);
}

/** `file` and what it statically imports, recursively. */
const withStaticImports = (file, seen) => staticImports(root, file, seen);

const files = readdirSync(path.join(root, dir))
  .filter((name) => name.endsWith('.js'))
  .sort()
  .map((name) => `${dir}/${name}`);
const sizes = Object.fromEntries(files.map((f) => [f, measure(path.join(root, f))]));
const sum = (list) => [...list].reduce((total, f) => total + sizes[f].gzip, 0);

// The page table's entries, in the order of the table: the chunks each `load` imports.
const code = readFileSync(path.join(root, entry), 'utf8');
const pages = {};
for (const segment of code.split(/\bload\s*:/).slice(1)) {
  const loads = segment.slice(0, segment.indexOf('}'));
  const chunks = [...loads.matchAll(/\bimport\(\s*["'`](\.[^"'`]+)["'`]\s*\)/g)].map(([, spec]) =>
    path.posix.join(dir, spec),
  );
  if (chunks.length === 0) continue;
  pages[path.basename(chunks[0]).replace(/-.*/, '')] = chunks;
}

const entryFiles = withStaticImports(entry);
const report = {};
for (const [page, chunks] of Object.entries(pages)) {
  const needed = new Set();
  for (const chunk of chunks) withStaticImports(chunk, needed);
  const added = [...needed].filter((f) => !entryFiles.has(f));
  report[page] = {
    first_load_gzip: sum(new Set([...entryFiles, ...added])),
    page_gzip: sum(added),
    files: added,
  };
}
const firstLoadMax = Math.max(...Object.values(report).map((p) => p.first_load_gzip));
const pageMax = Math.max(...Object.values(report).map((p) => p.page_gzip));
const withinBudget = firstLoadMax <= FIRST_LOAD_BUDGET && pageMax <= PAGE_BUDGET;

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({
      entry_gzip: sum(entryFiles),
      entry_files: [...entryFiles],
      pages: report,
      first_load_max_gzip: firstLoadMax,
      first_load_budget: FIRST_LOAD_BUDGET,
      page_max_gzip: pageMax,
      page_budget: PAGE_BUDGET,
      withinBudget,
      files: sizes,
    }),
  );
} else {
  for (const [file, { raw, gzip }] of Object.entries(sizes)) {
    console.log(
      `${file.padEnd(48)} ${String(raw).padStart(7)} B raw  ${String(gzip).padStart(6)} B gzip -9`,
    );
  }
  console.log(`entry and its imports: ${sum(entryFiles)} B gzipped`);
  for (const [page, { first_load_gzip, page_gzip }] of Object.entries(report)) {
    console.log(
      `${page.padEnd(10)} first load ${first_load_gzip} B, as a further page ${page_gzip} B`,
    );
  }
  console.log(
    `first load, largest: ${firstLoadMax} B; budget ${FIRST_LOAD_BUDGET} B\n` +
      `further page, largest: ${pageMax} B; budget ${PAGE_BUDGET} B\n` +
      (withinBudget ? 'within budget' : 'OVER BUDGET'),
  );
}
process.exit(withinBudget ? 0 : 1);
