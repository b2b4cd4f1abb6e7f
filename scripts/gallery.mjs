// `node scripts/gallery.mjs`: the gallery of docs/gallery.md (docs/screenshots/e2e-*.png). It
// runs the end-to-end suite (test/e2e): the same payer flows, against the real proxy and sandbox
// in Chromium, whose steps marked `gallery` also save a picture of the widget. The gallery is
// replaced only when the whole suite passed, so it shows exactly what the suite checked.
// (scripts/screenshots.mjs takes the widget's own pictures: every step, language and theme.)
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const gallery = path.join(root, 'docs/screenshots');
const PREFIX = 'e2e-';
const fresh = mkdtempSync(path.join(os.tmpdir(), 'uc-gallery-'));

run('vite', ['build', '--logLevel', 'warn'], 'widget build');
run('tsc', ['-p', 'tsconfig.lib.json'], 'webhook verifier build');
process.env.E2E_GALLERY_DIR = fresh;
run('vitest', ['run', '--project', 'e2e'], 'end-to-end suite (takes the gallery pictures)');

const shots = readdirSync(fresh).filter((name) => name.endsWith('.png'));
if (shots.length === 0) {
  console.error('✖ the suite passed but took no gallery picture');
  process.exit(1);
}
mkdirSync(gallery, { recursive: true });
for (const old of readdirSync(gallery).filter((n) => n.startsWith(PREFIX) && n.endsWith('.png'))) {
  rmSync(path.join(gallery, old));
}
for (const shot of shots) copyFileSync(path.join(fresh, shot), path.join(gallery, PREFIX + shot));
rmSync(fresh, { recursive: true, force: true });
console.log(`✔ ${shots.length} pictures in docs/screenshots/${PREFIX}*.png: ${shots.join(', ')}`);
