/**
 * What a local stack keeps alive: for each workerd process holding files under the stack's
 * state directory, the Durable Objects whose SQLite database it has open (one `.sqlite` file
 * descriptor per live object, per class), its open files and its resident memory. workerd
 * frees an object (and closes its database) 10 s after its last request or alarm ends, so the
 * open databases are the objects alive now.
 * @module
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** The `/proc/<pid>/fd` targets of `pid` (empty once it is gone). */
function fdTargets(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** Resident memory of `pid` in MiB. */
function rssMiB(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** How many memory mappings `pid` has (the kernel caps them at vm.max_map_count). */
function mappings(pid) {
  try {
    return readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n').length - 1;
  } catch {
    return 0;
  }
}

/** The soft limit of open files of `pid`. */
function fileLimit(pid) {
  try {
    return Number(/Max open files\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1]);
  } catch {
    return 0;
  }
}

/**
 * The live objects of the stack persisted under `persistTo`, now.
 *
 * @example
 * liveObjects('/tmp/uc-bench-stack-x'); // { objects: 12, byClass: {…}, files: 80, rssMiB: 210 }
 * @param {string} persistTo
 */
export function liveObjects(persistTo) {
  const root = path.resolve(persistTo);
  /** @type {Record<string, number>} */
  const byClass = {};
  let objects = 0;
  let files = 0;
  let rss = 0;
  let maps = 0;
  let limit = Infinity;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const targets = fdTargets(Number(name));
    if (!targets.some((t) => t.startsWith(root))) continue;
    files += targets.length;
    rss += rssMiB(Number(name));
    maps = Math.max(maps, mappings(Number(name)));
    limit = Math.min(limit, fileLimit(Number(name)));
    for (const t of targets) {
      if (!t.startsWith(root) || !t.endsWith('.sqlite') || t.endsWith('metadata.sqlite')) continue;
      const dir = path.basename(path.dirname(t));
      if (!dir.includes('-')) continue; // D1 and the like: not an object
      const cls = dir.replace(/^.*-/, '');
      byClass[cls] = (byClass[cls] ?? 0) + 1;
      objects++;
    }
  }
  return { objects, byClass, files, rssMiB: rss, maps, fileLimit: limit };
}

/**
 * The objects ever created under `persistTo`, per class (their database files on disk).
 *
 * @param {string} persistTo
 * @returns {Record<string, number>}
 */
export function objectsOnDisk(persistTo) {
  const out = {};
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith('.sqlite') &&
        entry.name !== 'metadata.sqlite' &&
        path.basename(dir).includes('-')
      ) {
        const cls = path.basename(dir).replace(/^.*-/, '');
        out[cls] = (out[cls] ?? 0) + 1;
      }
    }
  };
  walk(path.join(persistTo, 'v3', 'do'));
  return out;
}

/**
 * Samples {@link liveObjects} every `ms` until `stop()`, which answers the peak of each figure.
 *
 * @param {string} persistTo
 * @param {number} [ms]
 */
export function sampleLiveObjects(persistTo, ms = 1000) {
  const peak = { objects: 0, files: 0, rssMiB: 0, maps: 0, fileLimit: 0, byClass: {} };
  const timer = setInterval(() => {
    const now = liveObjects(persistTo);
    if (now.objects > peak.objects)
      Object.assign(peak, { objects: now.objects, byClass: now.byClass });
    peak.files = Math.max(peak.files, now.files);
    peak.rssMiB = Math.max(peak.rssMiB, now.rssMiB);
    peak.maps = Math.max(peak.maps, now.maps);
    peak.fileLimit = now.fileLimit;
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
