// What the size checks of the built bundles share (scripts/widget-size.mjs,
// scripts/console-size.mjs): a file's gzip -9 size, and a file with what it statically imports.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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

/**
 * `file` (relative to `root`) and what it statically imports, recursively, added to `seen`.
 * Static imports only (`import{…}from"./x.js"`, `import"./x.js"`); import("./x.js") is on demand.
 */
export function withStaticImports(root, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(root, file), 'utf8');
  for (const [, spec] of code.matchAll(
    /\bimport\s*(?:[\w${},\s*]+from\s*)?["'`](\.[^"'`]+)["'`]/g,
  )) {
    withStaticImports(root, path.posix.join(path.posix.dirname(file), spec), seen);
  }
  return seen;
}
