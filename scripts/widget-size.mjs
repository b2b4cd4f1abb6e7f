// Prints the gzip -9 size of the built widget bundle (public/widget.js: Lit + the element +
// English), and of the other bundles for reference. Exits 1 when widget.js is over budget.
//   node scripts/widget-size.mjs           human-readable lines
//   node scripts/widget-size.mjs --json    one JSON object (used by the bench)
// Build first: `npm run build:widget`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/**
 * The budget of widget.js, gzipped (DESIGN: at most 16 KB with Lit and English; aim 12 KB).
 * Raised from 16,384 B (16,374 B used) by issue 15: the phones-first additions (brand badges,
 * WebOTP, the phone number shown as it will be used, 44 px targets: 668 B) and the hosted
 * page's `initial-view` hook (32 B); the lazily loaded steps are to bring it back down.
 */
export const BUDGET_BYTES = 17_082;
export const AIM_BYTES = 12 * 1024;

/**
 * Raw and gzip -9 bytes of a file: `gzip -9 -n` (no name or time stamp in the header) when the
 * gzip program is installed, else zlib at level 9 (a few bytes more).
 */
export function measure(file) {
  const bytes = readFileSync(file);
  const gz = spawnSync('gzip', ['-9', '-n', '-c', file], { maxBuffer: 1 << 26 });
  const gzip = gz.status === 0 ? gz.stdout.length : gzipSync(bytes, { level: 9 }).length;
  return { raw: bytes.length, gzip };
}

const main = path.join(root, 'public/widget.js');
if (!existsSync(main)) {
  console.error('public/widget.js is missing: run `npm run build:widget` first.');
  process.exit(2);
}
const files = ['public/widget.js', 'public/widget.es.js'];
const translations = path.join(root, 'public/widget/translations');
if (existsSync(translations)) {
  for (const name of readdirSync(translations).sort()) {
    if (name.endsWith('.js')) files.push(`public/widget/translations/${name}`);
  }
}
const sizes = Object.fromEntries(
  files.filter((f) => existsSync(path.join(root, f))).map((f) => [f, measure(path.join(root, f))]),
);
const gzip = sizes['public/widget.js'].gzip;
const withinBudget = gzip <= BUDGET_BYTES;

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({
      widget_js_gzip: gzip,
      budget: BUDGET_BYTES,
      aim: AIM_BYTES,
      withinBudget,
      files: sizes,
    }),
  );
} else {
  for (const [file, { raw, gzip: gz }] of Object.entries(sizes)) {
    console.log(
      `${file.padEnd(36)} ${String(raw).padStart(7)} B raw  ${String(gz).padStart(6)} B gzip -9`,
    );
  }
  console.log(
    `widget.js: ${gzip} B gzipped (${(gzip / 1024).toFixed(2)} KiB); budget ${BUDGET_BYTES} B, aim ${AIM_BYTES} B: ${withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  );
}
process.exit(withinBudget ? 0 : 1);
