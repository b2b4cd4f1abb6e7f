/**
 * Temporary directories of one bench run (server state, builds, profiles), all removed at
 * its end: only the directories this run created, never a pattern.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** @type {Set<string>} */
const created = new Set();

/**
 * A new directory under the OS temp dir, removed by {@link removeTempDirs}.
 *
 * @example
 * const dir = tempDir('uc-bench-adyen-');
 * @param {string} prefix
 */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  created.add(dir);
  return dir;
}

/**
 * Marks a directory made elsewhere (e.g. the dev stack's state) for removal at the end.
 *
 * @param {string} dir
 */
export function adoptTempDir(dir) {
  created.add(dir);
}

/**
 * Removes every directory of this run (call after the servers have stopped).
 *
 * @example
 * removeTempDirs();
 */
export function removeTempDirs() {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
  created.clear();
}
